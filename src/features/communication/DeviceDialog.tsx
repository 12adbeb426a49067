import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract/api/define';
import type { devices as devicesCall } from '../../../contract/api/communication';
import {
  BAUD_RATES,
  DATA_BITS,
  PARITIES,
  STOP_BITS,
  deviceProblems,
  interfaceKind,
  interfacesOfKind,
  normalizeDevice,
  timeoutMs,
  type CommInterface,
  type DeviceField,
  type DeviceProblems,
  type DeviceSettings,
  type Parity,
  type PortUser,
} from '../../../contract/rules/communication';
import { failureOf } from '../../../contract/failure';
import { useSetCommunicationDeviceMutation } from '../../../store/api/communication-endpoints';
import { FactRow } from '../../components/FactRow';
import { errorText, SETTINGS_ERROR_TEXTS } from '../../i18n/error-text';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { COMMUNICATION_NS, interfaceLabel, numberFormat, parityLabel, problemText } from './messages';

export type CommunicationDevice = ResponseOf<typeof devicesCall>['devices'][number];

/** The form's values: numbers as the text the administrator types, choices as chosen ('' for none yet). */
interface Draft {
  interface: CommInterface;
  default_station: string;
  ip: string;
  port: string;
  baud_rate: number | '';
  data_bits: number | '';
  parity: Parity | '';
  stop_bits: number | '';
  timeout_100ms: string;
  turnaround_delay_ms: string;
  parameter_1: string;
  parameter_2: string;
  send_ack_delay_ms: string;
}

/** A whole number typed as text (a minus sign allowed), NaN when it is not one. */
function readInteger(text: string): number {
  const trimmed = text.trim();
  return /^-?\d{1,10}$/.test(trimmed) ? Number(trimmed) : NaN;
}

const text = (n: number | null) => (n === null ? '' : String(n));

function toDraft(d: CommunicationDevice): Draft {
  return {
    interface: d.interface,
    default_station: text(d.default_station),
    ip: d.ip ?? '',
    port: text(d.port),
    baud_rate: d.baud_rate ?? '',
    data_bits: d.data_bits ?? '',
    parity: d.parity ?? '',
    stop_bits: d.stop_bits ?? '',
    timeout_100ms: text(d.timeout_100ms),
    turnaround_delay_ms: text(d.turnaround_delay_ms),
    parameter_1: text(d.parameter_1),
    parameter_2: text(d.parameter_2),
    send_ack_delay_ms: text(d.send_ack_delay_ms),
  };
}

function normalise(d: Draft): DeviceSettings {
  return normalizeDevice({
    interface: d.interface,
    default_station: readInteger(d.default_station),
    ip: d.ip,
    port: d.port.trim() === '' ? null : readInteger(d.port),
    baud_rate: d.baud_rate === '' ? null : d.baud_rate,
    data_bits: d.data_bits === '' ? null : d.data_bits,
    parity: d.parity === '' ? null : d.parity,
    stop_bits: d.stop_bits === '' ? null : d.stop_bits,
    timeout_100ms: readInteger(d.timeout_100ms),
    turnaround_delay_ms: readInteger(d.turnaround_delay_ms),
    parameter_1: readInteger(d.parameter_1),
    parameter_2: readInteger(d.parameter_2),
    send_ack_delay_ms: readInteger(d.send_ack_delay_ms),
  });
}

type TextKey = 'default_station' | 'ip' | 'port' | 'timeout_100ms' | 'turnaround_delay_ms' | 'parameter_1' | 'parameter_2' | 'send_ack_delay_ms';
type ChoiceKey = 'interface' | 'baud_rate' | 'data_bits' | 'parity' | 'stop_bits';

interface Props {
  device: CommunicationDevice;
  /** Every other device of the project, as stored: the shared-COM-port rule reads them. */
  others: readonly PortUser[];
  onClose(): void;
}

/** One device's settings in a dialog: the fields its interface uses, the shared rule's message
 * under a field as the administrator types, Save once something changed and all is acceptable.
 * A failed save keeps the dialog open with every edit. */
