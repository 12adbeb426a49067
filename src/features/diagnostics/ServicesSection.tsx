import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ServiceHealth, ServiceState } from '../../../contract/api/diagnostics';
import { useDiagnosticsServicesQuery } from '../../../store/api/diagnostics-endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { DIAGNOSTICS_NS } from './texts';

/** How often the Services section reads the states again while it is open. */
export const SERVICES_POLL_MS = 5_000;

const COLOR: Record<ServiceState, 'success' | 'default' | 'error' | 'warning'> = { running: 'success', stopped: 'warning', error: 'error', disabled: 'default' };

function ServiceRow({ service }: { service: ServiceHealth }) {
  const { t, i18n } = useTranslation(DIAGNOSTICS_NS);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const name = t(`services.name.${service.id}`, { defaultValue: service.id });
  return (
    <ListItem divider data-testid={`diagnostics-service-${service.id}`} sx={{ display: 'block', py: 1.5, minHeight: 56 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, mr: 'auto' }}>
          {name}
        </Typography>
        <Chip label={t(`services.state.${service.state}`)} color={COLOR[service.state]} size="medium" data-testid="diagnostics-service-state" />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {service.since ? t('services.since', { time: time.format(new Date(service.since)) }) : t('services.since_unknown')}
        {service.detail ? ` · ${service.detail}` : ''}
      </Typography>
      {service.last_error ? (
        <Typography variant="body2" color={service.state === 'error' ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
          {t('services.last_error', { time: time.format(new Date(service.last_error.at)), message: service.last_error.message })}
        </Typography>
      ) : null}
    </ListItem>
  );
}

/** Diagnostics / Services: every service the device runs, with its state, since when and its last
 * error, read again every 5 s while this section is open. */
export default function ServicesSection() {
  const { t } = useTranslation(DIAGNOSTICS_NS);
  const query = useDiagnosticsServicesQuery(undefined, { pollingInterval: SERVICES_POLL_MS, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true });
  if (!query.data) {
    return query.isError ? <LoadFailed message={t('services.failed')} error={query.error} onRetry={() => void query.refetch()} /> : <Loading label={t('services.loading')} />;
  }
  const failing = query.data.services.filter((s) => s.state === 'error').length;
  return (
    <Box data-testid="diagnostics-services">
      {query.isError ? (
        <Box sx={{ mb: 2 }}>
          <LoadFailed message={t('services.stale')} error={query.error} onRetry={() => void query.refetch()} />
        </Box>
      ) : null}
      <Alert severity={failing > 0 ? 'error' : 'success'} sx={{ mb: 1 }}>
        {failing > 0 ? t('services.failing', { n: failing }) : t('services.all_well')}
      </Alert>
      <List aria-label={t('sections.services')}>
        {query.data.services.map((s) => (
          <ServiceRow key={s.id} service={s} />
        ))}
      </List>
    </Box>
  );
}
