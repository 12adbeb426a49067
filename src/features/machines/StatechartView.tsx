import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { alpha, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { DrawnChart, DrawnState } from './statechart-graph';

export interface StatechartViewProps {
  drawn: DrawnChart;
  /** Ids of the active state nodes (all of them, parents included). */
  activeIds: ReadonlySet<string>;
  selectedId?: string | null;
  /** Tapping a state selects it; without this the chart is read-only. */
  onSelectState?: (id: string) => void;
  /** What the chart shows, for screen readers. */
  label: string;
}

interface View {
  k: number;
  x: number;
  y: number;
}

const MIN_K = 0.2;
const MAX_K = 3;
const DRAG_THRESHOLD = 5;

const clampK = (k: number) => Math.min(MAX_K, Math.max(MIN_K, k));

function fitView(drawn: DrawnChart, width: number, height: number): View {
  if (width <= 0 || height <= 0 || drawn.width <= 0) return { k: 1, x: 0, y: 0 };
  const k = clampK(Math.min(width / drawn.width, height / drawn.height) * 0.98);
  return { k, x: (width - drawn.width * k) / 2, y: (height - drawn.height * k) / 2 };
}


/** Zooms by `factor` about the point (px, py) of the viewport. */
function zoomAbout(view: View, factor: number, px: number, py: number): View {
  const k = clampK(view.k * factor);
  const f = k / view.k;
  return { k, x: px - (px - view.x) * f, y: py - (py - view.y) * f };
}

/** The size of an element: measured once laid out, before the first paint (so the chart never
 * shows unfitted), then followed with ResizeObserver (0×0 where there is none, as in jsdom). */
function useSize(ref: React.RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const rect = ref.current?.getBoundingClientRect();
    if (rect && rect.width > 0 && rect.height > 0) setSize({ width: rect.width, height: rect.height });
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * A laid-out statechart as SVG: states as rounded boxes (parents around their children), initial
 * states marked with a dot and an arrow, final states with a double border, the active states
 * highlighted, transitions as arrows with their labels. Drag (mouse or one finger) pans, the wheel
 * and a two-finger pinch zoom, and the +, − and fit buttons do the same for everyone else.
 */
export function StatechartView({ drawn, activeIds, selectedId = null, onSelectState, label }: StatechartViewProps) {
  const { t } = useTranslation('machines');
  const theme = useTheme();
  const boxRef = useRef<HTMLDivElement | null>(null);
  const size = useSize(boxRef);
  // null: the whole chart fitted to the view, refitted whenever the view's size changes (a wider
  // window, the side column moving below), until the user pans or zooms; Fit returns to it.
  const [userView, setUserView] = useState<View | null>(null);
  const view = userView ?? fitView(drawn, size.width, size.height);
  const viewRef = useRef(view);
  viewRef.current = view;

  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const dragged = useRef(false);
  const start = useRef<{ x: number; y: number } | null>(null);

  // The wheel zooms; React's wheel listener is passive and could not keep the page from scrolling.
  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      setUserView(zoomAbout(viewRef.current, Math.exp(-e.deltaY * 0.0015), e.clientX - rect.left, e.clientY - rect.top));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const local = (e: PointerEvent) => {
    const rect = boxRef.current!.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size === 1) {
      start.current = p;
      dragged.current = false;
    }
  };

  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const before = pointers.current.get(e.pointerId);
    if (!before) return;
    const p = local(e);
    if (pointers.current.size === 1) {
      if (!dragged.current && start.current && Math.hypot(p.x - start.current.x, p.y - start.current.y) < DRAG_THRESHOLD) return;
      if (!dragged.current) {
        dragged.current = true;
        // Captured only once it is a drag, so a tap still clicks the state under it.
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }
      pointers.current.set(e.pointerId, p);
      const v = viewRef.current;
      setUserView({ ...v, x: v.x + p.x - before.x, y: v.y + p.y - before.y });
      return;
    }
    // Two fingers: scale by the change of their distance about their midpoint, and follow it.
    const other = [...pointers.current.entries()].find(([id]) => id !== e.pointerId)?.[1];
    pointers.current.set(e.pointerId, p);
    if (!other) return;
    dragged.current = true;
    const d0 = Math.hypot(before.x - other.x, before.y - other.y);
    const d1 = Math.hypot(p.x - other.x, p.y - other.y);
    const m0 = { x: (before.x + other.x) / 2, y: (before.y + other.y) / 2 };
    const m1 = { x: (p.x + other.x) / 2, y: (p.y + other.y) / 2 };
    const zoomed = zoomAbout(viewRef.current, d0 > 0 ? d1 / d0 : 1, m0.x, m0.y);
    setUserView({ ...zoomed, x: zoomed.x + m1.x - m0.x, y: zoomed.y + m1.y - m0.y });
  };

  const onPointerEnd = (e: PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) start.current = null;
  };

  const zoomButton = (factor: number) => setUserView(zoomAbout(view, factor, size.width / 2, size.height / 2));

  const select = (id: string) => {
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    onSelectState?.(id);
  };

  const stateName = (s: DrawnState) => {
    const marks = [
      s.state.initial && s.depth > 0 ? t('chart.initial') : null,
      s.state.kind === 'final' ? t('chart.final') : null,
      activeIds.has(s.state.id) ? t('chart.active') : null,
    ].filter(Boolean);
    return [t('chart.state', { name: s.state.key }), ...marks].join(', ');
  };

  const palette = theme.palette;
  const stroke = palette.text.secondary;
  const fillFor = (depth: number) => (depth % 2 === 0 ? palette.background.paper : alpha(palette.text.primary, 0.04));
  const fontFamily = theme.typography.fontFamily;

  return (
    <Box
      ref={boxRef}
      sx={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', bgcolor: 'background.default', borderRadius: 1 }}
    >
      <svg
        role="group"
        aria-label={label}
        width="100%"
        height="100%"
        style={{ display: 'block', touchAction: 'none', cursor: 'grab', userSelect: 'none', fontFamily }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        data-testid="statechart"
      >
        <defs>
          <marker id="statechart-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={stroke} />
          </marker>
        </defs>
        <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
          {drawn.states.map((s) => {
            const active = activeIds.has(s.state.id);
            const selected = selectedId === s.state.id;
            const compound = s.state.children.length > 0;
            return (
              <g
                key={s.state.id}
                role={onSelectState ? 'button' : 'img'}
                tabIndex={onSelectState ? 0 : undefined}
                aria-label={stateName(s)}
                aria-pressed={onSelectState ? selected : undefined}
                data-state-id={s.state.id}
                data-active={active || undefined}
                style={{ cursor: onSelectState ? 'pointer' : 'default', outline: 'none' }}
                onClick={(e) => {
                  e.stopPropagation();
                  select(s.state.id);
                }}
                onKeyDown={(e: KeyboardEvent) => {
                  if (onSelectState && (e.key === 'Enter' || e.key === ' ')) {
                    e.preventDefault();
                    onSelectState(s.state.id);
                  }
                }}
              >
                <rect
                  x={s.x}
                  y={s.y}
                  width={s.width}
                  height={s.height}
                  rx={10}
                  fill={active ? alpha(palette.primary.main, compound ? 0.08 : 0.2) : fillFor(s.depth)}
                  stroke={selected ? palette.secondary.main : active ? palette.primary.main : stroke}
                  strokeWidth={active || selected ? 3 : s.state.initial && s.depth > 0 ? 2 : 1}
                  strokeDasharray={selected ? '6 3' : undefined}
                />
                {s.state.kind === 'final' ? (
                  <rect x={s.x + 4} y={s.y + 4} width={s.width - 8} height={s.height - 8} rx={7} fill="none" stroke={stroke} strokeWidth={1} />
                ) : null}
                <text x={s.x + 12} y={s.y + 18} fontSize={12.5} fontWeight={active ? 700 : 600} fill={palette.text.primary}>
                  {s.state.key}
                </text>
                {s.state.notes.map((note, i) => (
                  <text key={i} x={s.x + 12} y={s.y + 36 + i * 16} fontSize={11} fill={palette.text.secondary}>
                    {note}
                  </text>
                ))}
              </g>
            );
          })}
          {drawn.initialDots.map((p, i) => (
            <circle key={i} cx={p.x} cy={p.y} r={5} fill={palette.text.primary} />
          ))}
          {drawn.edges.map((e) => (
            <g key={e.id} pointerEvents="none">
              <polyline
                points={e.points.map((p) => `${p.x},${p.y}`).join(' ')}
                fill="none"
                stroke={stroke}
                strokeWidth={1.3}
                markerEnd="url(#statechart-arrow)"
              />
              {e.label ? (
                <>
                  <rect x={e.label.x - 2} y={e.label.y} width={e.label.width} height={e.label.height} rx={3} fill={palette.background.paper} opacity={0.9} />
                  <text x={e.label.x + 1} y={e.label.y + 12} fontSize={11} fill={palette.text.primary}>
                    {e.label.text}
                  </text>
                </>
              ) : null}
            </g>
          ))}
        </g>
      </svg>
      <ButtonGroup
        orientation="vertical"
        variant="contained"
        color="inherit"
        aria-label={t('zoom.group')}
        sx={{ position: 'absolute', top: 8, right: 8, '& .MuiButton-root': { minWidth: 44, minHeight: 44, px: 1, fontSize: 18 } }}
      >
        <Button aria-label={t('zoom.in')} onClick={() => zoomButton(1.25)}>
          +
        </Button>
        <Button aria-label={t('zoom.out')} onClick={() => zoomButton(0.8)}>
          −
        </Button>
        <Button aria-label={t('zoom.fit')} onClick={() => setUserView(null)} sx={{ fontSize: '12px !important' }}>
          {t('zoom.fit_short')}
        </Button>
      </ButtonGroup>
    </Box>
  );
}
