/**
 * Laid-out charts, one promise per machine, language and layout engine, so React's `use()` can
 * wait for the layout under Suspense and every later render (a step, a zoom) reuses it. The
 * promise never rejects: a failed layout resolves with its error for the view to show.
 */
import type { AnyStateMachine } from 'xstate';
import type { Translate } from './event-labels';
import type { LayoutFn } from './layout-engine';
import { chartOf, drawnChart, toElkGraph, type Chart, type DrawnChart } from './statechart-graph';

export type LoadedChart = { chart: Chart; drawn: DrawnChart; error: null } | { chart: Chart; drawn: null; error: string };

const cache = new WeakMap<LayoutFn, WeakMap<AnyStateMachine, Map<string, Promise<LoadedChart>>>>();

export function loadChart(machine: AnyStateMachine, language: string, t: Translate, layout: LayoutFn): Promise<LoadedChart> {
  let byMachine = cache.get(layout);
  if (!byMachine) cache.set(layout, (byMachine = new WeakMap()));
  let byLanguage = byMachine.get(machine);
  if (!byLanguage) byMachine.set(machine, (byLanguage = new Map()));
  const cached = byLanguage.get(language);
  if (cached) return cached;
  const chart = chartOf(machine, t);
  const promise = layout(toElkGraph(chart)).then(
    (laid): LoadedChart => ({ chart, drawn: drawnChart(chart, laid), error: null }),
    (err: unknown): LoadedChart => ({ chart, drawn: null, error: err instanceof Error ? err.message : String(err) }),
  );
  byLanguage.set(language, promise);
  return promise;
}
