import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The samples' stamps (ISO), oldest first. */
  times: readonly string[];
  series: readonly { label: string; values: readonly number[] }[];
  /** A value as the language writes it, with its unit. */
  format(value: number): string;
  /** The axis's top (100 for a share), else from the values. */
  max?: number;
}

/** One small live chart of the Live section (@mui/x-charts, its own chunk): no animation, so a new
 * sample every 2 s redraws at once; it fills its box. */
export default function LiveChart({ times, series, format, max }: Props) {
  const theme = useTheme();
  const { i18n } = useTranslation();
  const palette = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.success.main];
  const time = useMemo(() => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }), [i18n.language]);
  return (
    <LineChart
      skipAnimation
      xAxis={[{ data: times.map((at) => new Date(at)), scaleType: 'time', valueFormatter: (d: Date) => time.format(d), tickNumber: 3 }]}
      yAxis={[{ min: 0, ...(max === undefined ? {} : { max }), width: 72, valueFormatter: (v: number) => format(v), tickNumber: 3 }]}
      series={series.map((s, i) => ({ data: [...s.values], label: s.label, color: palette[i % palette.length], showMark: false, valueFormatter: (v: number | null) => (v === null ? '' : format(v)) }))}
      grid={{ horizontal: true }}
      margin={{ top: 8, right: 8, bottom: 4, left: 4 }}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
    />
  );
}
