import { useEffect, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { noticeShown } from '../../../store/notice-actions';
import { selectUsername } from '../../../store/session-slice';
import { useExtraRolesQuery } from '../../../store/api/uac-endpoints';
import { useAckAllEventsMutation, useAckEventMutation, useEventsQuery } from '../../../store/api/data-endpoints';
import { mayCall, type Access, type ResponseOf } from '../../../contract/api/define';
import type { events as eventsCall } from '../../../contract/api/data';
import { isAccountName, isMenuId } from '../../../contract/roles';
import { ACKNOWLEDGING_ACCOUNTS, ALARM_SEVERITIES, VIEW_MAX, type AlarmSeverity } from '../../../contract/rules/data';
import { FeatureNotEnabled } from '../../components/FeatureNotEnabled';
import { LoadFailed } from '../../components/LoadFailed';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { Loading } from '../../components/Loading';
import { errorMessage } from '../../i18n/error-text';
import { displayTime } from '../../i18n/format';
import { ExportControl } from './ExportControl';
import { useGrowingLimit, useRangeChoice, ListFooter } from './list-view';
import { RangeBar, rangeQuery } from './RangeBar';
import { numberFormat } from '../../i18n/numbers';

const NS = 'data';
/** Specification: the event log follows the panel while it is open. */
export const EVENT_POLL_MS = 2000;
/** Rows a page adds; a view shows at most VIEW_MAX (specification §9,
 * docs/decisions.md#views-and-exports). */
export const EVENT_PAGE = 100;
/** How long the search waits after the last key before it asks the device. */
const SEARCH_DELAY_MS = 300;
/** The width the event table needs; a narrower box shows one card per event. */
const EVENT_TABLE_WIDTH = 880;

/** Who may acknowledge: the access of the acknowledging calls (contract/api/data.ts), zod-free. */
const ACKNOWLEDGING: Access = { kind: 'menu', menu: 'event_log', accounts: ACKNOWLEDGING_ACCOUNTS };

type EventsAnswer = ResponseOf<typeof eventsCall>;
type AlarmEvent = EventsAnswer['events'][number];
type View = 'active' | 'history';

const SEVERITY_COLOR: Record<AlarmSeverity, 'info' | 'warning' | 'error'> = { low: 'info', medium: 'warning', high: 'error' };

/** Whether the signed-in account may acknowledge alarms (the device's own check, asked first). */
function useMayAcknowledge(): boolean {
  const username = useAppSelector(selectUsername);
  const extra = useExtraRolesQuery(undefined, { skip: username === null });
  if (username === null || !isAccountName(username)) return false;
  return mayCall(ACKNOWLEDGING, username, (extra.data ?? []).filter(isMenuId));
}

/** A value typed in, passed on once typing pauses. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function EventState({ event }: { event: AlarmEvent }) {
  const { t } = useTranslation(NS);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {event.active ? (
        <Chip size="small" color="error" variant="outlined" label={t('events.state.active')} />
      ) : (
        <Typography variant="body2">{event.cleared_at ? t('events.state.cleared_at', { time: displayTime(event.cleared_at) }) : t('events.state.cleared')}</Typography>
      )}
      {event.acknowledged_at ? (
        <Typography variant="body2" color="text.secondary">
          {t('events.state.acknowledged', { account: event.acknowledged_by ?? t('events.state.unknown_account'), time: displayTime(event.acknowledged_at) })}
        </Typography>
      ) : (
        <Typography variant="body2" color="warning.main" sx={{ fontWeight: 500 }}>
          {t('events.state.unacknowledged')}
        </Typography>
      )}
    </Stack>
  );
}

/** Event Log: the alarms that are raised now and the history of every alarm event, filtered by
 * severity, words and time, followed live; acknowledging for the accounts that may. */
export default function EventLogPage() {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const number = numberFormat(language);
  const mayAcknowledge = useMayAcknowledge();

  const [view, setView] = useState<View>('active');
  const [severities, setSeverities] = useState<readonly AlarmSeverity[]>(ALARM_SEVERITIES);
  const [text, setText] = useState('');
  const search = useSettled(text.trim(), SEARCH_DELAY_MS);
  const { range, quick, choose, bad } = useRangeChoice({ range: { from: null, to: null }, quick: 'all' });
  const searchId = useId();
  const severityId = useId();
  const tableTitleId = useId();

  const rangeBad = view === 'history' && bad;
  /** The filter as the calls take it: the list and the export ask for the same rows. */
  const filter = useMemo(() => {
    const q: Record<string, string> = { state: view === 'active' ? 'active' : 'all' };
    if (view === 'history') Object.assign(q, rangeQuery(range));
    if (severities.length < ALARM_SEVERITIES.length) q.severity = ALARM_SEVERITIES.filter((s) => severities.includes(s)).join(',');
    if (search !== '') q.text = search.slice(0, 100);
    return q as { state: 'all' | 'active'; from?: string; to?: string; severity?: string; text?: string };
  }, [view, range, severities, search]);

  const { limit, canGrow, grow } = useGrowingLimit(filter, EVENT_PAGE);

  const events = useEventsQuery(
    { ...filter, limit },
    { pollingInterval: EVENT_POLL_MS, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true, skip: rangeBad },
  );
  const [ackEvent, acking] = useAckEventMutation();
  const [ackAll, ackingAll] = useAckAllEventsMutation();
  const data: EventsAnswer | undefined = events.data;

  const acknowledge = async (event: AlarmEvent) => {
    const result = await ackEvent(event.id);
    if ('error' in result) dispatch(noticeShown({ ...errorMessage(result.error, { fallback: 'data:events.ack_failed' }), severity: 'error' }));
  };
  const acknowledgeAll = async () => {
    const result = await ackAll();
    if ('error' in result) dispatch(noticeShown({ ...errorMessage(result.error, { fallback: 'data:events.ack_all_failed' }), severity: 'error' }));
    else dispatch(noticeShown({ key: 'data:events.ack_all_done', values: { n: result.data.acknowledged }, severity: 'success' }));
  };

  const toggleSeverity = (s: AlarmSeverity) =>
    setSeverities((now) => (now.includes(s) ? (now.length > 1 ? now.filter((x) => x !== s) : now) : [...now, s]));

  const title = t('menu.event_log', { ns: 'shell' });
  const exportRequest = rangeBad ? null : { call: 'data.exportEvents', query: filter, fallbackName: 'events.csv' };
  const shown = data?.events ?? [];
  const canLoadMore = data !== undefined && canGrow(shown.length, data.total, data.next_cursor);

  const columns: ListColumn<AlarmEvent>[] = [
    {
      key: 'raised',
      header: t('events.columns.raised'),
      cell: (e) => displayTime(e.raised_at),
      sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      headSx: { whiteSpace: 'nowrap' },
    },
    {
      key: 'severity',
      header: t('events.columns.severity'),
      cell: (e) => <Chip size="small" color={SEVERITY_COLOR[e.severity]} label={t(`events.severity.${e.severity}`)} />,
      card: 'aside',
    },
    { key: 'name', header: t('events.columns.name'), cell: (e) => e.name, rowHeader: true, card: 'title' },
    { key: 'message', header: t('events.columns.message'), cell: (e) => e.message, wide: true, prose: true },
    { key: 'tag', header: t('events.columns.tag'), cell: (e) => e.tag, sx: { fontFamily: 'monospace', overflowWrap: 'break-word' } },
    {
      key: 'value',
      header: t('events.columns.value'),
      cell: (e) => (e.value === null ? '' : number.format(e.value)),
      align: 'right',
      sx: { fontVariantNumeric: 'tabular-nums' },
    },
    { key: 'state', header: t('events.columns.state'), cell: (e) => <EventState event={e} />, wide: true },
    ...(mayAcknowledge
      ? [
          {
            key: 'actions',
            header: t('events.columns.actions'),
            card: 'actions' as const,
            cell: (e: AlarmEvent) =>
              e.acknowledged_at === null ? (
                <Button
                  size="small"
                  variant="outlined"
                  loading={acking.isLoading && acking.originalArgs === e.id}
                  onClick={() => void acknowledge(e)}
                  aria-label={t('events.ack_named', { name: e.name, time: displayTime(e.raised_at) })}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {t('events.ack')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  let body: React.ReactNode;
  if (events.isError && !data) {
    body = <LoadFailed message={t('fetch_error')} error={events.error} onRetry={() => void events.refetch()} />;
  } else if (!data) {
    body = rangeBad ? null : <Loading label={t('events.loading')} />;
  } else if (data.alarms === 0) {
    body = <FeatureNotEnabled message={t('events.not_enabled')} />;
  } else {
    body = (
      <>
        {events.isError ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('events.stale')}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={tableTitleId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
            {view === 'active' ? t('events.tabs.active') : t('events.tabs.history')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="event-counts" aria-live="polite">
            {t('events.counts', { active: number.format(data.active), unacknowledged: number.format(data.unacknowledged) })}
          </Typography>
          {mayAcknowledge ? (
            <Button variant="contained" onClick={() => void acknowledgeAll()} disabled={data.unacknowledged === 0} loading={ackingAll.isLoading}>
              {t('events.ack_all')}
            </Button>
          ) : null}
        </Box>
        {shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {view === 'active' ? t('events.empty_active') : t('events.empty')}
          </Typography>
        ) : (
          <>
            <ResponsiveTable
              rows={shown}
              rowKey={(e) => e.id}
              rowTestId={(e) => `event-${e.id}`}
              columns={columns}
              tableMinWidth={EVENT_TABLE_WIDTH}
              labelledBy={tableTitleId}
              stickyHeader
              maxHeight={600}
            />
            <ListFooter
              testId="event-shown"
              shownText={t('events.shown', { shown: number.format(shown.length), total: number.format(data.total) })}
              canGrow={canLoadMore}
              onGrow={grow}
              growing={events.isFetching && limit > shown.length}
              loadMoreText={t('events.load_more')}
              viewMaxText={t('events.view_max', { max: number.format(VIEW_MAX) })}
              capped={shown.length < data.total}
            />
          </>
        )}
      </>
    );
  }

  const notEnabled = data?.alarms === 0;
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {notEnabled ? null : (
          <Card variant="outlined" component="section" aria-label={t('events.filters')}>
            <CardContent>
              <Tabs value={view} onChange={(_e, v: View) => setView(v)} aria-label={t('events.views')} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
                <Tab value="active" label={data ? t('events.tabs.active_count', { n: number.format(data.active) }) : t('events.tabs.active')} />
                <Tab value="history" label={t('events.tabs.history')} />
              </Tabs>
              <Stack spacing={2}>
                {view === 'history' ? (
                  <RangeBar
                    value={range}
                    active={quick}
                    onChange={choose}
                  />
                ) : null}
                <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
                  <Box role="group" aria-labelledby={severityId} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography id={severityId} variant="body2" color="text.secondary">
                      {t('events.severity.label')}
                    </Typography>
                    {ALARM_SEVERITIES.map((s) => {
                      const on = severities.includes(s);
                      return (
                        <Chip
                          key={s}
                          label={t(`events.severity.${s}`)}
                          color={on ? SEVERITY_COLOR[s] : 'default'}
                          variant={on ? 'filled' : 'outlined'}
                          onClick={() => toggleSeverity(s)}
                          role="checkbox"
                          aria-checked={on}
                          aria-disabled={on && severities.length === 1}
                        />
                      );
                    })}
                  </Box>
                  <TextField
                    id={searchId}
                    size="small"
                    type="search"
                    label={t('events.search')}
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    sx={{ minWidth: 220, flex: '0 1 320px' }}
                    slotProps={{ htmlInput: { maxLength: 100 } }}
                  />
                  <Box sx={{ ml: { sm: 'auto' } }}>
                    <ExportControl label={t('events.export')} request={exportRequest} />
                  </Box>
                </Box>
              </Stack>
            </CardContent>
          </Card>
        )}
        {notEnabled ? (
          body
        ) : (
          <Card variant="outlined" component="section" aria-labelledby={data && data.alarms > 0 ? tableTitleId : undefined}>
            <CardContent>{body}</CardContent>
          </Card>
        )}
      </Stack>
    </Box>
  );
}
