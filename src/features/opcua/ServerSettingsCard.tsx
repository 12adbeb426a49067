import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store';
import { opcuaApi, useOpcuaSettingsQuery } from '../../../store/api/opcua-endpoints';
import {
  OPCUA_DEFAULT_PORT,
  OPCUA_USERNAME_MAX,
  OPCUA_PASSWORD_MAX,
  OPCUA_USERS_MAX,
  SECURITY_MODES,
  SECURITY_POLICIES,
  TRACE_LEVELS,
  type SecurityPolicy,
} from '../../../contract/rules/opcua';
import { SettingsCard } from '../../components/settings/SettingsCard';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { AddIcon, DeleteIcon } from './icons';
import { OPCUA_NS, problemText } from './messages';
import { newUserKey, normalise, settingsProblems, toDraft, toggleMode, type SettingsDraft, type UserRow } from './server-settings-form';

/** How the policies are written in OPC UA (and in every client's endpoint list). */
export const POLICY_NAMES: Record<SecurityPolicy, string> = {
  basic256sha256: 'Basic256Sha256',
  aes128_sha256_rsaoaep: 'Aes128_Sha256_RsaOaep',
  aes256_sha256_rsapss: 'Aes256_Sha256_RsaPss',
};

/** The server's settings (§3): on/off, port, name, the security policy × mode matrix, user
 * authentication, trace level and discovery server. Saving applies them; a running server
 * restarts briefly (`onSaved` tells the status machine). */
/** The room the settings keep while they load: the trace log below them does not move (the form
 * itself is taller on every screen size). */
const SETTINGS_LOADING_HEIGHT = 640;

