import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import {
  useSetWebviewSettingsMutation,
  useUpdateWebviewUserMutation,
  useWebviewSettingsQuery,
  useWebviewUsersQuery,
} from '../../../store/api/webview-endpoints';
import type { ResponseOf } from '../../../contract/api/define';
import type { users as usersCall } from '../../../contract/api/webview';
import { WEBVIEW_ROLES, type WebviewRole } from '../../../contract/api/webview.routes';
import { SettingsCard } from '../../components/settings/SettingsCard';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { errorMessage } from '../../i18n/error-text';
import { idleTurned, MINUTES_RANGE, normalise, settingsProblems, toDraft, VIEWERS_RANGE, WEBVIEW_NS, type SettingsProblem } from './settings-form';
import { AddUserDialog, RemoveUserDialog, ResetPasswordDialog } from './UserDialogs';

export type WebviewAccount = ResponseOf<typeof usersCall>[number];

/** A failed change of a user: the device's reason, else "the user could not be changed". */
export const USER_ERROR_TEXTS = { fallback: 'webview:users.change_failed' } as const;

const TOUCH = { minHeight: 44 } as const;

function problemText(t: TFunction, problem: SettingsProblem | undefined, values: Record<string, number> = {}): string | undefined {
  return problem ? t(`problem.${problem}`, { ns: WEBVIEW_NS, ...values }) : undefined;
}

/** Features / WebView Setting: WebView on or off, the idle timeout, the home page, password-free
 * and automatic sign-in, the viewer limit, and the WebView users (docs/decisions.md#webview-users). */
export default function WebviewSettingPage() {
  const { t } = useTranslation(WEBVIEW_NS);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <SettingsSection />
        <UsersSection />
      </Box>
    </Box>
  );
}

