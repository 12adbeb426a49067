import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LineChart, type LineSeries } from '@mui/x-charts/LineChart';
import { useDrawingArea, useXScale } from '@mui/x-charts/hooks';
import type { ResponseOf } from '../../../contract/api/define';
import type { trend as trendCall } from '../../../contract/api/data';
import { CHART_REDRAW_DEBOUNCE_MS } from '../../../contract/rules/data';

type Trend = ResponseOf<typeof trendCall>;

/** Half the width of the widest time label the axis shows, in px. */
const TIME_LABEL_HALF_WIDTH = 44;

/** The width of `ref`'s box, followed as it is resized but at most once per debounce (§9). */
function useDebouncedWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    setWidth(el.clientWidth);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(el.clientWidth), CHART_REDRAW_DEBOUNCE_MS);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref]);
  return width;
}

/** Drag across the plot to zoom to that span: a band follows the pointer, and the span (in the
 * axis's times) is handed to `onZoom` when the pointer is released. A click without a drag does
 * nothing. Drawn inside the chart's SVG, over its drawing area. */
function ZoomBrush({ onZoom, label }: { onZoom(from: number, to: number): void; label: string }) {
  const area = useDrawingArea();
  const scale = useXScale<'time'>();
  const [drag, setDrag] = useState<{ x0: number; x1: number } | null>(null);
  const xOf = (e: ReactPointerEvent<SVGRectElement>) => {
    const svg = (e.currentTarget.ownerSVGElement ?? e.currentTarget) as SVGGraphicsElement;
    const box = svg.getBoundingClientRect();
    return Math.min(area.left + area.width, Math.max(area.left, e.clientX - box.left));
  };
  return (
    <g>
      <rect
        x={area.left}
        y={area.top}
        width={Math.max(0, area.width)}
        height={Math.max(0, area.height)}
        fill="transparent"
        style={{ cursor: 'crosshair', touchAction: 'none' }}
        aria-label={label}
        data-testid="zoom-brush"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const x = xOf(e);
          setDrag({ x0: x, x1: x });
        }}
        onPointerMove={(e) => drag && setDrag({ ...drag, x1: xOf(e) })}
        onPointerUp={() => {
          if (drag && Math.abs(drag.x1 - drag.x0) >= 8) {
            const a = scale.invert(Math.min(drag.x0, drag.x1)).getTime();
            const b = scale.invert(Math.max(drag.x0, drag.x1)).getTime();
            onZoom(Math.round(a), Math.round(b));
          }
          setDrag(null);
        }}
        onPointerCancel={() => setDrag(null)}
      />
      {drag ? (
        <rect x={Math.min(drag.x0, drag.x1)} y={area.top} width={Math.abs(drag.x1 - drag.x0)} height={area.height} fill="currentColor" opacity={0.12} pointerEvents="none" />
      ) : null}
    </g>
  );
}

/**
 * A data log's trend: per tag the last value of each point as a line, and the band from the
 * lowest to the highest value in the point's records shaded behind it, so a spike one record
 * long still shows at any range. Times on a time axis; drag to zoom.
 */
export default function TrendChart({
  trend,
  formatTime,
  formatValue,
  onZoom,
  brushLabel,
  height = 360,
}: {
  trend: Trend;
  formatTime(ms: number, short: boolean): string;
  formatValue(v: number | null): string;
  onZoom(from: number, to: number): void;
  brushLabel: string;
  height?: number;
}) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const width = useDebouncedWidth(box);
  const palette = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.success.main, theme.palette.warning.main, theme.palette.info.main, theme.palette.error.main];

  const { times, series } = useMemo(() => {
    const first = trend.series[0]?.points ?? [];
    const times = first.map((p) => new Date(p[0]));
    const series: LineSeries[] = [];
    trend.series.forEach((s, i) => {
      const color = palette[i % palette.length]!;
      const min = s.points.map((p) => p[1]);
      const max = s.points.map((p) => p[2]);
      const last = s.points.map((p) => p[3]);
      // The band: the min as the base of a stack, the max above it as a shaded area.
      series.push({ id: `${s.tag}-min`, data: min, stack: s.tag, color, showMark: false, disableHighlight: true, label: undefined, valueFormatter: () => null });
      series.push({
        id: `${s.tag}-band`,
        data: max.map((hi, k) => (hi === null || min[k] === null ? null : hi - min[k]!)),
        stack: s.tag,
        area: true,
        color,
        showMark: false,
        disableHighlight: true,
        valueFormatter: (_v, { dataIndex }) => `${formatValue(min[dataIndex] ?? null)} – ${formatValue(max[dataIndex] ?? null)}`,
      });
      series.push({ id: `${s.tag}-last`, data: last, label: s.tag, color, showMark: false, valueFormatter: (v) => formatValue(v) });
    });
    return { times, series };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trend, theme, formatValue]);

  return (
    <Box ref={box} sx={{ width: '100%', minHeight: height, '& .MuiAreaElement-root': { fillOpacity: 0.18 }, '& .MuiLineElement-root[data-series$="-min"], & .MuiLineElement-root[data-series$="-band"]': { strokeOpacity: 0.35, strokeWidth: 1 } }}>
      {width > 0 ? (
        <LineChart
          width={width}
          height={height}
          skipAnimation
          series={series}
          xAxis={[{ data: times, scaleType: 'time', valueFormatter: (d: Date, ctx) => formatTime(d.getTime(), ctx.location === 'tick') }]}
          yAxis={[{ width: 64 }]}
          // Room right of the plot for half of the widest time label (YYYY/MM/DD, MM/DD HH:mm), so
          // the label of a tick at the range's end is shown whole, not cut to "13:0…".
          margin={{ right: TIME_LABEL_HALF_WIDTH }}
          grid={{ horizontal: true }}
          slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
        >
          <ZoomBrush onZoom={onZoom} label={brushLabel} />
        </LineChart>
      ) : null}
    </Box>
  );
}
