import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useAppDispatch } from '../../../store';
import { cloudApi, useCloudStatusQuery } from '../../../store/api/cloud-endpoints';
import { cloudDashboardMachine, type CloudStatusRead } from '../../../machines/cloud-dashboard.machine';
import { useMachineActor } from '../../app/use-machine-actor';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { CloudSettingsCard } from './CloudSettingsCard';
import { CloudStatusCard } from './CloudStatusCard';
import { CLOUD_NS } from './messages';

/** Cloud Service (Features): where the panel's cloud dashboard is (region), its activation, and the
 * status the cloud tells (subscription, domain, expiry, days left, the dashboard's QR code), with
 * what the administrator can do next in each state (specification §3, §4). The status is read
 * through the device, again every 30 s, with retries while the cloud cannot be reached
 * (machines/cloud-dashboard.machine.ts). */
export default function CloudPage() {
  const { t, i18n } = useTranslation(CLOUD_NS);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const dispatch = useAppDispatch();
  // The machine decides when the status is read again; this subscription keeps the answer.
  const query = useCloudStatusQuery();
  const actor = useMachineActor(cloudDashboardMachine, {
    actors: {
      readStatus: fromPromise<CloudStatusRead>(async () => {
        const s = await dispatch(cloudApi.endpoints.cloudStatus.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
        return { error: s.error };
      }),
      activate: fromPromise(async () => {
        await dispatch(cloudApi.endpoints.activateCloud.initiate()).unwrap();
      }),
      deactivate: fromPromise(async () => {
        await dispatch(cloudApi.endpoints.deactivateCloud.initiate()).unwrap();
      }),
    },
  });
  const snapshot = useSelector(actor, (s) => s);
  const refresh = () => actor.send({ type: 'cloud.refresh' });
  const status = query.data;

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.cloud', { ns: 'shell' })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          {query.isError && !status ? (
            <LoadFailed message={t('load_failed')} error={query.error} onRetry={refresh} />
          ) : !status ? (
            <Loading label={t('loading')} />
          ) : (
            <CloudStatusCard
              status={status}
              language={language}
              busy={snapshot.hasTag('busy')}
              acting={snapshot.hasTag('acting')}
              retrying={snapshot.hasTag('retrying')}
              stalled={snapshot.hasTag('stalled')}
              readError={snapshot.context.readError}
              actionError={snapshot.context.actionError}
              onRefresh={refresh}
              onActivate={() => actor.send({ type: 'cloud.activate' })}
              onDeactivate={() => actor.send({ type: 'cloud.deactivate' })}
            />
          )}
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <CloudSettingsCard onSaved={refresh} />
        </Grid>
      </Grid>
    </Box>
  );
}
