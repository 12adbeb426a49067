import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { CLOUD_TRIAL_DAYS, type CloudSubscription } from '../../../contract/rules/cloud';
import { FactRow } from '../../components/FactRow';
import { errorText } from '../../i18n/error-text';
import { pathOf } from '../../app/screens';
import { CLOUD_NS, type CloudStatus } from './messages';

const SUBSCRIPTION_COLOR: Record<CloudSubscription, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  unsubscribed: 'default',
  trial: 'info',
  subscribed: 'success',
  expired: 'error',
  grace_period: 'warning',
  suspension: 'error',
  disabled: 'error',
};

const NEXT_SEVERITY: Record<CloudSubscription, 'info' | 'success' | 'warning' | 'error'> = {
  unsubscribed: 'info',
  trial: 'info',
  subscribed: 'success',
  expired: 'error',
  grace_period: 'warning',
  suspension: 'error',
  disabled: 'error',
};

export interface CloudStatusCardProps {
  status: CloudStatus;
  language: string;
  /** A read, an activation or a deactivation runs. */
  busy: boolean;
  /** Activation or deactivation runs. */
  acting: boolean;
  /** A retry is scheduled, or the retries stopped. */
  retrying: boolean;
  stalled: boolean;
  /** A failed request to the device itself (not the cloud's error), its code. */
  readError: string | null;
  /** A refused activation or deactivation, its code. */
  actionError: string | null;
  onRefresh(): void;
  onActivate(): void;
  onDeactivate(): void;
}

function formatDate(iso: string | null, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** What the cloud says of this panel, what the administrator can do next in its state, and the
 * dashboard's QR code; or why the cloud could not be reached and what to check. */
export function CloudStatusCard(p: CloudStatusCardProps) {
  const { t } = useTranslation(CLOUD_NS);
  const titleId = useId();
  const { status } = p;
  const reached = status.error === null;
  const activated = status.activation === 'activated';
  const subscription = status.subscription;

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('status.title')}
          </Typography>
          <Button variant="outlined" onClick={p.onRefresh} disabled={p.busy} sx={{ minHeight: 44 }} data-testid="cloud-refresh">
            {t('status.refresh')}
          </Button>
        </Box>

        {!reached ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="cloud-error" aria-live="polite">
            <Typography variant="subtitle2" component="p">
              {t('status.unreachable', { service: status.service })}
            </Typography>
            <Typography variant="body2" component="p">
              {t(`error_codes.${status.error}`)}
            </Typography>
            {status.error === 'cloud_dns_failed' && status.region !== 'custom' ? (
              <Link component={RouterLink} to={pathOf('ethernet')} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }} data-testid="cloud-open-network">
                {t('status.open_network')}
              </Link>
            ) : null}
            {p.stalled || p.retrying ? (
              <Typography variant="body2" component="p" sx={{ mt: 0.5 }} data-testid="cloud-retry-state">
                {p.stalled ? t('status.stalled') : t('status.retrying')}
              </Typography>
            ) : null}
          </Alert>
        ) : null}
        {p.readError ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="cloud-read-error">
            {t('status.read_failed', { reason: errorText(t, p.readError) })}
          </Alert>
        ) : null}

        <Box component="dl" sx={{ m: 0 }}>
          <FactRow label={t('status.activation')}>
            {status.activation ? (
              <Chip size="small" color={activated ? 'success' : 'default'} label={t(`activations.${status.activation}`)} data-testid="cloud-activation" />
            ) : (
              '—'
            )}
          </FactRow>
          <FactRow label={t('status.subscription')}>
            {subscription ? <Chip size="small" color={SUBSCRIPTION_COLOR[subscription]} label={t(`subscriptions.${subscription}`)} data-testid="cloud-subscription" /> : '—'}
          </FactRow>
          <FactRow label={t('status.region')}>{t(`regions.${status.region}`)}</FactRow>
          <FactRow label={t('status.domain')}>
            <span data-testid="cloud-domain">{status.domain ?? '—'}</span>
          </FactRow>
          <FactRow label={t('status.expiry')}>
            <span data-testid="cloud-expiry">{formatDate(status.expires_at, p.language)}</span>
          </FactRow>
          {status.suspends_at !== null ? (
            <FactRow label={t('status.suspends')}>
              <span data-testid="cloud-suspends">{formatDate(status.suspends_at, p.language)}</span>
            </FactRow>
          ) : null}
          <FactRow label={t('status.days_left')}>
            <span data-testid="cloud-days-left">{status.days_left === null ? '—' : t('status.days', { count: status.days_left })}</span>
          </FactRow>
          <FactRow label={t('status.panel_id')}>{status.panel_id}</FactRow>
        </Box>

        {reached && subscription ? (
          <Alert severity={NEXT_SEVERITY[subscription]} sx={{ mt: 2 }} data-testid="cloud-next">
            {t(`next.${subscription}`, { count: subscription === 'unsubscribed' ? CLOUD_TRIAL_DAYS : (status.days_left ?? 0) })}
            {!activated && subscription !== 'unsubscribed' ? ` ${t('next.activate_first')}` : ''}
          </Alert>
        ) : null}

        {p.actionError ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="cloud-action-error">
            {errorText(t, p.actionError)}
          </Alert>
        ) : null}

        {activated && status.dashboard_qr && status.dashboard_url ? (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
            <Box component="img" src={status.dashboard_qr} alt={t('status.qr_alt')} data-testid="cloud-qr" sx={{ width: 160, height: 160, bgcolor: '#fff', border: 1, borderColor: 'divider', borderRadius: 1 }} />
            <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
              <Typography variant="body2" color="text.secondary">
                {t('status.qr_hint')}
              </Typography>
              <Link href={status.dashboard_url} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all', display: 'inline-block', py: 1.25 }} data-testid="cloud-dashboard-url">
                {status.dashboard_url}
              </Link>
            </Box>
          </Box>
        ) : null}

        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          {activated ? (
            <Button variant="outlined" color="warning" onClick={p.onDeactivate} disabled={p.busy} sx={{ minHeight: 44 }} data-testid="cloud-deactivate">
              {p.acting ? t('status.deactivating') : t('status.deactivate')}
            </Button>
          ) : (
            <Button variant="contained" onClick={p.onActivate} disabled={p.busy || !reached} sx={{ minHeight: 44 }} data-testid="cloud-activate">
              {p.acting ? t('status.activating') : t('status.activate')}
            </Button>
          )}
        </Box>
        {!activated && !reached ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('status.activate_needs_cloud')}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
