import { lazy, Suspense, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { selectUsername } from '../../../store/session-slice';
import { dataApi, useOperationsQuery, useOplogRetentionQuery, useSetOplogRetentionMutation } from '../../../store/api/data-endpoints';
import type { ResponseOf } from '../../../contract/api/define';
import type { operations as operationsCall } from '../../../contract/api/data';
import { AUDIT_ACTIONS, type AuditAction } from '../../../contract/audit';
import { ACCOUNTS } from '../../../contract/roles';
import { OPLOG_RETENTION_DAYS, OPLOG_RETENTION_ROWS, VIEW_MAX } from '../../../contract/rules/data';
import { LoadFailed } from '../../components/LoadFailed';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { Loading } from '../../components/Loading';
import { SettingsCard } from '../../components/settings/SettingsCard';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { errorText } from '../../i18n/error-text';
import { displayTime } from '../../i18n/format';
import { AUDIT_TEXT_NAMESPACES, actionName, resultText, targetText } from './audit-words';
import { ExportControl } from './ExportControl';
import { useGrowingLimit, useRangeChoice, ListFooter } from './list-view';
import { RangeBar, rangeQuery } from './RangeBar';
import { numberFormat } from '../../i18n/numbers';

const NS = 'data';
/** A TextField's select drawn as the browser's own (the tablet's picker); its label always sits
 * above it, since a native select always shows an option ("All accounts" is one). */
const NATIVE = { select: { native: true }, inputLabel: { shrink: true } } as const;
/** Rows a page adds; a view shows at most VIEW_MAX (specification §9,
 * docs/decisions.md#views-and-exports). */
export const OPERATION_PAGE = 100;
/** The width the operation table needs; a narrower box shows one card per row. */
const OPERATION_TABLE_WIDTH = 760;
/** The accounts the filter offers: every account, and the device's own rows. */
export const OPERATION_ACCOUNTS = [...ACCOUNTS, 'device'] as const;
/** What the device keeps (contract/api/data.ts, oplogRetentionSchema). */
/** The device's bounds (the same the contract checks). */
export const RETENTION_ROWS = OPLOG_RETENTION_ROWS;
export const RETENTION_DAYS = OPLOG_RETENTION_DAYS;

type OperationsAnswer = ResponseOf<typeof operationsCall>;
type Operation = OperationsAnswer['entries'][number];

// A row's details (a dialog with its table) load when a row is first opened, or ahead when a finger
// or the pointer comes down on the list: opening the page does not wait for them.
const loadOperationDialog = () => import(/* webpackChunkName: "data-operation-dialog" */ './OperationDialog');
const OperationDialog = lazy(loadOperationDialog);
const prefetchOperationDialog = () => void loadOperationDialog().catch(() => undefined);
const ANY = '';

/** A whole number typed as text (up to seven digits), NaN otherwise. */
function readCount(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : NaN;
}

function within(n: number, range: { min: number; max: number }): boolean {
  return Number.isInteger(n) && n >= range.min && n <= range.max;
}

/** A row's result: success, or the failure's text whole (it wraps rather than being cut short). */
function ResultChip({ result }: { result: string }) {
  const { t } = useTranslation(NS);
  const success = result === 'success';
  return (
    <Chip
      size="small"
      color={success ? 'success' : 'error'}
      variant="outlined"
      label={resultText(t, result)}
      title={success ? undefined : result}
      sx={{ height: 'auto', minHeight: 24, maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'break-word', py: 0.25 } }}
    />
  );
}

interface RetentionDraft {
  rows: string;
  days: string;
}

