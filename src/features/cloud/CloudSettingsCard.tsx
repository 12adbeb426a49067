import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCloudSettingsQuery, useSetCloudSettingsMutation } from '../../../store/api/cloud-endpoints';
import { CLOUD_REGIONS, CLOUD_REGION_HOSTS, cloudSettingsProblems, normalizeCloudSettings, type CloudRegion, type CloudSettings } from '../../../contract/rules/cloud';
import { SettingsCard } from '../../components/settings/SettingsCard';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { CLOUD_NS, problemText } from './messages';

/** The form's values: the port as the text typed. */
interface Draft {
  region: CloudRegion;
  host: string;
  port: string;
}

const toDraft = (s: CloudSettings): Draft => ({ region: s.region, host: s.host, port: String(s.port) });
const normalise = (d: Draft): CloudSettings => normalizeCloudSettings({ region: d.region, host: d.host, port: /^\d{1,5}$/.test(d.port.trim()) ? Number(d.port.trim()) : Number.NaN });

/** Region: the vendor's Global or China service, or a Custom host and port (an on-premises service,
 * or the development service). The shared rule judges the host and port as they are typed; once
 * saved, the status is read again from the new service (`onSaved`). */
export function CloudSettingsCard({ onSaved }: { onSaved(): void }) {
  const { t } = useTranslation(CLOUD_NS);
  const query = useCloudSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setSettings] = useSetCloudSettingsMutation();
  const form = useSettingsForm({
    stored: query.data,
    toDraft,
    normalise,
    problems: cloudSettingsProblems,
    save: async (value) => {
      const saved = await setSettings(value).unwrap();
      onSaved();
      return saved;
    },
  });
  const value = form.value;
  const problems = form.problems ?? {};
  const custom = value?.region === 'custom';

  return (
    <SettingsCard title={t('settings.title')} form={form} loadFailed={query.isError} loadError={query.error} onRetry={() => void query.refetch()} loadingHeight={260}>
      {value ? (
        <>
          <FormControl component="fieldset" disabled={form.busy} sx={{ mb: 1 }}>
            <FormLabel component="legend">{t('settings.region')}</FormLabel>
            <RadioGroup value={value.region} onChange={(e) => form.change({ region: e.target.value as CloudRegion })}>
              {CLOUD_REGIONS.map((region) => (
                <FormControlLabel key={region} value={region} control={<Radio />} label={t(`regions.${region}`)} sx={{ minHeight: 44 }} />
              ))}
            </RadioGroup>
          </FormControl>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="cloud-region-hint">
            {value.region === 'custom' ? t('settings.custom_hint') : t('settings.vendor_hint', { host: CLOUD_REGION_HOSTS[value.region] })}
          </Typography>
          {custom ? (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 8 }}>
                <TextField
                  id="cloud-host"
                  fullWidth
                  label={t('settings.host')}
                  value={value.host}
                  onChange={(e) => form.change({ host: e.target.value })}
                  error={Boolean(problems.host)}
                  helperText={problemText(t, problems.host) ?? ' '}
                  disabled={form.busy}
                  slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, autoCapitalize: 'none' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField
                  id="cloud-port"
                  fullWidth
                  label={t('settings.port')}
                  value={value.port}
                  onChange={(e) => form.change({ port: e.target.value })}
                  error={Boolean(problems.port)}
                  helperText={problemText(t, problems.port) ?? ' '}
                  disabled={form.busy}
                  slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                />
              </Grid>
            </Grid>
          ) : null}
        </>
      ) : null}
    </SettingsCard>
  );
}
