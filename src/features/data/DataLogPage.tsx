import { useCallback, useMemo, useState } from 'react';
import { fromCallback, type EventObject } from 'xstate';
import { useSelector } from '@xstate/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { useDataLogsQuery, useDataRecordsQuery, useTrendQuery } from '../../../store/api/data-endpoints';
import { panRange, rangeProblem, VIEW_MAX, zoomRange } from '../../../contract/rules/data';
import { FeatureNotEnabled } from '../../components/FeatureNotEnabled';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import type { ResponseOf } from '../../../contract/api/define';
import type { records as recordsCall } from '../../../contract/api/data';
import { ExportControl } from './ExportControl';
import { RangeBar, rangeQuery, type TimeRange } from './RangeBar';
import { useDeviceNow } from './device-now';
import TrendChart from './TrendChart';
import { shownRange, trendWindowMachine } from '../../../machines/trend-window.machine';
import { useMachineActor } from '../../app/use-machine-actor';
import { numberFormat } from '../../i18n/numbers';

const NS = 'data';
/** The shortest span a zoom goes to. */
const MIN_SPAN_MS = 10_000;

type View = 'chart' | 'table';
type LogRecord = ResponseOf<typeof recordsCall>['records'][number];

/** The widths the records table needs: a narrower box shows one card per record. */
const RECORD_TIME_WIDTH = 180;
const RECORD_VALUE_WIDTH = 120;

/** One page of the log's records in the range, newest first, with Newer / Older. */
function RecordsTable({ logId, range, tags }: { logId: number; range: TimeRange; tags: string[] }) {
  const { t } = useTranslation(NS);
  const language = useAppSelector(selectLanguage);
  // The cursors of the pages walked so far (another log or range is another table: see its key).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const page = useDataRecordsQuery({ id: logId, ...rangeQuery(range), limit: VIEW_MAX, order: 'desc', ...(cursor ? { cursor } : {}) });
  const number = numberFormat(language, 3);
  if (page.isError && !page.data) return <LoadFailed message={t('fetch_error')} error={page.error} onRetry={() => void page.refetch()} />;
  if (!page.data) return <Loading label={t('trend.loading')} />;
  const data = page.data;
  const first = (cursors.length - 1) * VIEW_MAX;
  const columns: ListColumn<LogRecord>[] = [
    { key: 'time', header: t('trend.time'), rowHeader: true, card: 'title', sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 'normal' }, cell: (r) => dayjs(r.time).format('YYYY/MM/DD HH:mm:ss') },
    ...tags.map(
      (tag, i): ListColumn<LogRecord> => ({
        key: `tag-${i}`,
        header: tag,
        align: 'right',
        sx: { fontVariantNumeric: 'tabular-nums' },
        cell: (r) => {
          const v = r.values[i];
          return typeof v === 'number' ? number.format(v) : (v ?? '');
        },
      }),
    ),
  ];
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="records-shown">
          {data.total === 0
            ? t('trend.no_records')
            : t('trend.records_shown', { from: number.format(first + 1), to: number.format(first + data.records.length), total: number.format(data.total) })}
        </Typography>
        <ButtonGroup size="small">
          <Button disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
            {t('trend.newer')}
          </Button>
          <Button disabled={!data.next_cursor} onClick={() => setCursors([...cursors, data.next_cursor ?? undefined])}>
            {t('trend.older')}
          </Button>
        </ButtonGroup>
      </Box>
      {page.isFetching ? <LinearProgress sx={{ mb: 1 }} aria-label={t('trend.loading')} /> : null}
      <ResponsiveTable
        rows={data.records}
        rowKey={(r) => r.seq}
        columns={columns}
        tableMinWidth={RECORD_TIME_WIDTH + tags.length * RECORD_VALUE_WIDTH}
        label={t('trend.table')}
        stickyHeader
        maxHeight={520}
      />
    </Box>
  );
}

/**
 * Data Log and Trend Display: a data log of the running project over a range, as a trend computed
 * on the device (at most 1000 points per tag, each a bucket's min, max and last) or as a table of
 * records, 1000 a page. Quick ranges and pickers choose the range; zoom (buttons, or a drag across
 * the chart) and pan ask the device again; live follows the newest samples; the whole range exports
 * as CSV.
 */
