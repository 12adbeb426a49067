import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract/api/define';
import type { getSettings } from '../../../contract/api/remote-access';
import {
  PROXY_PROTOCOLS,
  REMOTE_REGIONS,
  remoteAccessProblems,
  type ProxyProtocol,
  type RemoteAccessInput,
  type RemoteField,
  type RemoteProblems,
  type RemoteRegion,
} from '../../../contract/rules/remote-access';
import { useRemoteAccessSettingsQuery, useSetRemoteAccessSettingsMutation } from '../../../store/api/remote-access-endpoints';
import { FactRow } from '../../components/FactRow';
import { LoadFailed } from '../../components/LoadFailed';
import { SettingsCard } from '../../components/settings/SettingsCard';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { displayTime } from '../../i18n/format';
import { REMOTE_NS, fieldId, problemText } from './messages';
import { useRemoteAccess, type RemoteAccessView } from './use-remote-access';

type Stored = ResponseOf<typeof getSettings>;
interface Draft {
  partner_name: string;
  partner_password: string;
  region: RemoteRegion;
  custom_host: string;
  custom_port: string;
  proxy_protocol: ProxyProtocol;
  proxy_host: string;
  proxy_port: string;
  proxy_user: string;
  proxy_password: string;
}

const toDraft = (s: Stored): Draft => ({
  partner_name: s.partner_name,
  partner_password: '',
  region: s.region,
  custom_host: s.custom_host,
  custom_port: String(s.custom_port),
  proxy_protocol: s.proxy.protocol,
  proxy_host: s.proxy.host,
  proxy_port: String(s.proxy.port),
  proxy_user: s.proxy.user,
  proxy_password: '',
});
const portOf = (text: string) => (/^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : NaN);
const normalise = (d: Draft): RemoteAccessInput => ({
  partner_name: d.partner_name.trim(),
  partner_password: d.partner_password,
  region: d.region,
  custom_host: d.custom_host.trim(),
  custom_port: portOf(d.custom_port),
  proxy: { protocol: d.proxy_protocol, host: d.proxy_host.trim(), port: portOf(d.proxy_port), user: d.proxy_user, password: d.proxy_password },
});

/** Moves the focus to a setting's control (a code's "fix it" link). */
function focusField(field: RemoteField) {
  const el = document.getElementById(fieldId(field));
  el?.focus();
  el?.scrollIntoView?.({ block: 'center' });
}

const PHASE_COLOR = { connected: 'success', connecting: 'info', occupied: 'warning', disconnected: 'error', not_activated: 'default', loading: 'default', unreachable: 'error', busy: 'default' } as const;

