import { useRef, useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import {
  EAP_METHODS,
  WIFI_SECURITIES,
  addressProblems,
  normalizeWifiConnect,
  wifiConnectProblems,
  DEFAULT_WIFI_CONNECT,
  type WifiConnectSettings,
  type WifiField,
  type WifiProblem,
  type WifiState,
} from '../../../contract/rules/network';
import { useAppDispatch } from '../../../store';
import {
  networkApi,
  useDisconnectWifiMutation,
  useLazyScanWifiQuery,
  useSetWifiEnabledMutation,
  useWifiQuery,
} from '../../../store/api/network-endpoints';
import { errorCodeOf } from '../../../contract/failure';
import { AddressFields } from './AddressFields';
import { errorText, SETTINGS_ERROR_TEXTS } from '../../i18n/error-text';
import { NETWORK_NS, problemText } from './messages';
import { PasswordField } from './PasswordField';
import { PemFileField } from './PemFileField';
import { SafeApplyBar } from './SafeApplyBar';
import { useSafeApply } from './use-safe-apply';
import type { ApplyResult } from '../../../machines/safe-apply.machine';

const STATE_COLOR: Record<WifiState, 'success' | 'info' | 'default' | 'error' | 'warning'> = {
  connected: 'success',
  connecting: 'info',
  unknown: 'default',
  disconnected: 'default',
  disabled: 'default',
  password_error: 'error',
  file_open_error: 'error',
};

/** The radio is still working on a connection: its outcome is to come. */
const settling = (state: WifiState) => state === 'connecting' || state === 'unknown';
const resultOf = (state: WifiState): ApplyResult => ({ result: state, settled: !settling(state) });

/** How each outcome of a connect reads. */
const RESULT_SEVERITY: Record<WifiState, AlertColor> = {
  connected: 'success',
  connecting: 'info',
  unknown: 'info',
  disconnected: 'warning',
  disabled: 'warning',
  password_error: 'error',
  file_open_error: 'error',
};

/** While the radio is busy its state is asked for every second, else every five. */
const pollingFor = (state: WifiState | undefined) => (state === 'connecting' || state === 'unknown' ? 1000 : 5000);

function SignalBars({ signal }: { signal: number }) {
  const bars = signal >= 75 ? 4 : signal >= 50 ? 3 : signal >= 25 ? 2 : 1;
  return (
    <Box component="span" aria-hidden sx={{ display: 'inline-flex', alignItems: 'flex-end', gap: '2px', height: 16, mr: 1 }}>
      {[1, 2, 3, 4].map((b) => (
        <Box key={b} component="span" sx={{ width: 4, height: 4 * b, bgcolor: b <= bars ? 'primary.main' : 'action.disabled', borderRadius: '1px' }} />
      ))}
    </Box>
  );
}

/** Wi-Fi: radio on/off, live connection state, scan, connect with every security. */
export default function WifiPage() {
  const { t } = useTranslation(NETWORK_NS);
  const dispatch = useAppDispatch();
  // The interval follows the state the device last reported (the same cache entry).
  const known = networkApi.endpoints.wifi.useQueryState(undefined).data?.state;
  const query = useWifiQuery(undefined, { pollingInterval: pollingFor(known), skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true });
  const data = query.data;
  const [setEnabled, enabling] = useSetWifiEnabledMutation();
  const [disconnect, disconnecting] = useDisconnectWifiMutation();
  const [scan, scanned] = useLazyScanWifiQuery();
  const [actionError, setActionError] = useState<string | null>(null);
  // The network of the last connect, named by its outcome.
  const attempted = useRef('');

  // A connect is not done when the device takes it: the radio reports the outcome seconds later,
  // and the flow follows the state until it does (the notice then names it).
  const flow = useSafeApply<WifiConnectSettings>(
    async ({ request, safe }) => {
      attempted.current = request.ssid;
      const result = await dispatch(networkApi.endpoints.connectWifi.initiate({ settings: request, safe })).unwrap();
      return { pending: result.pending, outcome: resultOf(result.state) };
    },
    data?.pending?.section === 'wifi' ? data.pending : null,
    query.fulfilledTimeStamp,
    async () => resultOf((await dispatch(networkApi.endpoints.wifi.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap()).state),
  );
  // The connect form starts blank and keeps what was typed after a connect, to try again.
  const connect = useSettingsForm({ stored: DEFAULT_WIFI_CONNECT, normalise: normalizeWifiConnect, problems: wifiConnectProblems, safeApply: flow, keepOnSuccess: true });


  const form = connect.value ?? DEFAULT_WIFI_CONNECT;
  const problems: Partial<Record<WifiField, WifiProblem>> = connect.problems ?? {};
  // A missing value is named once Connect was tried; a wrong one as soon as something is typed.
  const touched = connect.attempted;
  const shown = (field: WifiField) => (touched || (field !== 'ssid' && form[field as keyof WifiConnectSettings] !== '') ? problems[field] : undefined);
  const change = connect.change;
  const enterprise = form.security === 'wpa2_enterprise';
  const tls = enterprise && form.eap_method === 'tls';
  const needsPassword = form.security !== 'open' && !tls;
  const on = data?.enabled ?? false;

  const codeOf = (result: { error?: unknown }) => ('error' in result && result.error !== undefined ? errorCodeOf(result.error) : null);
  const toggle = async (enabled: boolean) => {
    setActionError(null);
    setActionError(codeOf(await setEnabled({ enabled })));
  };

  // A refusal says what to do about it, once: here, where the form is, and not again in the
  // status card while this says it.
  const describeResult = (result: string) => {
    const state = result as WifiState;
    const help = state === 'password_error' || state === 'file_open_error' ? ` ${t(`wifi.${state}_next`)}` : '';
    return { severity: RESULT_SEVERITY[state] ?? 'info', text: `${t(`wifi.outcome.${state}`, { ssid: attempted.current })}${help}` };
  };
  const outcomeSays = (state: WifiState) => flow.outcome && flow.state === 'applied' && flow.context.result === state;

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('wifi.title')}
      </Typography>
      {!data && query.isError ? (
        <Card variant="outlined" component="section" aria-label={t('wifi.status_title')}>
          <CardContent>
            <LoadFailed message={t('load_failed')} error={query.error} onRetry={() => void query.refetch()} />
          </CardContent>
        </Card>
      ) : !data ? (
        <Loading label={t('loading')} />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Stack spacing={2}>
              <Card variant="outlined" component="section" aria-label={t('wifi.status_title')}>
                <CardContent>
                  <FormControlLabel
                    control={<Switch checked={on} onChange={(e) => void toggle(e.target.checked)} disabled={enabling.isLoading || flow.busy} />}
                    label={t('wifi.enabled')}
                    sx={{ ml: 0, minHeight: 44, gap: 1 }}
                  />
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1, flexWrap: 'wrap' }} aria-live="polite">
                    <Typography variant="body2">{t('wifi.state_label')}</Typography>
                    <Chip color={STATE_COLOR[data.state]} label={t(`wifi.state.${data.state}`)} data-testid="wifi-state" />
                  </Box>
                  {data.ssid ? (
                    <Typography variant="body2">
                      {t('wifi.network', { ssid: data.ssid })}
                    </Typography>
                  ) : null}
                  <Typography variant="body2" color="text.secondary">
                    {t('fields.mac')}: <Box component="span" sx={{ fontFamily: 'monospace' }}>{data.mac}</Box>
                  </Typography>
                  {data.address.ip ? (
                    <Typography variant="body2" color="text.secondary" data-testid="wifi-address">
                      {t('wifi.address', { ip: data.address.ip, gateway: data.address.gateway || '—' })}
                    </Typography>
                  ) : null}
                  {data.state === 'password_error' && !outcomeSays('password_error') ? <Alert severity="error" sx={{ mt: 1 }}>{t('wifi.password_error_help')}</Alert> : null}
                  {data.state === 'file_open_error' && !outcomeSays('file_open_error') ? <Alert severity="error" sx={{ mt: 1 }}>{t('wifi.file_open_error_help')}</Alert> : null}
                  {actionError ? <Alert severity="error" sx={{ mt: 1 }}>{errorText(t, actionError, SETTINGS_ERROR_TEXTS)}</Alert> : null}
                  {/* Only a connection (made or being made) can be left. */}
                  {on && (data.state === 'connected' || data.state === 'connecting') ? (
                    <Button
                      sx={{ mt: 1 }}
                      variant="outlined"
                      onClick={() => void disconnect().then((r) => setActionError(codeOf(r)))}
                      loading={disconnecting.isLoading}
                      disabled={flow.busy}
                    >
                      {t('wifi.disconnect')}
                    </Button>
                  ) : null}
                </CardContent>
              </Card>
              <Card variant="outlined" component="section" aria-label={t('wifi.scan_title')}>
                <CardContent>
                  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                    <Typography variant="h6" component="h2">
                      {t('wifi.scan_title')}
                    </Typography>
                    <Button onClick={() => void scan(undefined, false)} loading={scanned.isFetching} disabled={!on}>
                      {t('wifi.scan')}
                    </Button>
                  </Box>
                  {!on ? <Typography variant="body2" color="text.secondary">{t('wifi.scan_off')}</Typography> : null}
                  {on && scanned.isError ? <Alert severity="error">{t('wifi.scan_failed')}</Alert> : null}
                  {on && scanned.data ? (
                    <List dense aria-label={t('wifi.scan_title')}>
                      {scanned.data.map((n) => (
                        <ListItemButton
                          key={n.ssid}
                          selected={form.ssid === n.ssid}
                          // Another network is a new attempt: what is missing is named after its Connect.
                          onClick={() => connect.restart({ ssid: n.ssid, security: n.security, password: '' })}
                          sx={{ minHeight: 48 }}
                        >
                          <SignalBars signal={n.signal} />
                          <ListItemText
                            primary={n.ssid}
                            secondary={`${t(`wifi.security.${n.security}`)} · ${t('wifi.signal', { signal: n.signal })}${n.connected ? ` · ${t('wifi.state.connected')}` : ''}`}
                          />
                        </ListItemButton>
                      ))}
                    </List>
                  ) : null}
                  {on && !scanned.data && !scanned.isFetching ? (
                    <Typography variant="body2" color="text.secondary">{t('wifi.scan_hint')}</Typography>
                  ) : null}
                </CardContent>
              </Card>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Card variant="outlined" component="section" aria-label={t('wifi.connect_title')}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                  {t('wifi.connect_title')}
                </Typography>
                {/* The whole card is the form: Connect is its submit button, so Enter in a field connects. */}
                <Box component="form" noValidate onSubmit={(e) => e.preventDefault()}>
                  <Box sx={{ display: 'grid', gap: 2 }}>
                    <TextField
                      label={t('wifi.ssid')}
                      value={form.ssid}
                      onChange={(e) => change({ ssid: e.target.value })}
                      error={Boolean(shown('ssid'))}
                      helperText={problemText(t, shown('ssid')) ?? ' '}
                      disabled={flow.busy}
                      slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
                    />
                    <TextField
                      select
                      label={t('wifi.security_label')}
                      value={form.security}
                      onChange={(e) => change({ security: e.target.value as WifiConnectSettings['security'] })}
                      disabled={flow.busy}
                    >
                      {WIFI_SECURITIES.map((s) => (
                        <MenuItem key={s} value={s}>
                          {t(`wifi.security.${s}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                    {enterprise ? (
                      <>
                        <TextField
                          select
                          label={t('wifi.eap_method')}
                          value={form.eap_method}
                          onChange={(e) => change({ eap_method: e.target.value as WifiConnectSettings['eap_method'] })}
                          disabled={flow.busy}
                        >
                          {EAP_METHODS.map((m) => (
                            <MenuItem key={m} value={m}>
                              {t(`wifi.eap.${m}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                        <TextField
                          label={t('wifi.identity')}
                          value={form.identity}
                          onChange={(e) => change({ identity: e.target.value })}
                          error={Boolean(touched && problems.identity)}
                          helperText={problemText(t, touched ? problems.identity : undefined) ?? ' '}
                          disabled={flow.busy}
                          slotProps={{ htmlInput: { autoComplete: 'off' } }}
                        />
                      </>
                    ) : null}
                    {needsPassword ? (
                      <PasswordField
                        label={t('wifi.password')}
                        value={form.password}
                        onChange={(password) => change({ password })}
                        error={Boolean(shown('password'))}
                        helperText={problemText(t, shown('password')) ?? (form.security === 'wep' ? t('wifi.wep_hint') : form.security === 'wpa_psk' ? t('wifi.wpa_hint') : ' ')}
                        disabled={flow.busy}
                      />
                    ) : null}
                    {enterprise ? (
                      <>
                        <PemFileField
                          label={t('wifi.ca_certificate')}
                          value={form.ca_certificate}
                          onChange={(text) => change({ ca_certificate: text })}
                          error={problemText(t, problems.ca_certificate)}
                          helper={t('wifi.ca_optional')}
                          disabled={flow.busy}
                        />
                        {tls ? (
                          <>
                            <PemFileField
                              label={t('wifi.user_certificate')}
                              value={form.user_certificate}
                              onChange={(text) => change({ user_certificate: text })}
                              error={problemText(t, shown('user_certificate'))}
                              disabled={flow.busy}
                            />
                            <PemFileField
                              label={t('wifi.private_key')}
                              value={form.private_key}
                              onChange={(text) => change({ private_key: text })}
                              error={problemText(t, shown('private_key')) ?? (flow.context.error === 'key_mismatch' ? errorText(t, 'key_mismatch') : undefined)}
                              disabled={flow.busy}
                            />
                            <TextField
                              label={t('wifi.key_password')}
                              type="password"
                              value={form.key_password}
                              onChange={(e) => change({ key_password: e.target.value })}
                              error={flow.context.error === 'key_password'}
                              helperText={flow.context.error === 'key_password' ? errorText(t, 'key_password') : t('wifi.key_password_hint')}
                              disabled={flow.busy}
                              slotProps={{ htmlInput: { autoComplete: 'off' } }}
                            />
                          </>
                        ) : null}
                      </>
                    ) : null}
                    <AddressFields
                      idPrefix="wlan"
                      value={form.ip}
                      onChange={(patch) => change((draft) => ({ ip: { ...draft.ip, ...patch } }))}
                      problems={addressProblems(form.ip)}
                      disabled={flow.busy}
                    />
                  </Box>
                  {!on ? <Alert severity="info" sx={{ mt: 2 }}>{t('wifi.turn_on_first')}</Alert> : null}
                  <SafeApplyBar
                    flow={flow}
                    canApply={on && !flow.busy}
                    applyLabel={t('wifi.connect')}
                    // Only a console reached over this Wi-Fi can be cut off by a new connection.
                    defaultSafe={data.address.ip !== '' && data.address.ip === window.location.hostname}
                    onApply={(safe) => void connect.submit(safe)}
                    describeResult={describeResult}
                    settlingText={t('wifi.outcome.waiting', { ssid: attempted.current })}
                    submit
                  />
                </Box>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
