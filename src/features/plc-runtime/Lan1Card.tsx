import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSetPlcLan1Mutation } from '../../../store/api/plc-runtime-endpoints';
import {
  PLC_LAN1_OWNERS,
  normalizePlcLan1,
  plcLan1Problems,
  type PlcLan1Field,
  type PlcLan1Owner,
  type PlcLan1Settings,
} from '../../../contract/rules/plc-runtime';
import { SettingsCard } from '../../components/settings/SettingsCard';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { PLC_NS, problemText } from './messages';

const FIELDS: readonly PlcLan1Field[] = ['ip', 'netmask', 'gateway'];

/**
 * LAN1: who controls it, and the address the PLC runtime OS sets. The address fields are edited
 * only while the PLC runtime OS controls LAN1: under the gateway OS, LAN1 takes the panel's own
 * Ethernet settings and these values are not used (the device keeps them for when the runtime
 * takes LAN1 back). The network rules judge them as they are typed, as the device does on save.
 */
export function Lan1Card({ stored, canChange, busy }: { stored: PlcLan1Settings; canChange: boolean; busy: boolean }) {
  const { t } = useTranslation(PLC_NS);
  const [setLan1] = useSetPlcLan1Mutation();
  const form = useSettingsForm({
    stored,
    normalise: normalizePlcLan1,
    problems: plcLan1Problems,
    save: (value) => setLan1(value).unwrap(),
  });
  const value = form.value;
  const problems = form.problems ?? {};
  const locked = !canChange || busy || form.busy;
  const runtimeOwns = value?.owner === 'plc_runtime_os';

  return (
    <SettingsCard title={t('lan1.title')} form={{ ...form, dirty: form.dirty && canChange && !busy }} loadFailed={false} onRetry={() => undefined}>
      {value ? (
        <>
          <FormControl component="fieldset" disabled={locked} sx={{ mb: 1 }}>
            <FormLabel component="legend">{t('lan1.owner')}</FormLabel>
            <RadioGroup
              value={value.owner}
              onChange={(e) => {
                const owner = e.target.value as PlcLan1Owner;
                // Handing LAN1 to the gateway OS drops the address edits: the stored one stays.
                form.change(owner === 'plc_runtime_os' ? { owner } : { owner, ip: stored.ip, netmask: stored.netmask, gateway: stored.gateway });
              }}
            >
              {PLC_LAN1_OWNERS.map((owner) => (
                <FormControlLabel key={owner} value={owner} control={<Radio />} label={t(`lan1.owners.${owner}`)} sx={{ minHeight: 44 }} />
              ))}
            </RadioGroup>
          </FormControl>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="lan1-owner-hint">
            {t(`lan1.owner_hint.${value.owner}`)}
          </Typography>
          <Grid container spacing={2}>
            {FIELDS.map((f) => (
              <Grid key={f} size={{ xs: 12, sm: f === 'gateway' ? 12 : 6 }}>
                <TextField
                  id={`plc-lan1-${f}`}
                  fullWidth
                  label={t(`lan1.fields.${f}`)}
                  value={value[f]}
                  onChange={(e) => form.change({ [f]: e.target.value })}
                  error={Boolean(problems[f])}
                  helperText={problemText(t, problems[f]) ?? (f === 'gateway' ? t('lan1.optional') : ' ')}
                  disabled={locked || !runtimeOwns}
                  slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', spellCheck: false } }}
                />
              </Grid>
            ))}
          </Grid>
        </>
      ) : null}
    </SettingsCard>
  );
}
