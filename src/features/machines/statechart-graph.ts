/**
 * A machine's statechart as a graph ELK can lay out, and ELK's answer as boxes and arrows to draw.
 *
 * Every state node is an ELK node; a state with children is a compound node holding them, so
 * ELK draws parents around their children. Every transition with a target is an edge labelled
 * with its event (guard in brackets, delays as "after 3000 ms", invocation results as
 * "done: id"); transitions without a target (they only run actions) are listed inside their
 * state's box. The initial child of a compound state gets a small dot with an arrow to it.
 *
 * Only types come from elkjs here: the layout itself runs in a Web Worker (layout.worker.ts).
 */
import type { ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { eventTypeLabel, guardName, type Translate } from './event-labels';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  /** The state node's id (`machineId.parent.child`). */
  id: string;
  key: string;
  kind: StateKind;
  /** Whether it is the initial child of its parent. */
  initial: boolean;
  /** Invocations (`invoke: changePassword`) and targetless transitions, one line each. */
  notes: string[];
  children: ChartState[];
  /** Id of the initial child, if any. */
  initialChild: string | null;
}

export interface ChartTransition {
  id: string;
  source: string;
  target: string;
  eventType: string;
  label: string;
}

export interface Chart {
  machineId: string;
  root: ChartState;
  transitions: ChartTransition[];
}

const CHAR_WIDTH = 7;
const LABEL_CHAR_WIDTH = 6.4;
const LINE_HEIGHT = 16;
export const STATE_TITLE_HEIGHT = 26;
const INITIAL_DOT = 10;

function transitionLabel(t: AnyTransitionDefinition, translate: Translate): string {
  const base = eventTypeLabel(t.eventType, translate);
  const guard = guardName(t.guard);
  return guard ? `${base} [${guard}]` : base;
}

function allTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  const list: AnyTransitionDefinition[] = [];
  for (const [, ts] of node.transitions) list.push(...ts);
  if (node.always) list.push(...node.always);
  return list;
}

/** The chart of a machine: its state tree and its transitions, labelled in the chosen language. */
export function chartOf(machine: AnyStateMachine, translate: Translate): Chart {
  const transitions: ChartTransition[] = [];
  const visit = (node: AnyStateNode, initial: boolean): ChartState => {
    const notes: string[] = node.invoke.map((inv) => translate('chart.invoke', { id: inv.id }));
    for (const t of allTransitions(node)) {
      const targets = t.target ?? [];
      if (targets.length === 0) {
        notes.push(translate('chart.internal', { label: transitionLabel(t, translate) }));
        continue;
      }
      for (const target of targets) {
        transitions.push({
          id: `e${transitions.length}`,
          source: node.id,
          target: target.id,
          eventType: t.eventType,
          label: transitionLabel(t, translate),
        });
      }
    }
    const initialChild = node.type === 'compound' ? (node.initial?.target[0]?.id ?? null) : null;
    const children = Object.values(node.states as Record<string, AnyStateNode>).map((child) => visit(child, child.id === initialChild));
    return { id: node.id, key: node.key, kind: node.type, initial, notes, children, initialChild };
  };
  const root = visit(machine.root, true);
  return { machineId: machine.id, root, transitions };
}

/** Every state of the chart, parents before children. */
export function chartStates(chart: Chart): ChartState[] {
  const out: ChartState[] = [];
  const walk = (s: ChartState) => {
    out.push(s);
    s.children.forEach(walk);
  };
  walk(chart.root);
  return out;
}

function textWidth(text: string, charWidth = CHAR_WIDTH): number {
  // CJK characters are about twice as wide as Latin ones.
  let units = 0;
  for (const ch of text) units += /[\u1100-\uffff]/.test(ch) ? 1.9 : 1;
  return Math.ceil(units * charWidth);
}

const initialDotId = (parentId: string) => `${parentId}#initial`;
const initialEdgeId = (parentId: string) => `${parentId}#initial-edge`;

/** The ELK input: compound nodes for compound states, one edge per transition, sizes estimated from
 * the texts. All edges sit at the root and hierarchy is handled across levels. */
