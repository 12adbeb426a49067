import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FtpStatus } from '../../../contract/api/ftp';
import { FTP_ACCOUNTS, FTP_PORT_MAX, FTP_PORT_MIN, PASSIVE_RANGE_MIN_PORTS, ftpSettingsProblems, tlsRequired, type FtpSettingsFields } from '../../../contract/rules/ftp';
import { useFtpSettingsQuery, useFtpStatusQuery, useSetFtpSettingsMutation } from '../../../store/api/ftp-endpoints';
import { FeatureNotEnabled } from '../../components/FeatureNotEnabled';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { SettingsCard } from '../../components/settings/SettingsCard';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { readWholeNumber } from '../../components/settings/whole-number';

export const FTP_NS = 'ftp';
/** The status is read again this often while the screen is open (sessions come and go). */
export const STATUS_POLL_MS = 5_000;

type PortField = 'port' | 'passive_from' | 'passive_to';
type Draft = Omit<FtpSettingsFields, PortField> & Record<PortField, string>;

const toDraft = (s: FtpSettingsFields): Draft => ({ ...s, port: String(s.port), passive_from: String(s.passive_from), passive_to: String(s.passive_to) });
const normalise = (d: Draft): FtpSettingsFields => ({
  ...d,
  port: readWholeNumber(d.port),
  passive_from: readWholeNumber(d.passive_from),
  passive_to: readWholeNumber(d.passive_to),
});

function problemText(t: TFunction, problem: string | undefined): string | undefined {
  if (!problem) return undefined;
  return t(`problem.${problem}`, { min: FTP_PORT_MIN, max: FTP_PORT_MAX, n: PASSIVE_RANGE_MIN_PORTS });
}

