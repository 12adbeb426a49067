import { useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../contract/api/diagnostics';
import { LOG_LEVELS, LOG_PAGE_DEFAULT, LOG_PAGE_MAX, LOG_TEXT_MAX, type LogLevel } from '../../../contract/rules/diagnostics';
import { useDiagnosticsLogQuery } from '../../../store/api/diagnostics-endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { DIAGNOSTICS_NS } from './texts';

/** How often the live tail reads the newest entries while it is not paused. */
export const LOG_TAIL_MS = 2_000;

const LEVEL_COLOR: Record<LogLevel, 'default' | 'info' | 'warning' | 'error'> = { trace: 'default', debug: 'default', info: 'info', warn: 'warning', error: 'error', fatal: 'error' };

function LogRow({ entry, time }: { entry: LogEntry; time: Intl.DateTimeFormat }) {
  const { t } = useTranslation(DIAGNOSTICS_NS);
  return (
    <ListItem divider data-testid="diagnostics-log-entry" sx={{ display: 'block', py: 1, minHeight: 48 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={t(`log.level.${entry.level}`)} color={LEVEL_COLOR[entry.level]} />
        <Typography variant="body2" color="text.secondary" component="span">
          {time.format(new Date(entry.time))}
        </Typography>
      </Box>
      {/* Long messages and contexts wrap: a row never scrolls sideways on a tablet. */}
      <Typography variant="body1" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', mt: 0.5 }}>
        {entry.msg}
      </Typography>
      {entry.context ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {entry.context}
        </Typography>
      ) : null}
    </ListItem>
  );
}

/** Diagnostics / Log: the device's log, newest first, filtered by the lowest level and a text, its
 * newest entries read every 2 s unless paused (RTK Query's polling, which ends with the section). */
export default function LogSection() {
  const { t, i18n } = useTranslation(DIAGNOSTICS_NS);
  const [level, setLevel] = useState<LogLevel>('info');
  const [text, setText] = useState('');
  const [paused, setPaused] = useState(false);
  const [limit, setLimit] = useState(LOG_PAGE_DEFAULT);
  // The list follows the filter as it is typed (deferred: typing stays smooth while the list redraws).
  const filter = useDeferredValue(text.trim());
  const query = useDiagnosticsLogQuery(
    { level, limit, ...(filter ? { text: filter } : {}) },
    { pollingInterval: paused ? 0 : LOG_TAIL_MS, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true },
  );
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const data = query.data;
  return (
    <Box data-testid="diagnostics-log">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
        <TextField
          select
          label={t('log.min_level')}
          value={level}
          onChange={(e) => setLevel(e.target.value as LogLevel)}
          sx={{ minWidth: 160 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'diagnostics-log-level' } } }}
        >
          {LOG_LEVELS.map((l) => (
            <MenuItem key={l} value={l} sx={{ minHeight: 44 }}>
              {t(`log.level.${l}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('log.filter')}
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, LOG_TEXT_MAX))}
          sx={{ flex: '1 1 220px' }}
          slotProps={{ htmlInput: { maxLength: LOG_TEXT_MAX, 'data-testid': 'diagnostics-log-filter' } }}
        />
        <Button variant={paused ? 'contained' : 'outlined'} onClick={() => setPaused((p) => !p)} sx={{ minHeight: 56, minWidth: 120 }} data-testid="diagnostics-log-pause">
          {paused ? t('log.resume') : t('log.pause')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {paused ? t('log.paused') : t('log.live', { seconds: LOG_TAIL_MS / 1000 })}
      </Typography>
      {!data ? (
        query.isError ? (
          <LoadFailed message={t('log.failed')} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Loading label={t('log.loading')} />
        )
      ) : (
        <>
          {query.isError ? <LoadFailed message={t('log.stale')} error={query.error} onRetry={() => void query.refetch()} /> : null}
          {data.entries.length === 0 ? (
            <Typography sx={{ py: 2 }} data-testid="diagnostics-log-empty">
              {filter ? t('log.none_matching') : t('log.none')}
            </Typography>
          ) : (
            <List aria-label={t('sections.log')} dense>
              {data.entries.map((e) => (
                <LogRow key={e.seq} entry={e} time={time} />
              ))}
            </List>
          )}
          {data.more ? (
            limit < LOG_PAGE_MAX ? (
              <Button onClick={() => setLimit(LOG_PAGE_MAX)} sx={{ minHeight: 44, mt: 1 }}>
                {t('log.show_more', { n: LOG_PAGE_MAX })}
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('log.narrow', { n: LOG_PAGE_MAX })}
              </Typography>
            )
          ) : null}
        </>
      )}
    </Box>
  );
}