function StatusCard({ view, configured }: { view: RemoteAccessView; configured: boolean }) {
  const { t } = useTranslation(REMOTE_NS);
  const titleId = useId();
  const { phase, status, busy } = view;
  const shown = phase === 'unreachable' ? (status?.state ?? 'not_activated') : phase;
  const canConnect = phase === 'not_activated' || phase === 'disconnected';
  const canDisconnect = phase === 'connecting' || phase === 'connected' || phase === 'occupied' || phase === 'disconnected';
  const qr = status?.state === 'connected' && status.qr_svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(status.qr_svg)}` : null;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
            {t('status.title')}
          </Typography>
          {/* While the panel cannot be reached and nothing is known yet, no state is claimed. */}
          {phase === 'unreachable' && !status ? null : (
            <Chip label={t(`state.${shown}`)} color={PHASE_COLOR[shown]} data-testid="remote-state" role="status" />
          )}
        </Box>
        {phase === 'unreachable' ? <LoadFailed message={t('status.load_failed')} error={view.error} onRetry={view.retry} /> : null}
        {status?.state === 'connected' ? (
          <Grid container spacing={2} sx={{ mt: 0.5 }}>
            <Grid size={{ xs: 12, md: 8 }}>
              <Box component="dl" sx={{ m: 0 }}>
                <FactRow label={t('status.session_id')}>
                  <span data-testid="remote-session-id">{status.session_id}</span>
                </FactRow>
                <FactRow label={t('status.url')}>
                  <Link href={status.url} target="_blank" rel="noopener noreferrer" data-testid="remote-url" sx={{ wordBreak: 'break-all', display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
                    {status.url}
                  </Link>
                </FactRow>
                <FactRow label={t('status.domain')}>{status.domain}</FactRow>
                <FactRow label={t('status.version')}>{status.version}</FactRow>
              </Box>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', justifyContent: 'center' }}>
              {qr ? <Box component="img" src={qr} alt={t('status.qr_alt', { url: status.url })} data-testid="remote-qr" sx={{ width: 180, height: 180, bgcolor: '#fff' }} /> : null}
            </Grid>
          </Grid>
        ) : null}
        {status?.state === 'connecting' ? <Typography variant="body2">{t('status.connecting')}</Typography> : null}
        {status?.state === 'not_activated' ? (
          <Typography variant="body2" color="text.secondary">
            {configured ? t('status.not_activated') : t('status.not_configured')}
          </Typography>
        ) : null}
        {status?.state === 'occupied' ? (
          <Alert severity="warning" data-testid="remote-occupied">
            {t('status.occupied')}
            {status.retry_at ? ` ${t('status.retry_at', { time: displayTime(status.retry_at) })}` : ''}
          </Alert>
        ) : null}
        {status?.state === 'disconnected' && status.code ? (
          <Alert severity="error" data-testid="remote-code">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {/^\d+$/.test(status.code) ? t('code.label', { code: status.code }) : t(`code_name.${status.code}`)}
            </Typography>
            <Typography variant="body2">{t(`code.${status.code}`)}</Typography>
            {status.detail ? (
              <Typography variant="caption" component="p" sx={{ wordBreak: 'break-word', mt: 0.5 }}>
                {t('status.detail', { detail: status.detail })}
              </Typography>
            ) : null}
            {status.retry_at ? (
              <Typography variant="caption" component="p">
                {t('status.retry_at', { time: displayTime(status.retry_at) })}
              </Typography>
            ) : null}
            {status.field ? (
              <Button
                href={`#${fieldId(status.field)}`}
                onClick={(e) => {
                  e.preventDefault();
                  focusField(status.field!);
                }}
                sx={{ mt: 1, minHeight: 44 }}
                variant="outlined"
                color="inherit"
                data-testid="remote-fix"
              >
                {t('code.fix', { setting: t(`field.${status.field}`) })}
              </Button>
            ) : null}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          {canConnect ? (
            <Button variant="contained" onClick={view.connect} disabled={!configured || busy} loading={busy} sx={{ minHeight: 44 }} data-testid="remote-connect">
              {phase === 'disconnected' ? t('action.reconnect') : t('action.connect')}
            </Button>
          ) : null}
          {canDisconnect ? (
            <Button variant="outlined" onClick={view.disconnect} disabled={busy} sx={{ minHeight: 44 }} data-testid="remote-disconnect">
              {t('action.disconnect')}
            </Button>
          ) : null}
          {busy && !canConnect && !canDisconnect ? (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('status.working')}
            </Typography>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}

type TextKey = 'partner_name' | 'partner_password' | 'custom_host' | 'custom_port' | 'proxy_host' | 'proxy_port' | 'proxy_user' | 'proxy_password';