function StatusCard({ status }: { status: FtpStatus }) {
  const { t, i18n } = useTranslation(FTP_NS);
  const color = status.state === 'running' ? 'success' : status.state === 'error' ? 'error' : 'default';
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="ftp-status">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('status.title')}
          </Typography>
          <Chip label={t(`state.${status.state}`)} color={color} data-testid="ftp-state" />
        </Box>
        {status.reason ? (
          <Alert severity={status.state === 'error' ? 'error' : 'info'} sx={{ mb: 1 }} data-testid="ftp-reason">
            {t(`reason.${status.reason}`, { port: status.port, min: FTP_PORT_MIN, max: FTP_PORT_MAX })}
          </Alert>
        ) : null}
        <Typography variant="body1" sx={{ wordBreak: 'break-all' }} data-testid="ftp-address">
          {t('status.address')}: {status.url ?? `ftp://${status.address}:${status.port}`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('status.passive', { from: status.passive.from, to: status.passive.to })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {status.tls.required ? t('status.tls_required') : t('status.tls_optional')}
        </Typography>
        {!status.tls.required ? (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="ftp-insecure">
            {t('status.insecure')}
          </Alert>
        ) : null}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
          {t('sessions.title', { n: status.sessions.length })}
        </Typography>
        {status.sessions.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('sessions.none')}
          </Typography>
        ) : (
          <List dense data-testid="ftp-sessions">
            {status.sessions.map((s) => (
              <ListItem key={`${s.account}-${s.address}-${s.since}`} disableGutters>
                <ListItemText
                  primary={`${t(`accounts.${s.account}`)} — ${s.address}`}
                  secondary={`${t('sessions.since', { time: time.format(new Date(s.since)) })} · ${s.secure ? t('sessions.secure') : t('sessions.plain')}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ httpOff }: { httpOff: boolean }) {
  const { t } = useTranslation(FTP_NS);
  const query = useFtpSettingsQuery();
  const [save] = useSetFtpSettingsMutation();
  const form = useSettingsForm({
    stored: query.data,
    toDraft,
    normalise,
    problems: ftpSettingsProblems,
    save: (value) => save(value).unwrap(),
  });
  const value = form.value;
  const problems = form.problems ?? {};
  const locked = form.busy;
  const numberField = (key: PortField, helper?: string) => (
    <TextField
      id={`ftp-${key}`}
      fullWidth
      label={t(`fields.${key}`)}
      value={value?.[key] ?? ''}
      onChange={(e) => form.change({ [key]: e.target.value })}
      error={Boolean(problems[key])}
      helperText={problemText(t, problems[key]) ?? helper ?? ' '}
      disabled={locked}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
    />
  );
  const forcedTls = httpOff;
  return (
    <SettingsCard title={t('settings.title')} form={form} loadFailed={query.isError} loadError={query.error} onRetry={() => void query.refetch()} loadingHeight={520}>
      {value ? (
        <>
          <FormControlLabel
            control={<Switch checked={value.enabled} onChange={(e) => form.change({ enabled: e.target.checked })} disabled={locked} />}
            label={t('fields.enabled')}
            sx={{ minHeight: 44, mb: 1 }}
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12 }}>{numberField('port', t('fields.port_hint', { min: FTP_PORT_MIN, max: FTP_PORT_MAX }))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{numberField('passive_from')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{numberField('passive_to', t('fields.passive_hint', { n: PASSIVE_RANGE_MIN_PORTS }))}</Grid>
          </Grid>
          <FormControlLabel
            control={<Switch checked={tlsRequired(value.require_tls, !httpOff)} onChange={(e) => form.change({ require_tls: e.target.checked })} disabled={locked || forcedTls} />}
            label={t('fields.require_tls')}
            sx={{ minHeight: 44 }}
          />
          <FormHelperText sx={{ mt: 0, mb: 1 }}>{forcedTls ? t('fields.tls_forced') : t('fields.tls_hint')}</FormHelperText>
          {!tlsRequired(value.require_tls, !httpOff) ? (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="ftp-insecure-setting">
              {t('status.insecure')}
            </Alert>
          ) : null}
          <FormControl component="fieldset" disabled={locked} sx={{ mb: 1, display: 'block' }}>
            <FormLabel component="legend">{t('fields.accounts')}</FormLabel>
            <FormGroup>
              {FTP_ACCOUNTS.map((account) => (
                <FormControlLabel
                  key={account}
                  control={<Checkbox checked={value.accounts[account]} onChange={(e) => form.change({ accounts: { ...value.accounts, [account]: e.target.checked } })} />}
                  label={t(`accounts_hint.${account}`)}
                  sx={{ minHeight: 44 }}
                />
              ))}
            </FormGroup>
            <FormHelperText>{t('fields.accounts_hint')}</FormHelperText>
          </FormControl>
          <FormControlLabel
            control={<Switch checked={value.media_writable} onChange={(e) => form.change({ media_writable: e.target.checked })} disabled={locked} />}
            label={t('fields.media_writable')}
            sx={{ minHeight: 44 }}
          />
          <FormHelperText sx={{ mt: 0 }}>{t('fields.media_writable_hint')}</FormHelperText>
        </>
      ) : null}
    </SettingsCard>
  );
}

/** FTP (specification §3, §5, §9): the server's state, address and live sessions, and its
 * settings. When the running project does not enable FTP the screen says so first (§2); the
 * settings stay open to prepare. */
export default function FtpPage() {
  const { t } = useTranslation(FTP_NS);
  const status = useFtpStatusQuery(undefined, { pollingInterval: STATUS_POLL_MS, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true });
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.ftp', { ns: 'shell' })}
      </Typography>
      {status.data && !status.data.project_enabled ? (
        <Box sx={{ mb: 2 }} data-testid="ftp-not-enabled">
          <FeatureNotEnabled message={t('not_enabled')} />
        </Box>
      ) : null}
      {status.data ? (
        <StatusCard status={status.data} />
      ) : status.isError ? (
        <Box sx={{ mb: 2 }}>
          <LoadFailed message={t('status.load_failed')} error={status.error} onRetry={() => void status.refetch()} />
        </Box>
      ) : (
        <Loading label={t('status.loading')} />
      )}
      <SettingsForm httpOff={status.data?.tls.http_off ?? false} />
    </Box>
  );
}
