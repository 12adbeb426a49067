import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { HOTSPOT_NETMASK, hotspotProblems, intToIpv4, isIpv4, networkOf, normalizeHotspot, type HotspotField, type HotspotProblem, type HotspotSettings } from '../../../contract/rules/network';
import { useAppDispatch } from '../../../store';
import { networkApi, useHotspotQuery } from '../../../store/api/network-endpoints';
import { NETWORK_NS, problemText } from './messages';
import { PasswordField } from './PasswordField';
import { SafeApplyBar } from './SafeApplyBar';
import { useSafeApply } from './use-safe-apply';


/** Hotspot: on/off, server address, DHCP range inside its /24, password. */
export default function HotspotPage() {
  const { t } = useTranslation(NETWORK_NS);
  const dispatch = useAppDispatch();
  // Asked again at every visit: a waiting change's seconds must be the device's.
  const query = useHotspotQuery(undefined, { refetchOnMountOrArgChange: true });
  const flow = useSafeApply<HotspotSettings>(async ({ request, safe }) => {
    const result = await dispatch(networkApi.endpoints.setHotspot.initiate({ settings: request, safe })).unwrap();
    return { pending: result.pending };
  }, query.data?.pending?.section === 'hotspot' ? query.data.pending : null, query.fulfilledTimeStamp);
  const form = useSettingsForm({ stored: query.data?.settings, normalise: normalizeHotspot, problems: hotspotProblems, safeApply: flow });

  const value = form.value;
  const problems: Partial<Record<HotspotField, HotspotProblem>> = form.problems ?? {};
  const change = form.change;
  // The hotspot's settings mean nothing while it is off: they are edited once it is on.
  const locked = flow.busy || !value?.enabled;
  const subnet = value && isIpv4(value.address.trim()) ? `${intToIpv4(networkOf(value.address.trim(), HOTSPOT_NETMASK))}/24` : '—';
  const field = (key: 'address' | 'range_start' | 'range_end', label: string) => (
    <TextField
      fullWidth
      label={label}
      value={value?.[key] ?? ''}
      onChange={(e) => change({ [key]: e.target.value })}
      error={Boolean(problems[key])}
      helperText={problemText(t, problems[key], { subnet }) ?? ' '}
      disabled={locked}
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', spellCheck: false } }}
    />
  );

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('hotspot.title')}
      </Typography>
      {query.isError && !query.data ? (
        <Card variant="outlined" component="section" aria-label={t('hotspot.title')}>
          <CardContent>
            <LoadFailed message={t('load_failed')} error={query.error} onRetry={() => void query.refetch()} />
          </CardContent>
        </Card>
      ) : !value ? (
        <Loading label={t('loading')} />
      ) : (
        <Card variant="outlined" component="section" aria-label={t('hotspot.title')}>
          <CardContent>
            <FormControlLabel
              control={<Switch checked={value.enabled} onChange={(e) => change({ enabled: e.target.checked })} disabled={flow.busy} />}
              label={t('hotspot.enabled')}
              sx={{ ml: 0, minHeight: 44, gap: 1, mb: 1 }}
            />
            {!value.enabled ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="hotspot-off">
                {t('hotspot.off_hint')}
              </Typography>
            ) : null}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>{field('address', t('hotspot.address'))}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Typography variant="body2" color="text.secondary" sx={{ pt: { sm: 2 } }}>
                  {t('hotspot.subnet', { subnet, netmask: HOTSPOT_NETMASK })}
                </Typography>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('range_start', t('hotspot.range_start'))}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('range_end', t('hotspot.range_end'))}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <PasswordField
                  fullWidth
                  label={t('hotspot.password')}
                  value={value.password}
                  onChange={(password) => change({ password })}
                  error={Boolean(problems.password)}
                  helperText={problemText(t, problems.password) ?? t('wifi.wpa_hint')}
                  disabled={locked}
                />
              </Grid>
            </Grid>
            <SafeApplyBar flow={flow} canApply={form.dirty && form.valid && !form.busy} onApply={(safe) => void form.submit(safe)} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