function SettingsSection({ stored, query, onSaved }: { stored: Stored | undefined; query: ReturnType<typeof useRemoteAccessSettingsQuery>; onSaved(): void }) {
  const { t } = useTranslation(REMOTE_NS);
  const [save] = useSetRemoteAccessSettingsMutation();
  const passwordSet = stored?.password_set ?? false;
  const proxyPasswordSet = stored?.proxy.password_set ?? false;
  const form = useSettingsForm({
    stored,
    toDraft,
    normalise,
    problems: (v: RemoteAccessInput): RemoteProblems => remoteAccessProblems(v, { partner: passwordSet, proxy: proxyPasswordSet }),
    save: async (v) => {
      await save(v).unwrap();
      onSaved();
    },
  });
  const value = form.value;
  const problems: RemoteProblems = form.problems ?? {};
  const shown = (key: RemoteField) => {
    const p = problems[key];
    return p === 'required' && !form.attempted ? undefined : p;
  };
  const field = (key: TextKey, options: { type?: string; numeric?: boolean; hint?: string; autoComplete?: string } = {}) =>
    value ? (
      <TextField
        fullWidth
        id={fieldId(key)}
        label={t(`field.${key}`)}
        type={options.type ?? 'text'}
        value={value[key]}
        onChange={(e) => form.change({ [key]: e.target.value })}
        error={Boolean(shown(key))}
        helperText={problemText(t, key, shown(key)) ?? options.hint ?? ' '}
        disabled={form.busy}
        slotProps={{ htmlInput: { inputMode: options.numeric ? 'numeric' : 'text', autoComplete: options.autoComplete ?? 'off', spellCheck: false, 'data-testid': `remote-${key}` } }}
      />
    ) : null;
  const storedRegion = stored?.stored_region ?? 'global';

  return (
    <SettingsCard title={t('settings.title')} form={form} loadFailed={query.isError} loadError={query.error} onRetry={() => void query.refetch()} loadingHeight={480}>
      {value ? (
        <Grid container spacing={2}>
          <Grid size={12}>
            <Typography variant="subtitle1" component="h3">
              {t('settings.partner')}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('partner_name', { hint: t('settings.partner_name_hint'), autoComplete: 'username' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('partner_password', { type: 'password', autoComplete: 'new-password', hint: passwordSet ? t('settings.password_kept') : undefined })}
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle1" component="h3">
              {t('settings.region')}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <ChoiceField
              id={fieldId('region')}
              testId="remote-region"
              label={t('field.region')}
              value={value.region}
              options={REMOTE_REGIONS}
              optionLabel={(r) => t(`region.${r}`)}
              disabled={form.busy}
              onChange={(region) => form.change({ region })}
            />
          </Grid>
          {value.region === 'custom' ? (
            <>
              <Grid size={{ xs: 12, sm: 6, md: 5 }}>{field('custom_host')}</Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('custom_port', { numeric: true })}</Grid>
            </>
          ) : value.region === stored?.region ? null : (
            // About to change to Global or China: say that it holds until the next restart.
            <Grid size={{ xs: 12, md: 8 }}>
              <Alert severity="info" data-testid="remote-region-note">
                {t('settings.until_reboot', { region: t(`region.${value.region}`), stored: t(`region.${storedRegion}`) })}
              </Alert>
            </Grid>
          )}
          {stored && stored.region !== stored.stored_region ? (
            <Grid size={12}>
              <Alert severity="warning" data-testid="remote-region-held">
                {t('settings.region_held', { region: t(`region.${stored.region}`), stored: t(`region.${stored.stored_region}`) })}
              </Alert>
            </Grid>
          ) : null}
          <Grid size={12}>
            <Typography variant="subtitle1" component="h3">
              {t('settings.proxy')}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <ChoiceField
              id="remote-access-proxy-protocol"
              testId="remote-proxy-protocol"
              label={t('field.proxy_protocol')}
              value={value.proxy_protocol}
              options={PROXY_PROTOCOLS}
              optionLabel={(p) => t(`proxy.${p}`)}
              disabled={form.busy}
              onChange={(proxy_protocol) => form.change({ proxy_protocol })}
            />
          </Grid>
          {value.proxy_protocol !== 'none' ? (
            <>
              <Grid size={{ xs: 12, sm: 6, md: 5 }}>{field('proxy_host')}</Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('proxy_port', { numeric: true })}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('proxy_user')}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {field('proxy_password', { type: 'password', autoComplete: 'new-password', hint: proxyPasswordSet ? t('settings.password_kept') : undefined })}
              </Grid>
            </>
          ) : null}
        </Grid>
      ) : null}
    </SettingsCard>
  );
}

/** Features / Remote Access (specification §3, §4, §8): the connection to the remote-access
 * service (its state, the session when connected, the code and the setting to fix when not), and
 * the partner account, region and proxy it is made with. */
export default function RemoteAccessPage() {
  const { t } = useTranslation(REMOTE_NS);
  const view = useRemoteAccess();
  const query = useRemoteAccessSettingsQuery();
  const configured = Boolean(query.data && query.data.partner_name !== '' && query.data.password_set);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.remote_access', { ns: 'shell' })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <StatusCard view={view} configured={configured} />
        <SettingsSection stored={query.data} query={query} onSaved={view.changed} />
      </Box>
    </Box>
  );
}

/** A choice among a few values (region, proxy protocol), each option tall enough for a finger. */
function ChoiceField<T extends string>(props: {
  id: string;
  testId: string;
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  disabled: boolean;
  onChange: (value: T) => void;
}) {
  return (
    <TextField
      select
      fullWidth
      id={props.id}
      label={props.label}
      value={props.value}
      disabled={props.disabled}
      helperText=" "
      onChange={(e) => props.onChange(e.target.value as T)}
      slotProps={{ htmlInput: { 'data-testid': props.testId } }}
    >
      {props.options.map((option) => (
        <MenuItem key={option} value={option} sx={{ minHeight: 44 }}>
          {props.optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
