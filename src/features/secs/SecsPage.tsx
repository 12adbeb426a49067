import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SecsSettings, SecsStatus } from '../../../contract/api/secs';
import {
  DEVICE_ID_MAX,
  DEVICE_ID_MIN,
  LINKTEST_MAX,
  LINKTEST_MIN,
  SECS_MODES,
  SECS_PORT_MAX,
  SECS_PORT_MIN,
  SECS_TIMER_RANGES,
  SECS_TIMERS,
  secsSettingsProblems,
  type SecsField,
  type SecsMode,
  type SecsSettingsFields,
  type SecsTimer,
} from '../../../contract/rules/secs';
import { useSecsSettingsQuery, useSecsStatusQuery, useSetSecsSettingsMutation } from '../../../store/api/secs-endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { SettingsCard } from '../../components/settings/SettingsCard';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { readWholeNumber } from '../../components/settings/whole-number';

export const SECS_NS = 'secs';
/** The connection is read again this often while the screen is open (a host connects, selects, leaves). */
export const STATUS_POLL_MS = 2_000;

type NumberField = 'device_id' | 'port' | 'remote_port' | SecsTimer | 'linktest_interval';
const NUMBER_FIELDS: readonly NumberField[] = ['device_id', 'port', 'remote_port', ...SECS_TIMERS, 'linktest_interval'];
type Draft = Omit<SecsSettingsFields, NumberField> & Record<NumberField, string>;

const toDraft = (s: SecsSettingsFields): Draft => ({ ...s, ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(s[f])])) as Record<NumberField, string>) });
const normalise = (d: Draft): SecsSettingsFields => ({
  ...d,
  remote_host: d.remote_host.trim(),
  ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, readWholeNumber(d[f])])) as Record<NumberField, number>),
});

/** The range a field's problem names. */
function rangeOf(field: SecsField): { min: number; max: number } {
  if (field === 'device_id') return { min: DEVICE_ID_MIN, max: DEVICE_ID_MAX };
  if (field === 'linktest_interval') return { min: LINKTEST_MIN, max: LINKTEST_MAX };
  if (field === 'port' || field === 'remote_port' || field === 'remote_host') return { min: SECS_PORT_MIN, max: SECS_PORT_MAX };
  return SECS_TIMER_RANGES[field];
}

function problemText(t: TFunction, field: SecsField, problem: string | undefined): string | undefined {
  return problem ? t(`problem.${problem}`, rangeOf(field)) : undefined;
}