export function ServerSettingsCard({ onSaved, onRetry, restarting }: { onSaved(enabled: boolean): void; onRetry?: () => void; restarting: boolean }) {
  const { t } = useTranslation(OPCUA_NS);
  const dispatch = useAppDispatch();
  const query = useOpcuaSettingsQuery();
  const stored = useMemo(() => new Set((query.data?.users ?? []).map((u) => u.username)), [query.data]);
  const form = useSettingsForm({
    stored: query.data,
    toDraft,
    normalise,
    problems: (value) => settingsProblems(value, stored),
    save: async (value) => {
      const saved = await dispatch(opcuaApi.endpoints.setOpcuaSettings.initiate(value)).unwrap();
      // The form shows what the device now holds at once (the refetch follows).
      await dispatch(opcuaApi.util.upsertQueryData('opcuaSettings', undefined, saved));
      onSaved(value.enabled);
    },
  });
  const securityId = useId();
  const usersId = useId();
  const discoveryId = useId();

  // A value still to be given (a new user's name and password, the discovery URL just asked for)
  // is said to be missing once its field has been used, not the moment it appears.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const touch = (id: string) => setTouched((now) => (now.has(id) ? now : new Set(now).add(id)));
  const missing = <P extends string>(problem: P | undefined, id: string): P | undefined =>
    problem === undefined || ((problem === 'required' || problem === 'password_required') && !touched.has(id) && !id.startsWith('stored-')) ? undefined : problem;

  const value = form.value;
  const problems = form.problems ?? {};
  const change = (patch: Partial<SettingsDraft> | ((d: SettingsDraft) => Partial<SettingsDraft>)) => form.change(patch);
  const changeUser = (key: string, patch: Partial<UserRow>) => {
    touch(key);
    change((d) => ({ users: d.users.map((u) => (u.key === key ? { ...u, ...patch } : u)) }));
  };

  return (
    <SettingsCard title={t('settings.title')} loadingHeight={SETTINGS_LOADING_HEIGHT} form={form} loadFailed={query.isError} loadError={query.error} onRetry={onRetry ?? (() => void query.refetch())}>
      {value ? (
        <Stack spacing={3}>
          <Alert severity="info" variant="outlined">
            {t('settings.restart_note')}
          </Alert>
          <FormControlLabel
            control={<Switch checked={value.enabled} onChange={(e) => change({ enabled: e.target.checked })} />}
            label={t('settings.enabled')}
            sx={{ ml: 0, minHeight: 44, gap: 1 }}
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                fullWidth
                label={t('settings.port')}
                value={value.port}
                onChange={(e) => change({ port: e.target.value })}
                error={Boolean(problems.port)}
                helperText={problemText(t, problems.port) ?? t('settings.port_hint', { port: OPCUA_DEFAULT_PORT })}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField
                fullWidth
                label={t('settings.server_name')}
                value={value.server_name}
                onChange={(e) => change({ server_name: e.target.value })}
                error={Boolean(problems.server_name)}
                helperText={problemText(t, problems.server_name) ?? t('settings.server_name_hint')}
                slotProps={{ htmlInput: { maxLength: 64, autoComplete: 'off' } }}
              />
            </Grid>
          </Grid>

          <Box role="group" aria-labelledby={securityId}>
            <Typography id={securityId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('settings.security')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('settings.security_hint')}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-labelledby={securityId} sx={{ maxWidth: 560 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('settings.policy')}</TableCell>
                    {SECURITY_MODES.map((mode) => (
                      // A mode's name wraps between words, never inside one (署名と暗号化 stays whole).
                      <TableCell key={mode} align="center" sx={{ wordBreak: 'keep-all' }}>
                        {t(`settings.mode.${mode}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {SECURITY_POLICIES.map((policy) => (
                    <TableRow key={policy}>
                      <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                        {POLICY_NAMES[policy]}
                      </TableCell>
                      {SECURITY_MODES.map((mode) => (
                        <TableCell key={mode} align="center" sx={{ py: 0 }}>
                          <Checkbox
                            checked={value.security[policy].includes(mode)}
                            onChange={(e) => change((d) => ({ security: toggleMode(d.security, policy, mode, e.target.checked) }))}
                            slotProps={{ input: { 'aria-label': t('settings.policy_mode', { policy: POLICY_NAMES[policy], mode: t(`settings.mode.${mode}`) }) } }}
                          />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <FormControlLabel
              control={<Checkbox checked={value.security.none} onChange={(e) => change((d) => ({ security: { ...d.security, none: e.target.checked } }))} />}
              label={t('settings.none')}
              sx={{ mt: 1 }}
            />
            {value.security.none ? (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {t('settings.none_warning')}
              </Alert>
            ) : null}
            {problems.security ? (
              <FormHelperText error role="alert">
                {problemText(t, problems.security)}
              </FormHelperText>
            ) : null}
          </Box>

          <Box role="group" aria-labelledby={usersId}>
            <Typography id={usersId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('settings.authentication')}
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={value.anonymous} onChange={(e) => change({ anonymous: e.target.checked })} />}
              label={t('settings.anonymous')}
            />
            {value.anonymous ? (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {t('settings.anonymous_warning')}
              </Alert>
            ) : null}
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('settings.users_hint')}
            </Typography>
            <Stack spacing={1.5}>
              {value.users.map((user, index) => {
                const given = problems.users?.get(index) ?? {};
                const rowProblems = { username: missing(given.username, user.key), password: missing(given.password, user.key) };
                const isStored = stored.has(user.username.trim());
                const name = user.username.trim() || t('settings.user_unnamed', { n: index + 1 });
                return (
                  <Box
                    key={user.key}
                    role="group"
                    aria-label={t('settings.user_group', { name })}
                    sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
                  >
                    <TextField
                      size="small"
                      label={t('settings.username')}
                      value={user.username}
                      onChange={(e) => changeUser(user.key, { username: e.target.value })}
                      onBlur={() => touch(user.key)}
                      error={Boolean(rowProblems.username)}
                      helperText={problemText(t, rowProblems.username) ?? ' '}
                      sx={{ flex: '1 1 180px' }}
                      slotProps={{ htmlInput: { maxLength: OPCUA_USERNAME_MAX, autoComplete: 'off', spellCheck: false } }}
                    />
                    <TextField
                      size="small"
                      type="password"
                      label={t('settings.password')}
                      value={user.password}
                      placeholder={isStored ? t('settings.password_unchanged') : undefined}
                      onChange={(e) => changeUser(user.key, { password: e.target.value })}
                      onBlur={() => touch(user.key)}
                      error={Boolean(rowProblems.password)}
                      helperText={problemText(t, rowProblems.password) ?? (isStored ? t('settings.password_keep_hint') : t('settings.password_new_hint'))}
                      sx={{ flex: '1 1 180px' }}
                      slotProps={{ htmlInput: { maxLength: OPCUA_PASSWORD_MAX, autoComplete: 'new-password' }, inputLabel: { shrink: isStored || user.password !== '' ? true : undefined } }}
                    />
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', minHeight: 40 }}>
                      {(['browse', 'read', 'write'] as const).map((right) => (
                        <FormControlLabel
                          key={right}
                          control={<Checkbox size="small" checked={user[right]} onChange={(e) => changeUser(user.key, { [right]: e.target.checked })} />}
                          label={t(`settings.rights.${right}`)}
                        />
                      ))}
                      <IconButton aria-label={t('settings.remove_user', { name })} onClick={() => change((d) => ({ users: d.users.filter((u) => u.key !== user.key) }))}>
                        <DeleteIcon />
                      </IconButton>
                    </Box>
                  </Box>
                );
              })}
            </Stack>
            <Button
              startIcon={<AddIcon />}
              sx={{ mt: 1 }}
              disabled={value.users.length >= OPCUA_USERS_MAX}
              onClick={() => change((d) => ({ users: [...d.users, { key: newUserKey(), username: '', password: '', browse: true, read: true, write: false }] }))}
            >
              {t('settings.add_user')}
            </Button>
            {!value.anonymous && value.users.length === 0 ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('settings.no_sign_in')}
              </Alert>
            ) : null}
          </Box>

          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              {/* A native select: the tablet's own picker, and the server tab, the page's first,
                  loads no menu or popover code. */}
              <TextField
                select
                fullWidth
                label={t('settings.trace_level')}
                value={value.trace_level}
                onChange={(e) => change({ trace_level: e.target.value as SettingsDraft['trace_level'] })}
                helperText={t('settings.trace_level_hint')}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {TRACE_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {t(`trace.levels.${level}`)}
                  </option>
                ))}
              </TextField>
            </Grid>
          </Grid>

          <Box role="group" aria-labelledby={discoveryId}>
            <Typography id={discoveryId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('settings.discovery')}
            </Typography>
            <FormControlLabel
              control={<Switch checked={value.discovery_on} onChange={(e) => change({ discovery_on: e.target.checked })} />}
              label={t('settings.discovery_on')}
              sx={{ ml: 0, minHeight: 44, gap: 1 }}
            />
            {value.discovery_on ? (
              <Grid container spacing={2} sx={{ mt: 0.5 }}>
                <Grid size={{ xs: 12, sm: 7 }}>
                  <TextField
                    fullWidth
                    label={t('settings.discovery_url')}
                    value={value.discovery_url}
                    placeholder="opc.tcp://lds.example.com:4840"
                    onChange={(e) => {
                      touch('discovery_url');
                      change({ discovery_url: e.target.value });
                    }}
                    onBlur={() => touch('discovery_url')}
                    error={Boolean(missing(problems.discovery_url, 'discovery_url'))}
                    helperText={problemText(t, missing(problems.discovery_url, 'discovery_url')) ?? t('settings.discovery_url_hint')}
                    slotProps={{ htmlInput: { maxLength: 256, autoComplete: 'off', spellCheck: false }, inputLabel: { shrink: true } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 5 }}>
                  <TextField
                    fullWidth
                    label={t('settings.discovery_comment')}
                    value={value.discovery_comment}
                    onChange={(e) => change({ discovery_comment: e.target.value })}
                    helperText=" "
                    slotProps={{ htmlInput: { maxLength: 256 } }}
                  />
                </Grid>
              </Grid>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('settings.discovery_off_hint')}
              </Typography>
            )}
          </Box>
          {restarting ? (
            // Beside Save too: the status card is out of sight down here.
            <Alert severity="info" data-testid="opcua-settings-restarting">
              {t('status.restarting')}
              <LinearProgress aria-label={t('status.phase.restarting')} sx={{ mt: 1 }} />
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </SettingsCard>
  );
}