export function DeviceDialog({ device, others, onClose }: Props) {
  const { t, i18n } = useTranslation(COMMUNICATION_NS);
  const n = numberFormat(i18n.language);
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [setDevice, saving] = useSetCommunicationDeviceMutation();
  const kind = interfaceKind(device.interface);
  const form = useSettingsForm({
    stored: device,
    toDraft,
    normalise,
    problems: (value: DeviceSettings): DeviceProblems => deviceProblems(value, { kind, others }),
    save: async (settings) => {
      await setDevice({ name: device.name, settings }).unwrap();
      onClose();
    },
  });
  const value = form.value!;
  const settings = form.normalised!;
  const problems: DeviceProblems = form.problems ?? {};
  const busy = form.busy;
  const ethernet = value.interface === 'ethernet';

  const helper = (field: DeviceField, hint?: string) => problemText(t, n, field, problems[field], settings, others) ?? hint ?? ' ';

  const textField = (key: TextKey, label: string, options: { hint?: string; inputMode?: 'numeric' | 'decimal' | 'text' } = {}) => (
    <TextField
      fullWidth
      id={`${titleId}-${key}`}
      label={label}
      value={value[key]}
      onChange={(e) => form.change({ [key]: e.target.value })}
      error={Boolean(problems[key])}
      helperText={helper(key, options.hint)}
      disabled={busy}
      required
      slotProps={{ htmlInput: { inputMode: options.inputMode ?? 'numeric', autoComplete: 'off', spellCheck: false } }}
    />
  );

  const choice = <V extends string | number>(key: ChoiceKey, label: string, options: readonly V[], labelOf: (v: V) => string): ReactNode => (
    <TextField
      select
      fullWidth
      id={`${titleId}-${key}`}
      label={label}
      value={value[key]}
      onChange={(e) => {
        const raw = e.target.value;
        const picked = options.find((o) => String(o) === String(raw));
        if (picked !== undefined) form.change({ [key]: picked } as Partial<Draft>);
      }}
      error={Boolean(problems[key])}
      helperText={helper(key)}
      disabled={busy || options.length < 2}
      required
    >
      {options.map((o) => (
        <MenuItem key={String(o)} value={o}>
          {labelOf(o)}
        </MenuItem>
      ))}
    </TextField>
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.dirty && form.valid && !busy) void form.submit();
  };

  // A refused save says why inside the dialog too (the notice is outside the modal, hidden from a
  // screen reader while it is open); a field the device named gets the rule's own words.
  const failure = saving.isError ? failureOf(saving.error) : null;
  const failedField = failure?.field as DeviceField | undefined;
  const failureText = !failure
    ? null
    : failure.error_code === 'validation_failure' && failedField && failure.problem && t(`field.${failedField}`, { defaultValue: '' })
      ? `${t(`field.${failedField}`)}: ${problemText(t, n, failedField, failure.problem as never, settings, others)}`
      : errorText(t, saving.error, SETTINGS_ERROR_TEXTS);

  const timeout = settings.timeout_100ms;
  const timeoutHint = Number.isInteger(timeout) ? t('edit.timeout_hint', { ms: n.format(timeoutMs(timeout)) }) : undefined;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t('edit.title', { name: device.name })}</DialogTitle>
        <DialogContent>
          {failureText ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="save-failed">
              {failureText}
            </Alert>
          ) : null}
          <Box component="dl" sx={{ m: 0, mb: 2 }}>
            <FactRow label={t('field.device_type')}>{device.device_type}</FactRow>
            <FactRow label={t('field.protocol')}>{device.protocol}</FactRow>
            <FactRow label={t('field.address_types')}>
              <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
                {device.address_types.map((a) => (
                  <Chip key={a.name} size="small" variant="outlined" label={a.name} />
                ))}
              </Box>
            </FactRow>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('edit.read_only_hint')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              {choice('interface', t('field.interface'), interfacesOfKind(kind), (i) => interfaceLabel(t, i))}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{textField('default_station', t('field.default_station'))}</Grid>
            {ethernet ? (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>{textField('ip', t('field.ip'), { inputMode: 'decimal' })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{textField('port', t('field.port'))}</Grid>
              </>
            ) : (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>{choice('baud_rate', t('field.baud_rate'), BAUD_RATES, (b) => t('value.baud', { value: n.format(b) }))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{choice('data_bits', t('field.data_bits'), DATA_BITS, (b) => n.format(b))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{choice('parity', t('field.parity'), PARITIES, (p) => parityLabel(t, p))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{choice('stop_bits', t('field.stop_bits'), STOP_BITS, (b) => n.format(b))}</Grid>
              </>
            )}
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>{textField('timeout_100ms', t('field.timeout_100ms'), { hint: timeoutHint })}</Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>{textField('turnaround_delay_ms', t('field.turnaround_delay_ms'))}</Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>{textField('send_ack_delay_ms', t('field.send_ack_delay_ms'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{textField('parameter_1', t('field.parameter_1'), { inputMode: 'text' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{textField('parameter_2', t('field.parameter_2'), { inputMode: 'text' })}</Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('edit.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!form.dirty || !form.valid} loading={busy}>
            {t('edit.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