export default function DataLogPage() {
  const { t } = useTranslation(NS);
  const language = useAppSelector(selectLanguage);
  const logs = useDataLogsQuery(undefined, { refetchOnMountOrArgChange: true });
  const deviceNow = useDeviceNow();
  const [chosen, setChosen] = useState<number | null>(null);
  const [view, setView] = useState<View>('chart');
  const windowActor = useMachineActor(trendWindowMachine, {
    input: { now: deviceNow() },
    actors: {
      clock: fromCallback<EventObject, { periodMs: number }>(({ input, sendBack }) => {
        const tick = () => sendBack({ type: 'live.tick', now: deviceNow() });
        tick();
        const timer = setInterval(tick, input.periodMs);
        return () => clearInterval(timer);
      }),
    },
  });
  const win = useSelector(windowActor, (snapshot) => snapshot);
  const live = win.hasTag('live');
  const { range, quick, span } = win.context;

  const list = logs.data ?? [];
  const log = list.find((l) => l.id === chosen) ?? list[0];

  const shown: TimeRange = shownRange(win.context, live);
  const problem = shown.from !== null && shown.to !== null ? rangeProblem(shown.from, shown.to) : null;
  const trend = useTrendQuery({ id: log?.id ?? 0, ...rangeQuery(shown), points: VIEW_MAX }, { skip: !log || problem !== null || view !== 'chart' });

  // A range with open ends zooms from the log's own first and last record.
  const concrete = useCallback((): { from: number; to: number } => {
    const first = log?.first ? Date.parse(log.first) : deviceNow() - span;
    const last = log?.last ? Date.parse(log.last) : deviceNow();
    return { from: shown.from ?? first, to: shown.to ?? (live ? deviceNow() : Math.max(last, first + 1000)) };
  }, [log, shown.from, shown.to, live, span, deviceNow]);

  const goTo = (next: { from: number; to: number }) => windowActor.send({ type: 'window.set', range: next, quick: null });

  const number = numberFormat(language, 3);
  const formatValue = useCallback((v: number | null) => (v === null ? '–' : number.format(v)), [number]);
  const formatTime = useCallback(
    (ms: number, short: boolean) => {
      if (!short) return dayjs(ms).format('YYYY/MM/DD HH:mm:ss');
      const s = span;
      return dayjs(ms).format(s <= 2 * 60 * 60_000 ? 'HH:mm:ss' : s <= 3 * 24 * 60 * 60_000 ? 'MM/DD HH:mm' : 'YYYY/MM/DD');
    },
    [span],
  );

  const title = (
    <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
      {t('menu.data_log', { ns: 'shell' })}
    </Typography>
  );

  if (logs.isError && !logs.data)
    return (
      <Box>
        {title}
        <LoadFailed message={t('fetch_error')} error={logs.error} onRetry={() => void logs.refetch()} />
      </Box>
    );
  if (!logs.data)
    return (
      <Box>
        {title}
        <Loading label={t('trend.loading')} />
      </Box>
    );
  if (!log)
    return (
      <Box>
        {title}
        <FeatureNotEnabled message={t('trend.not_enabled')} />
      </Box>
    );

  const records = trend.data?.records ?? 0;

  return (
    <Box>
      {title}
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <FormControl size="small" sx={{ minWidth: 220 }}>
              <InputLabel id="log-label">{t('trend.log')}</InputLabel>
              <Select labelId="log-label" label={t('trend.log')} value={log.id} onChange={(e) => setChosen(Number(e.target.value))}>
                {list.map((l) => (
                  <MenuItem key={l.id} value={l.id}>
                    {l.name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <Typography variant="body2" color="text.secondary" data-testid="log-summary">
              {t('trend.summary', { tags: log.tags.join(', '), period: number.format(log.sample_period_s), records: number.format(log.records), max: number.format(log.max_records) })}
            </Typography>
          </Box>
          <RangeBar
            value={range}
            active={live ? null : quick}
            quick={['15m', '1h', '8h', '24h', '7d']}
            onChange={(next, q) => windowActor.send({ type: 'window.set', range: next, quick: q })}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <ButtonGroup size="small" aria-label={t('trend.zoom')} disabled={view !== 'chart'}>
              <Button onClick={() => goTo(zoomRange(concrete(), 0.5, undefined, MIN_SPAN_MS))}>{t('trend.zoom_in')}</Button>
              <Button onClick={() => goTo(zoomRange(concrete(), 2, undefined, MIN_SPAN_MS))}>{t('trend.zoom_out')}</Button>
              <Button onClick={() => goTo(panRange(concrete(), -0.5))} aria-label={t('trend.back')}>
                ◀
              </Button>
              <Button onClick={() => goTo(panRange(concrete(), 0.5))} aria-label={t('trend.forward')}>
                ▶
              </Button>
            </ButtonGroup>
            <FormControlLabel control={<Switch
                  checked={live}
                  onChange={(e) => windowActor.send(e.target.checked ? { type: 'live.on', periodMs: log.sample_period_s * 1000 } : { type: 'live.off' })}
                />} label={t('trend.live')} />
            <Box sx={{ flex: 1 }} />
            <ExportControl
              label={t('trend.export')}
              disabled={problem !== null}
              request={{ call: 'data.exportLog', params: { id: String(log.id) }, query: rangeQuery(shown), fallbackName: `${log.name}.csv` }}
            />
          </Box>
        </CardContent>
      </Card>

      <Card variant="outlined">
        <Tabs value={view} onChange={(_e, v: View) => setView(v)} aria-label={t('trend.view')} sx={{ px: 2 }}>
          <Tab value="chart" label={t('trend.chart')} />
          <Tab value="table" label={t('trend.table')} />
        </Tabs>
        <CardContent>
          {view === 'table' ? (
            <RecordsTable key={`${log.id}:${shown.from}:${shown.to}`} logId={log.id} range={shown} tags={log.tags} />
          ) : problem ? (
            <Alert severity="warning">{t(`range.problem.${problem}`)}</Alert>
          ) : trend.isError ? (
            <LoadFailed message={t('fetch_error')} error={trend.error} onRetry={() => void trend.refetch()} />
          ) : !trend.data ? (
            <Loading label={t('trend.loading')} />
          ) : (
            <>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', minHeight: 24 }}>
                <Typography variant="body2" color="text.secondary" data-testid="trend-records" sx={{ flex: 1 }}>
                  {records === 0
                    ? t('trend.no_records')
                    : trend.data.bucket_records > 1
                      ? t('trend.points_of', { records: number.format(records), points: number.format(trend.data.series[0]?.points.length ?? 0), per: number.format(Math.round(trend.data.bucket_records)) })
                      : t('trend.every_record', { records: number.format(records) })}
                </Typography>
                {live ? <Typography variant="body2" color="success.main">{t('trend.following')}</Typography> : null}
              </Box>
              {trend.isFetching && !live ? <LinearProgress aria-label={t('trend.loading')} /> : null}
              {records > 0 ? (
                <TrendChart trend={trend.data} formatTime={formatTime} formatValue={formatValue} onZoom={(from, to) => goTo({ from, to })} brushLabel={t('trend.brush')} />
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
