import { useId } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/notice-actions';
import { RESTART_TIMEOUT_MS, type OpcuaServerTag } from '../../../machines/opcua-server.machine';
import type { OpcuaStatus } from '../../../contract/api/opcua';
import { FactRow } from '../../components/FactRow';
import { FeatureNotEnabled } from '../../components/FeatureNotEnabled';
import { errorText } from '../../i18n/error-text';
import { displayTime } from '../../i18n/format';
import { CopyIcon } from './icons';
import { OPCUA_NS } from './messages';
import type { OpcuaServerView } from './use-opcua-server';

const PHASE_COLOR: Record<OpcuaServerTag, 'default' | 'success' | 'warning' | 'info' | 'error'> = {
  loading: 'default',
  running: 'success',
  stopping: 'warning',
  stopped: 'default',
  restarting: 'info',
  restart_failed: 'error',
  unreachable: 'warning',
};

/** Why the last start failed, in words, with the device's own detail beside. */
function StartError({ error }: { error: NonNullable<OpcuaStatus['error']> }) {
  const { t } = useTranslation(OPCUA_NS);
  return (
    <>
      {t('status.start_error', { reason: t(`status.start_errors.${error.code}`) })}
      {error.message ? (
        <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5, fontFamily: 'monospace', wordBreak: 'break-word' }}>
          {t('status.detail', { message: error.message })}
        </Typography>
      ) : null}
    </>
  );
}

/** The server's state (§4): running, stopping, stopped, and the restart after a change, with the
 * endpoint clients connect to, its sessions, its discovery registration and what holds a stop up. */
export function StatusCard({ server, onReviewRejected }: { server: OpcuaServerView; onReviewRejected(): void }) {
  const { t } = useTranslation(OPCUA_NS);
  const dispatch = useAppDispatch();
  const titleId = useId();
  const { phase, status } = server;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      dispatch(noticeShown({ key: 'opcua:status.copied', severity: 'success' }));
    } catch {
      dispatch(noticeShown({ key: 'opcua:status.copy_failed', severity: 'error' }));
    }
  };

  const discovery = status?.discovery;
  // Until the first status arrives, the card keeps the room of what it will show (the stopped
  // server's notice, the facts): nothing below it moves when it does (the page's layout shift).
  const pending = <Skeleton variant="text" width="40%" />;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('status.title')}
          </Typography>
          <Chip label={t(`status.phase.${phase}`)} color={PHASE_COLOR[phase]} size="small" data-testid="opcua-phase" />
        </Box>
        <Stack spacing={1.5} aria-live="polite">
          {phase === 'loading' && !status ? <Skeleton variant="rounded" height={76} role="progressbar" aria-label={t('status.loading')} /> : null}
          {phase === 'restarting' ? (
            <Alert severity="info" data-testid="opcua-restarting">
              {t('status.restarting')}
              <LinearProgress aria-label={t('status.phase.restarting')} sx={{ mt: 1 }} />
            </Alert>
          ) : null}
          {phase === 'restart_failed' ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" onClick={server.retry}>
                  {t('status.check_again')}
                </Button>
              }
            >
              <AlertTitle>{t('status.restart_failed_title')}</AlertTitle>
              {status?.error ? <StartError error={status.error} /> : t('status.restart_timeout', { seconds: RESTART_TIMEOUT_MS / 1000 })}
            </Alert>
          ) : null}
          {phase === 'unreachable' ? (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" onClick={server.retry}>
                  {t('common.retry', { ns: 'translation' })}
                </Button>
              }
            >
              <AlertTitle>{t('status.unreachable_title')}</AlertTitle>
              {errorText(t, server.error ?? 'fail')} {status ? t('status.last_known') : null}
            </Alert>
          ) : null}
          {phase === 'stopping' && status?.waiting_for === 'discovery_server' ? (
            <Alert severity="warning" data-testid="opcua-waiting-discovery">
              {t('status.waiting_discovery', { url: status.discovery?.url ?? '' })}
            </Alert>
          ) : null}
          {status?.error && phase !== 'restart_failed' && phase !== 'restarting' ? (
            <Alert severity="error">
              <StartError error={status.error} />
            </Alert>
          ) : null}
          {status && !status.enabled && status.state === 'stopped' && phase !== 'unreachable' ? <FeatureNotEnabled message={t('status.disabled')} /> : null}
          {status && status.rejected > 0 ? (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" onClick={onReviewRejected}>
                  {t('status.review')}
                </Button>
              }
            >
              {t('status.rejected_alert', { count: status.rejected })}
            </Alert>
          ) : null}
        </Stack>
        {status || phase === 'loading' ? (
          <Box component="dl" sx={{ m: 0, mt: 1 }}>
            <FactRow label={t('status.endpoint')}>
              {!status ? (
                pending
              ) : status.endpoint_url ? (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
                  <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="opcua-endpoint">
                    {status.endpoint_url}
                  </Box>
                  {/* The browser's title hint: MUI's Tooltip would bring Popper (11 KB gzipped) to the page. */}
                  <IconButton size="small" aria-label={t('status.copy')} title={t('status.copy')} onClick={() => void copy(status.endpoint_url!)}>
                    <CopyIcon fontSize="small" />
                  </IconButton>
                </Box>
              ) : (
                t('status.no_endpoint')
              )}
            </FactRow>
            <FactRow label={t('status.sessions')}>{status ? status.sessions : pending}</FactRow>
            <FactRow label={t('status.since')}>{!status ? pending : status.since ? displayTime(status.since) : '—'}</FactRow>
            <FactRow label={t('status.discovery')}>
              {!status ? pending : discovery ? t('status.discovery_value', { url: discovery.url, state: t(`status.discovery_state.${discovery.state}`) }) : t('status.discovery_off')}
            </FactRow>
            <FactRow label={t('status.rejected')}>{status ? status.rejected : pending}</FactRow>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