function SettingsSection() {
  const { t } = useTranslation(WEBVIEW_NS);
  const query = useWebviewSettingsQuery();
  const users = useWebviewUsersQuery();
  const [save] = useSetWebviewSettingsMutation();
  const enabledUsers = (users.data ?? []).filter((u) => u.enabled).map((u) => u.username);
  const form = useSettingsForm({
    stored: query.data,
    toDraft,
    normalise,
    problems: (v) => settingsProblems(v, enabledUsers),
    save: (v) => save(v).unwrap(),
  });
  const value = form.value;
  const problems = form.problems ?? {};
  const toggle = (label: string, checked: boolean, onChange: (on: boolean) => void, testId?: string) => (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={form.busy} />}
      label={label}
      sx={{ ml: 0, gap: 1, ...TOUCH }}
      data-testid={testId}
    />
  );
  // The automatic sign-in user's choices: the enabled users, and the one chosen even if it is not
  // (the device refuses it; the field says why).
  const choices = value && value.autoLoginUser !== '' && !enabledUsers.includes(value.autoLoginUser) ? [...enabledUsers, value.autoLoginUser] : enabledUsers;

  return (
    <SettingsCard title={t('settings.title')} form={form} loadFailed={query.isError} loadError={query.error} onRetry={() => void query.refetch()} loadingHeight={420}>
      {value ? (
        <Box sx={{ display: 'grid', gap: 1.5, maxWidth: 640 }}>
          {toggle(t('settings.enabled'), value.enabled, (enabled) => form.change({ enabled }))}
          {!value.enabled ? (
            <Typography variant="body2" color="text.secondary" data-testid="webview-off">
              {t('settings.off_hint')}
            </Typography>
          ) : null}

          {toggle(t('settings.idle_timeout'), value.idleEnabled, (on) => form.change(idleTurned(on)))}
          {value.idleEnabled ? (
            <TextField
              label={t('settings.idle_minutes')}
              value={value.minutes}
              onChange={(e) => form.change({ minutes: e.target.value })}
              error={Boolean(problems.minutes)}
              helperText={problemText(t, problems.minutes, MINUTES_RANGE) ?? t('settings.idle_minutes_hint', MINUTES_RANGE)}
              disabled={form.busy}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              sx={{ maxWidth: 320 }}
            />
          ) : null}

          {toggle(t('settings.home_page'), value.homePage, (homePage) => form.change({ homePage }))}
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
            {t('settings.home_page_hint')}
          </Typography>

          {toggle(t('settings.password_free'), value.passwordFree, (passwordFree) => form.change({ passwordFree }))}
          {value.passwordFree ? (
            <Alert severity="warning" data-testid="password-free-warning">
              {t('settings.password_free_warning')}
            </Alert>
          ) : null}

          {toggle(t('settings.auto_login'), value.autoLogin, (autoLogin) => form.change({ autoLogin }))}
          {value.autoLogin ? (
            <TextField
              select
              label={t('settings.auto_login_user')}
              value={value.autoLoginUser}
              onChange={(e) => form.change({ autoLoginUser: e.target.value })}
              error={Boolean(problems.autoLoginUser)}
              helperText={problemText(t, problems.autoLoginUser) ?? t('settings.auto_login_hint')}
              disabled={form.busy}
              sx={{ maxWidth: 320 }}
            >
              {choices.map((name) => (
                <MenuItem key={name} value={name} sx={TOUCH}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}

          <TextField
            label={t('settings.max_viewers')}
            value={value.maxViewers}
            onChange={(e) => form.change({ maxViewers: e.target.value })}
            error={Boolean(problems.maxViewers)}
            helperText={problemText(t, problems.maxViewers, VIEWERS_RANGE) ?? t('settings.max_viewers_hint', VIEWERS_RANGE)}
            disabled={form.busy}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            sx={{ maxWidth: 320, mt: 1 }}
          />
        </Box>
      ) : null}
    </SettingsCard>
  );
}

type Dialog = { kind: 'add' } | { kind: 'reset'; user: WebviewAccount } | { kind: 'remove'; user: WebviewAccount } | null;

function UsersSection() {
  const { t } = useTranslation(WEBVIEW_NS);
  const dispatch = useAppDispatch();
  const query = useWebviewUsersQuery();
  const [update, updating] = useUpdateWebviewUserMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const headingId = 'webview-users-heading';

  const change = async (user: WebviewAccount, patch: { enabled?: boolean; role?: WebviewRole }) => {
    try {
      await update({ username: user.username, change: patch }).unwrap();
      dispatch(noticeShown({ key: 'webview:users.changed', values: { name: user.username }, severity: 'success' }));
    } catch (error) {
      dispatch(noticeShown({ ...errorMessage(error, USER_ERROR_TEXTS), severity: 'error' }));
    }
  };

  const columns: ListColumn<WebviewAccount>[] = [
    {
      key: 'username',
      header: t('users.username'),
      rowHeader: true,
      card: 'title',
      cell: (u) => u.username,
    },
    {
      key: 'builtin',
      header: t('users.builtin'),
      cell: (u) => (u.builtin ? t('users.builtin') : ''),
      fact: (u) => (u.builtin ? t('users.builtin_hint') : null),
      wide: true,
      prose: true,
    },
    {
      key: 'role',
      header: t('users.role'),
      cell: (u) => (
        <TextField
          select
          size="small"
          value={u.role}
          onChange={(e) => void change(u, { role: e.target.value as WebviewRole })}
          disabled={updating.isLoading}
          slotProps={{ htmlInput: { 'aria-label': t('users.role_of', { name: u.username }) } }}
          sx={{ minWidth: 200, '& .MuiInputBase-root': TOUCH }}
        >
          {WEBVIEW_ROLES.map((r) => (
            <MenuItem key={r} value={r} sx={TOUCH}>
              {t(`role.${r}`)}
            </MenuItem>
          ))}
        </TextField>
      ),
      wide: true,
    },
    {
      key: 'state',
      header: t('users.state'),
      card: 'aside',
      cell: (u) => (
        <FormControlLabel
          control={
            <Switch
              checked={u.enabled}
              onChange={(e) => void change(u, { enabled: e.target.checked })}
              disabled={updating.isLoading}
              slotProps={{ input: { 'aria-label': t('users.enable_user', { name: u.username }) } }}
            />
          }
          label={t(u.enabled ? 'users.enabled' : 'users.disabled')}
          sx={{ ml: 0, gap: 0.5, ...TOUCH }}
        />
      ),
    },
    {
      key: 'actions',
      header: t('users.actions'),
      headerHidden: true,
      card: 'actions',
      cell: (u) => (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" sx={TOUCH} onClick={() => setDialog({ kind: 'reset', user: u })} aria-label={t('users.reset_password_of', { name: u.username })}>
            {t('users.reset_password')}
          </Button>
          {!u.builtin ? (
            <Button variant="outlined" color="error" sx={TOUCH} onClick={() => setDialog({ kind: 'remove', user: u })} aria-label={t('users.remove_user', { name: u.username })}>
              {t('users.remove')}
            </Button>
          ) : null}
        </Box>
      ),
    },
  ];

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ mr: 'auto' }}>
            {t('users.title')}
          </Typography>
          <Button variant="contained" sx={TOUCH} onClick={() => setDialog({ kind: 'add' })} disabled={!query.data}>
            {t('users.add')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('users.intro')}
        </Typography>
        {query.isError && !query.data ? (
          <LoadFailed message={t('users.load_failed')} error={query.error} onRetry={() => void query.refetch()} />
        ) : !query.data ? (
          <Loading label={t('loading')} />
        ) : (
          <ResponsiveTable rows={query.data} rowKey={(u) => u.username} columns={columns} tableMinWidth={720} labelledBy={headingId} rowTestId={(u) => `webview-user-${u.username}`} />
        )}
      </CardContent>
      {dialog?.kind === 'add' ? <AddUserDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'reset' ? <ResetPasswordDialog user={dialog.user.username} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'remove' ? <RemoveUserDialog user={dialog.user.username} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}
