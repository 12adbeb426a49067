import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { ethernetProblems, normalizeEthernet, prefixLength, type AddressSettings, type EthernetSettings } from '../../../contract/rules/network';
import { useAppDispatch } from '../../../store';
import { networkApi, useEthernetQuery } from '../../../store/api/network-endpoints';
import { AddressFields } from './AddressFields';
import { NETWORK_NS } from './messages';
import { SafeApplyBar } from './SafeApplyBar';
import { useSafeApply } from './use-safe-apply';


/** Ethernet: one card per interface, bridge mode, safe apply. */
export default function EthernetPage() {
  const { t } = useTranslation(NETWORK_NS);
  const dispatch = useAppDispatch();
  // Asked again at every visit: a waiting change's seconds must be the device's.
  const query = useEthernetQuery(undefined, { refetchOnMountOrArgChange: true });
  const flow = useSafeApply<EthernetSettings>(async ({ request, safe }) => {
    const result = await dispatch(networkApi.endpoints.setEthernet.initiate({ settings: request, safe })).unwrap();
    return { pending: result.pending };
  }, query.data?.pending?.section === 'ethernet' ? query.data.pending : null, query.fulfilledTimeStamp);
  const form = useSettingsForm({ stored: query.data?.settings, normalise: normalizeEthernet, problems: ethernetProblems, safeApply: flow });

  const data = query.data;
  const value = form.value;

  const changeInterface = (i: number, patch: Partial<AddressSettings>) =>
    form.change((draft) => ({ interfaces: draft.interfaces.map((iface, k) => (k === i ? { ...iface, ...patch } : iface)) }));

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('ethernet.title')}
      </Typography>
      {query.isError && !data ? (
        <LoadFailed message={t('load_failed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !value || !data ? (
        <Loading label={t('loading')} />
      ) : (
        <>
          <Card variant="outlined" sx={{ mb: 2 }}>
            <CardContent>
              <FormControlLabel
                control={<Switch checked={value.bridge} onChange={(e) => form.change({ bridge: e.target.checked })} disabled={flow.busy} />}
                label={t('ethernet.bridge')}
                sx={{ ml: 0, minHeight: 44, gap: 1 }}
              />
              <Typography variant="body2" color="text.secondary">
                {t('ethernet.bridge_help')}
              </Typography>
            </CardContent>
          </Card>
          <Grid container spacing={2}>
            {data.interfaces.map((status, i) => {
              const iface = value.interfaces[i];
              if (!iface) return null;
              const bridged = value.bridge && i > 0;
              return (
                <Grid key={status.name} size={{ xs: 12, lg: 6 }}>
                  <Card variant="outlined" component="section" aria-label={status.name} sx={{ height: '100%' }}>
                    <CardContent>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                        <Typography variant="h6" component="h2">
                          {status.name}
                        </Typography>
                        <Chip size="small" color={status.link ? 'success' : 'default'} label={status.link ? t('ethernet.link_up') : t('ethernet.link_down')} />
                      </Box>
                      <Typography variant="body2" color="text.secondary">
                        {t('fields.mac')}: <Box component="span" sx={{ fontFamily: 'monospace' }}>{status.mac}</Box>
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid={`current-${status.name}`}>
                        {t('ethernet.current', {
                          address: status.ip ? `${status.ip}/${prefixLength(status.netmask)}` : '—',
                          gateway: status.gateway || '—',
                        })}
                      </Typography>
                      {bridged ? (
                        <Alert severity="info">{t('ethernet.bridged', { name: data.interfaces[0]!.name })}</Alert>
                      ) : (
                        <AddressFields
                          idPrefix={status.name}
                          value={iface}
                          onChange={(patch) => changeInterface(i, patch)}
                          problems={form.problems?.get(i) ?? {}}
                          disabled={flow.busy}
                        />
                      )}
                    </CardContent>
                  </Card>
                </Grid>
              );
            })}
          </Grid>
          <SafeApplyBar flow={flow} canApply={form.dirty && form.valid && !form.busy} onApply={(safe) => void form.submit(safe)} />
        </>
      )}
    </Box>
  );
}