export function toElkGraph(chart: Chart): ElkNode {
  const edges: ElkExtendedEdge[] = [];
  const node = (s: ChartState): ElkNode => {
    const title = s.key;
    const lines = [title, ...s.notes];
    const width = Math.max(...lines.map((l, i) => textWidth(l, i === 0 ? CHAR_WIDTH + 0.6 : LABEL_CHAR_WIDTH))) + 28;
    if (s.children.length === 0) {
      return { id: s.id, width: Math.max(width, 90), height: STATE_TITLE_HEIGHT + 12 + s.notes.length * LINE_HEIGHT };
    }
    const children = s.children.map(node);
    if (s.initialChild) {
      children.unshift({ id: initialDotId(s.id), width: INITIAL_DOT, height: INITIAL_DOT });
      edges.push({ id: initialEdgeId(s.id), sources: [initialDotId(s.id)], targets: [s.initialChild] });
    }
    return {
      id: s.id,
      children,
      layoutOptions: {
        'elk.padding': `[top=${STATE_TITLE_HEIGHT + 8 + s.notes.length * LINE_HEIGHT},left=14,bottom=14,right=14]`,
        'elk.nodeSize.minimum': `(${width}, 40)`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      },
    };
  };
  const root = node(chart.root);
  for (const t of chart.transitions) {
    edges.push({
      id: t.id,
      sources: [t.source],
      targets: [t.target],
      labels: [{ id: `${t.id}-label`, text: t.label, width: textWidth(t.label, LABEL_CHAR_WIDTH) + 6, height: 16 }],
    });
  }
  return {
    id: '#graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '44',
      'elk.spacing.nodeNode': '32',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '16',
      'elk.layered.spacing.edgeNodeBetweenLayers': '16',
      'elk.edgeLabels.inline': 'false',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [root],
    edges,
  };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DrawnState extends Box {
  state: ChartState;
  depth: number;
}

export interface DrawnEdge {
  id: string;
  /** Polyline points, start to end (absolute). */
  points: ElkPoint[];
  label: (Box & { text: string }) | null;
  /** The small arrow from a parent's initial dot to its initial child. */
  initialMarker: boolean;
}

export interface DrawnChart {
  width: number;
  height: number;
  states: DrawnState[];
  /** The initial dots, absolute centres. */
  initialDots: ElkPoint[];
  edges: DrawnEdge[];
}

/** Reads ELK's answer (absolute coordinates: `elk.json.shapeCoords` and `edgeCoords` ROOT) into
 * boxes and polylines, parents before children so children are drawn on top. */
export function drawnChart(chart: Chart, laid: ElkNode): DrawnChart {
  const byId = new Map<string, ChartState>(chartStates(chart).map((s) => [s.id, s]));
  const states: DrawnState[] = [];
  const initialDots: ElkPoint[] = [];
  const walk = (n: ElkNode, depth: number) => {
    const state = byId.get(n.id);
    const box = { x: n.x ?? 0, y: n.y ?? 0, width: n.width ?? 0, height: n.height ?? 0 };
    if (state) states.push({ ...box, state, depth });
    else if (n.id.endsWith('#initial')) initialDots.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    for (const c of n.children ?? []) walk(c, state ? depth + 1 : depth);
  };
  walk(laid, 0);
  const edges: DrawnEdge[] = [];
  const collect = (n: ElkNode) => {
    for (const e of n.edges ?? []) {
      const points: ElkPoint[] = [];
      for (const s of e.sections ?? []) {
        if (points.length === 0) points.push(s.startPoint);
        points.push(...(s.bendPoints ?? []), s.endPoint);
      }
      const l = e.labels?.[0];
      edges.push({
        id: e.id,
        points,
        initialMarker: e.id.endsWith('#initial-edge'),
        label: l ? { x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0, text: l.text ?? '' } : null,
      });
    }
    for (const c of n.children ?? []) collect(c);
  };
  collect(laid);
  return { width: laid.width ?? 0, height: laid.height ?? 0, states, initialDots, edges };
}

/** The ids of the state nodes a state value makes active: every level, parents included. */
export function activeStateIds(machine: AnyStateMachine, value: unknown): Set<string> {
  const ids = new Set<string>([machine.root.id]);
  const walk = (node: AnyStateNode, v: unknown) => {
    const states = node.states as Record<string, AnyStateNode>;
    if (typeof v === 'string') {
      const child = states[v];
      if (child) ids.add(child.id);
    } else if (v && typeof v === 'object') {
      for (const [key, sub] of Object.entries(v)) {
        const child = states[key];
        if (!child) continue;
        ids.add(child.id);
        walk(child, sub);
      }
    }
  };
  walk(machine.root, value);
  return ids;
}

/** A state value as text: `protocol`, `live.open`, parallel regions joined by commas. */
export function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, sub]) => {
        const rest = stateValueText(sub);
        return rest ? `${key}.${rest}` : key;
      })
      .join(', ');
  }
  return '';
}