function StatusCard({ status, settings }: { status: SecsStatus; settings: SecsSettings | undefined }) {
  const { t, i18n } = useTranslation(SECS_NS);
  const color = status.state === 'selected' ? 'success' : status.state === 'connected' ? 'info' : 'default';
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="secs-status">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('status.title')}
          </Typography>
          <Chip label={t(`state.${status.state}`)} color={color} data-testid="secs-state" />
        </Box>
        <Typography variant="body1" data-testid="secs-endpoint">
          {status.running && settings
            ? status.mode === 'passive'
              ? t('status.running_passive', { port: settings.port })
              : t('status.running_active', { host: settings.remote_host, port: settings.remote_port })
            : settings?.enabled
              ? t('status.not_running')
              : t('status.off')}
        </Typography>
        <Typography variant="body1" sx={{ wordBreak: 'break-all' }} data-testid="secs-peer">
          {status.peer ? t('status.peer', { address: status.peer.address, port: status.peer.port }) : t('status.no_peer')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: status.last_error ? 1 : 0 }}>
          {t('status.since', { time: time.format(new Date(status.since)) })}
        </Typography>
        {status.last_error ? (
          <Alert severity={status.running ? 'warning' : 'error'} data-testid="secs-last-error">
            {t(`last_error.${status.last_error}`)}{' '}
            {status.last_error_at ? t('status.at', { time: time.format(new Date(status.last_error_at)) }) : null}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SettingsForm() {
  const { t } = useTranslation(SECS_NS);
  const query = useSecsSettingsQuery();
  const [save] = useSetSecsSettingsMutation();
  const form = useSettingsForm({
    stored: query.data,
    toDraft,
    normalise,
    problems: secsSettingsProblems,
    save: (value) => save(value).unwrap(),
  });
  const value = form.value;
  const problems = form.problems ?? {};
  const locked = form.busy;
  const numberField = (key: NumberField, opts: { helper?: string; seconds?: boolean } = {}) => (
    <TextField
      id={`secs-${key}`}
      fullWidth
      label={t(`fields.${key}`)}
      value={value?.[key] ?? ''}
      onChange={(e) => form.change({ [key]: e.target.value })}
      error={Boolean(problems[key])}
      helperText={problemText(t, key, problems[key]) ?? opts.helper ?? ' '}
      disabled={locked}
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: opts.seconds ? { endAdornment: <InputAdornment position="end">{t('unit.seconds')}</InputAdornment> } : undefined,
      }}
    />
  );
  const rangeHint = (min: number, max: number) => t('fields.range', { min, max });
  return (
    <SettingsCard title={t('settings.title')} form={form} loadFailed={query.isError} loadError={query.error} onRetry={() => void query.refetch()} loadingHeight={640}>
      {value ? (
        <>
          <FormControlLabel
            control={<Switch checked={value.enabled} onChange={(e) => form.change({ enabled: e.target.checked })} disabled={locked} />}
            label={t('fields.enabled')}
            sx={{ minHeight: 44, mb: 1 }}
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>{numberField('device_id', { helper: rangeHint(DEVICE_ID_MIN, DEVICE_ID_MAX) })}</Grid>
          </Grid>
          <FormControl component="fieldset" disabled={locked} sx={{ my: 1, display: 'block' }}>
            <FormLabel component="legend">{t('fields.mode')}</FormLabel>
            <RadioGroup row value={value.mode} onChange={(e) => form.change({ mode: e.target.value as SecsMode })}>
              {SECS_MODES.map((mode) => (
                <FormControlLabel key={mode} value={mode} control={<Radio />} label={t(`mode.${mode}`)} sx={{ minHeight: 44 }} />
              ))}
            </RadioGroup>
            <Typography variant="body2" color="text.secondary">
              {t(`mode_hint.${value.mode}`)}
            </Typography>
          </FormControl>
          <Grid container spacing={2} sx={{ mt: 1 }}>
            {value.mode === 'passive' ? (
              <Grid size={{ xs: 12, sm: 6 }}>{numberField('port', { helper: t('fields.port_hint') })}</Grid>
            ) : (
              <>
                <Grid size={{ xs: 12, sm: 8 }}>
                  <TextField
                    id="secs-remote_host"
                    fullWidth
                    label={t('fields.remote_host')}
                    value={value.remote_host}
                    onChange={(e) => form.change({ remote_host: e.target.value })}
                    error={Boolean(problems.remote_host)}
                    helperText={problemText(t, 'remote_host', problems.remote_host) ?? t('fields.remote_host_hint')}
                    disabled={locked}
                    slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, autoCapitalize: 'none' } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>{numberField('remote_port')}</Grid>
              </>
            )}
          </Grid>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
            {t('settings.timers')}
          </Typography>
          <Grid container spacing={2}>
            {SECS_TIMERS.map((timer) => (
              <Grid key={timer} size={{ xs: 12, sm: 6 }}>
                {numberField(timer, { seconds: true, helper: t('fields.hint_and_range', { hint: t(`timer_hint.${timer}`), range: rangeHint(SECS_TIMER_RANGES[timer].min, SECS_TIMER_RANGES[timer].max) }) })}
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6 }}>{numberField('linktest_interval', { seconds: true, helper: t('fields.linktest_hint', { min: LINKTEST_MIN, max: LINKTEST_MAX }) })}</Grid>
          </Grid>
        </>
      ) : null}
    </SettingsCard>
  );
}

/** SECS/GEM (specification §2): the HSMS-SS endpoint's connection (state, peer, since when, the last
 * error), read every 2 s while the screen is open, and its settings. */
export default function SecsPage() {
  const { t } = useTranslation(SECS_NS);
  const status = useSecsStatusQuery(undefined, { pollingInterval: STATUS_POLL_MS, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true });
  const settings = useSecsSettingsQuery();
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.secs_gem', { ns: 'shell' })}
      </Typography>
      {status.data ? (
        <StatusCard status={status.data} settings={settings.data} />
      ) : status.isError ? (
        <Box sx={{ mb: 2 }}>
          <LoadFailed message={t('status.load_failed')} error={status.error} onRetry={() => void status.refetch()} />
        </Box>
      ) : (
        <Loading label={t('status.loading')} />
      )}
      <SettingsForm />
    </Box>
  );
}