/** How much of the log the device keeps: everyone reads it, admin changes it. */
function RetentionCard({ isAdmin, onRetry }: { isAdmin: boolean; onRetry(): void }) {
  const { t } = useTranslation(NS);
  const language = useAppSelector(selectLanguage);
  const number = numberFormat(language);
  const query = useOplogRetentionQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setRetention] = useSetOplogRetentionMutation();
  const hintId = useId();
  const form = useSettingsForm({
    stored: query.data,
    toDraft: (stored): RetentionDraft => ({ rows: String(stored.rows), days: String(stored.days) }),
    normalise: (draft) => ({ rows: readCount(draft.rows), days: readCount(draft.days) }),
    problems: (value: { rows: number; days: number }) => ({
      rows: within(value.rows, RETENTION_ROWS) ? undefined : ('range' as const),
      days: within(value.days, RETENTION_DAYS) ? undefined : ('range' as const),
    }),
    save: (value) => setRetention(value).unwrap(),
  });
  const rowsBad = Boolean(form.problems?.rows);
  const daysBad = Boolean(form.problems?.days);
  const rowsRange = { min: number.format(RETENTION_ROWS.min), max: number.format(RETENTION_ROWS.max) };
  const daysRange = { min: number.format(RETENTION_DAYS.min), max: number.format(RETENTION_DAYS.max) };
  const describedBy = isAdmin ? undefined : hintId;
  return (
    <SettingsCard title={t('operations.retention.title')} form={form} loadFailed={query.isError} loadError={query.error} onRetry={onRetry}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('operations.retention.intro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          label={t('operations.retention.rows')}
          value={form.value?.rows ?? ''}
          onChange={(e) => form.change({ rows: e.target.value })}
          disabled={!isAdmin}
          error={isAdmin && rowsBad}
          helperText={t(isAdmin && rowsBad ? 'operations.retention.range_error' : 'operations.retention.range', rowsRange)}
          required
          sx={{ width: 260 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': describedBy } }}
        />
        <TextField
          label={t('operations.retention.days')}
          value={form.value?.days ?? ''}
          onChange={(e) => form.change({ days: e.target.value })}
          disabled={!isAdmin}
          error={isAdmin && daysBad}
          helperText={t(isAdmin && daysBad ? 'operations.retention.range_error' : 'operations.retention.range', daysRange)}
          required
          sx={{ width: 260 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': describedBy } }}
        />
      </Box>
      {isAdmin ? null : (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="retention-admin-only">
          {t('operations.retention.admin_only')}
        </Typography>
      )}
    </SettingsCard>
  );
}

/** Operation Log: who did what to the panel from where, and what the device did by itself,
 * filtered by account, action, result and time; a row's values before and after; the retention. */
export default function OperationLogPage() {
  // The Data texts (`t`'s), and every area's names of the actions and targets (AUDIT_TEXT_NAMESPACES).
  const { t, i18n } = useTranslation([NS, ...AUDIT_TEXT_NAMESPACES]);
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const number = numberFormat(language);
  const username = useAppSelector(selectUsername);
  const isAdmin = username === 'admin';

  const [account, setAccount] = useState<string>(ANY);
  const [action, setAction] = useState<string>(ANY);
  const [result, setResult] = useState<string>(ANY);
  const { range, quick, choose, bad: rangeBad } = useRangeChoice({ range: { from: null, to: null }, quick: 'all' });
  // The row shown stays in the dialog while it fades out.
  const [opened, setOpened] = useState<Operation | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const show = (op: Operation) => {
    setOpened(op);
    setDialogOpen(true);
  };
  const tableTitleId = useId();

  const filter = useMemo(() => {
    const q: Record<string, string> = { ...rangeQuery(range) };
    if (account !== ANY) q.account = account;
    if (action !== ANY) q.action = action;
    if (result !== ANY) q.result = result;
    return q as { from?: string; to?: string; account?: string; action?: AuditAction; result?: 'success' | 'failure' };
  }, [range, account, action, result]);
  const { limit, canGrow, grow } = useGrowingLimit(filter, OPERATION_PAGE);

  const operations = useOperationsQuery({ ...filter, limit }, { refetchOnMountOrArgChange: true, skip: rangeBad });
  // Both reads fail with the same connection: either Retry reads both again.
  const retryAll = () => void dispatch(dataApi.util.invalidateTags(['Operations', 'OplogRetention']));
  const data = operations.data;
  const shown = data?.entries ?? [];
  const canLoadMore = data !== undefined && canGrow(shown.length, data.total, data.next_cursor);
  const exportRequest = rangeBad ? null : { call: 'data.exportOperations', query: filter as Record<string, string>, fallbackName: 'operations.csv' };

  const sortedActions = useMemo(
    () => [...AUDIT_ACTIONS].map((a) => ({ value: a, label: actionName(t, a) })).sort((a, b) => a.label.localeCompare(b.label, language)),
    [t, language],
  );

  const columns: ListColumn<Operation>[] = [
    {
      key: 'time',
      header: t('operations.columns.time'),
      cell: (op) => displayTime(op.at),
      sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      headSx: { whiteSpace: 'nowrap' },
    },
    // The table: the source under the account, the repeats under the result (a row fits 1280 px in
    // Japanese too); a card names each.
    {
      key: 'account',
      header: t('operations.columns.account'),
      card: 'none',
      cell: (op) => (
        <>
          {op.account ?? t('operations.device')}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', fontFamily: 'monospace' }}>
            {op.source}
          </Typography>
        </>
      ),
    },
    { key: 'account-fact', header: t('operations.columns.account'), cardOnly: true, cell: (op) => op.account ?? t('operations.device') },
    { key: 'source', header: t('operations.columns.source'), cardOnly: true, cell: (op) => op.source, sx: { fontFamily: 'monospace' } },
    { key: 'action', header: t('operations.columns.action'), cell: (op) => actionName(t, op.action), rowHeader: true, card: 'title' },
    { key: 'target', header: t('operations.columns.target'), cell: (op) => targetText(t, op.target, i18n.language) },
    {
      key: 'result',
      header: t('operations.columns.result'),
      card: 'aside',
      sx: { maxWidth: 280 },
      cell: (op) => (
        <>
          <ResultChip result={op.result} />
          {op.repeat_count > 1 ? (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', fontVariantNumeric: 'tabular-nums' }}>
              {t('operations.repeat', { n: number.format(op.repeat_count) })}
            </Typography>
          ) : null}
        </>
      ),
      fact: (op) => <ResultChip result={op.result} />,
    },
    {
      key: 'repeats',
      header: t('operations.columns.repeats'),
      cardOnly: true,
      cell: (op) => (op.repeat_count > 1 ? t('operations.repeat', { n: number.format(op.repeat_count) }) : null),
    },
    {
      key: 'details',
      header: t('operations.columns.details'),
      headerHidden: true,
      card: 'actions',
      cell: (op) => (
        <Button
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            show(op);
          }}
          aria-label={t('operations.details.open', { action: actionName(t, op.action), time: displayTime(op.at) })}
        >
          {t('operations.details.button')}
        </Button>
      ),
    },
  ];

  let body: React.ReactNode;
  if (operations.isError && !data) {
    body = <LoadFailed message={t('fetch_error')} error={operations.error} onRetry={retryAll} />;
  } else if (!data) {
    body = rangeBad ? null : <Loading label={t('operations.loading')} />;
  } else if (shown.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        {t('operations.empty')}
      </Typography>
    );
  } else {
    body = (
      // A finger, the pointer or the keyboard on the list: the details of a row are about to be asked for.
      <Box onPointerDown={prefetchOperationDialog} onFocus={prefetchOperationDialog}>
        <ResponsiveTable
          rows={shown}
          rowKey={(op) => op.id}
          rowTestId={(op) => `operation-${op.id}`}
          columns={columns}
          tableMinWidth={OPERATION_TABLE_WIDTH}
          labelledBy={tableTitleId}
          onRowClick={show}
          stickyHeader
          maxHeight={600}
        />
        <ListFooter
          testId="operation-shown"
          shownText={t('operations.shown', { shown: number.format(shown.length), total: number.format(data.total) })}
          canGrow={canLoadMore}
          onGrow={grow}
          growing={operations.isFetching}
          loadMoreText={t('operations.load_more')}
          viewMaxText={t('operations.view_max', { max: number.format(VIEW_MAX) })}
          capped={shown.length < data.total}
        />
      </Box>
    );
  }

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.operation_log', { ns: 'shell' })}
      </Typography>
      <Stack spacing={2}>
        <Card variant="outlined" component="section" aria-label={t('operations.filters')}>
          <CardContent>
            <Stack spacing={2}>
              <RangeBar
                value={range}
                active={quick}
                onChange={choose}
              />
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                {/* Native selects: the tablet's own picker for a long list (every action), and the
                    page loads no menu or popover code. */}
                <TextField select size="small" label={t('operations.filter.account')} value={account} onChange={(e) => setAccount(e.target.value)} slotProps={NATIVE} sx={{ minWidth: 220 }}>
                  <option value={ANY}>{t('operations.filter.any_account')}</option>
                  {OPERATION_ACCOUNTS.map((a) => (
                    <option key={a} value={a}>
                      {a === 'device' ? t('operations.device') : a}
                    </option>
                  ))}
                </TextField>
                <TextField select size="small" label={t('operations.filter.action')} value={action} onChange={(e) => setAction(e.target.value)} slotProps={NATIVE} sx={{ minWidth: 260 }}>
                  <option value={ANY}>{t('operations.filter.any_action')}</option>
                  {sortedActions.map((a) => (
                    <option key={a.value} value={a.value}>
                      {a.label}
                    </option>
                  ))}
                </TextField>
                <TextField select size="small" label={t('operations.filter.result')} value={result} onChange={(e) => setResult(e.target.value)} slotProps={NATIVE} sx={{ minWidth: 180 }}>
                  <option value={ANY}>{t('operations.filter.any_result')}</option>
                  <option value="success">{t('operations.result.success')}</option>
                  <option value="failure">{t('operations.result.failure')}</option>
                </TextField>
                <Box sx={{ ml: { sm: 'auto' } }}>
                  <ExportControl label={t('operations.export')} request={exportRequest} />
                </Box>
              </Box>
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby={tableTitleId}>
          <CardContent>
            <Typography id={tableTitleId} variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('operations.entries')}
            </Typography>
            {operations.isError && data ? (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {t('operations.stale')}
              </Alert>
            ) : null}
            {body}
          </CardContent>
        </Card>
        <RetentionCard isAdmin={isAdmin} onRetry={retryAll} />
      </Stack>
      {opened ? (
        <Suspense fallback={null}>
          <OperationDialog entry={opened} open={dialogOpen} onClose={() => setDialogOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
