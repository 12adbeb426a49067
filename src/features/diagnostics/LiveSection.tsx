import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LiveSample } from '../../../contract/api/diagnostics';
import { useDiagnosticsLiveQuery } from '../../../store/api/diagnostics-endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { SectionCard } from '../../components/SectionCard';
import { formatBytes } from '../../i18n/format';
import { numberFormat } from '../../i18n/numbers';
import { LIVE_POLL_MS, useLiveHistory } from './live-history';
import { DIAGNOSTICS_NS } from './texts';

// The charts (@mui/x-charts) load once the first sample is in, apart from the screen's chunk.
const LiveChart = lazy(() => import(/* webpackChunkName: "diagnostics-chart" */ './LiveChart'));

type Series = { label: string; values: number[] };

interface Panel {
  id: string;
  title: string;
  /** The figures under the title, as the language writes them. */
  now: string[];
  series: Series[];
  /** The chart's unit: its axis reads values with it. */
  format(value: number): string;
  max?: number;
}

function panelsOf(history: readonly LiveSample[], t: (key: string, o?: Record<string, unknown>) => string, language: string): Panel[] {
  const last = history[history.length - 1]!;
  const pct = numberFormat(language, 1);
  const ms = numberFormat(language, 1);
  const int = numberFormat(language);
  const bytes = (n: number) => formatBytes(n, language);
  const percent = (n: number) => t('unit.percent', { value: pct.format(n) });
  const millis = (n: number) => t('unit.ms', { value: ms.format(n) });
  const hostUsed = last.host.memory_total_bytes - last.host.memory_free_bytes;
  const panels: Panel[] = [
    {
      id: 'cpu',
      title: t('live.cpu'),
      now: [t('live.process_value', { value: percent(last.process.cpu_percent) }), t('live.host_value', { value: percent(last.host.cpu_percent) }), t('live.cores', { n: int.format(last.host.cpus) })],
      series: [
        { label: t('live.process'), values: history.map((s) => s.process.cpu_percent) },
        { label: t('live.host'), values: history.map((s) => s.host.cpu_percent) },
      ],
      format: percent,
      max: 100,
    },
    {
      id: 'memory',
      title: t('live.memory'),
      now: [
        t('live.process_value', { value: bytes(last.process.rss_bytes) }),
        t('live.heap', { used: bytes(last.process.heap_used_bytes), total: bytes(last.process.heap_total_bytes) }),
        t('live.host_used', { used: bytes(hostUsed), total: bytes(last.host.memory_total_bytes) }),
      ],
      series: [
        { label: t('live.process'), values: history.map((s) => s.process.rss_bytes) },
        { label: t('live.host'), values: history.map((s) => s.host.memory_total_bytes - s.host.memory_free_bytes) },
      ],
      format: bytes,
    },
    {
      id: 'event_loop',
      title: t('live.event_loop'),
      now: [t('live.p50', { value: millis(last.event_loop.p50_ms) }), t('live.p99', { value: millis(last.event_loop.p99_ms) }), t('live.max', { value: millis(last.event_loop.max_ms) })],
      series: [
        { label: t('live.p99_short'), values: history.map((s) => s.event_loop.p99_ms) },
        { label: t('live.max_short'), values: history.map((s) => s.event_loop.max_ms) },
      ],
      format: millis,
    },
    {
      id: 'connections',
      title: t('live.connections'),
      now: (['http', 'https', 'time_socket'] as const).map((k) =>
        t('live.connection_value', { name: t(`live.connection.${k}`), value: last.connections[k] === null ? t('live.not_running') : int.format(last.connections[k]!) }),
      ),
      series: [{ label: t('live.connections_total'), values: history.map((s) => (s.connections.http ?? 0) + (s.connections.https ?? 0) + (s.connections.time_socket ?? 0)) }],
      format: (n) => int.format(n),
    },
  ];
  return panels;
}

function DiskAndLoad({ sample }: { sample: LiveSample }) {
  const { t, i18n } = useTranslation(DIAGNOSTICS_NS);
  const bytes = (n: number) => formatBytes(n, i18n.language);
  const load = numberFormat(i18n.language, 2);
  const uptime = numberFormat(i18n.language, 0);
  return (
    <SectionCard titleId="diagnostics-live-system" title={t('live.system')}>
      <Typography variant="body1" data-testid="diagnostics-disk">
        {sample.disk
          ? t('live.disk', { available: bytes(sample.disk.available_bytes), total: bytes(sample.disk.total_bytes) })
          : t('live.disk_unknown')}
      </Typography>
      <Typography variant="body1">{t('live.load', { one: load.format(sample.host.load.one), five: load.format(sample.host.load.five), fifteen: load.format(sample.host.load.fifteen) })}</Typography>
      <Typography variant="body1">{t('live.uptime', { value: uptime.format(Math.floor(sample.uptime_s / 60)) })}</Typography>
    </SectionCard>
  );
}

/** Diagnostics / Live: the device's load as it is now and over the last two minutes, read every
 * 2 s while this section is mounted (RTK Query's polling ends with the subscription). */
export default function LiveSection() {
  const { t, i18n } = useTranslation(DIAGNOSTICS_NS);
  const live = useDiagnosticsLiveQuery(undefined, { pollingInterval: LIVE_POLL_MS, skipPollingIfUnfocused: true });
  const history = useLiveHistory(live.data);
  if (history.length === 0) {
    return live.isError ? <LoadFailed message={t('live.failed')} error={live.error} onRetry={() => void live.refetch()} /> : <Loading label={t('live.loading')} />;
  }
  const panels = panelsOf(history, t, i18n.language);
  return (
    <Box data-testid="diagnostics-live">
      {live.isError ? (
        <Box sx={{ mb: 2 }}>
          <LoadFailed message={t('live.stale')} error={live.error} onRetry={() => void live.refetch()} />
        </Box>
      ) : null}
      <Grid container spacing={2}>
        {panels.map((p) => (
          <Grid key={p.id} size={{ xs: 12, md: 6 }}>
            <SectionCard titleId={`diagnostics-live-${p.id}`} title={p.title} sx={{ height: '100%' }}>
              {p.now.map((line) => (
                <Typography key={line} variant="body2">
                  {line}
                </Typography>
              ))}
              <Box sx={{ height: 160, mt: 1 }} data-testid={`diagnostics-chart-${p.id}`}>
                <Suspense fallback={<Loading label={t('live.chart_loading')} />}>
                  <LiveChart times={history.map((s) => s.at)} series={p.series} format={p.format} max={p.max} />
                </Suspense>
              </Box>
            </SectionCard>
          </Grid>
        ))}
        <Grid size={{ xs: 12 }}>
          <DiskAndLoad sample={history[history.length - 1]!} />
        </Grid>
      </Grid>
    </Box>
  );
}
