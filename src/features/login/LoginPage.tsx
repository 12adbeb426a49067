import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ADMIN_MODE_ACCOUNTS, type AdminModeAccount } from '../../../contract/roles';
import { MIN_DESIGN_SOFTWARE_VERSION } from '../../../contract/versions';
import { useAppDispatch } from '../../../store';
import { signedIn } from '../../../store/session-slice';
import { authApi, useLoginInfoQuery, useSignInAdminMutation, useSignInAppMutation } from '../../../store/api/auth-endpoints';
import type { AppDispatch } from '../../../store';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LightTextField } from '../../components/LightTextField';
import { InlineError } from '../../components/InlineError';
import { DEVICE_ERROR_TEXTS, errorText } from '../../i18n/error-text';

export type LoginMode = 'admin' | 'app';

/** `/admin/login` (account choice Admin / Update / History) and `/app/login` (user name). */
export function LoginPage({ mode }: { mode: LoginMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const info = useLoginInfoQuery();
  const [signInAdmin, adminState] = useSignInAdminMutation();
  const [signInApp, appState] = useSignInAppMutation();
  const state = mode === 'admin' ? adminState : appState;

  const [account, setAccount] = useState<AdminModeAccount>('admin');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [touched, setTouched] = useState(false);
  const formId = useId();

  const usernameMissing = mode === 'app' && username.trim() === '';
  const passwordMissing = password === '';
  // Only the main texts are loaded here: what is not specific to signing in is a device error.
  const serverMessage = state.error ? errorText(t, state.error, DEVICE_ERROR_TEXTS) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (usernameMissing || passwordMissing) return;
    const result =
      mode === 'admin' ? await signInAdmin({ account, password }) : await signInApp({ username: username.trim(), password });
    // The guard of the login route then sends the user on (to `redirect` or home).
    if (result.data) dispatch(signedIn(result.data));
  };

  const model = info.data?.model ?? '';
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }} variant="outlined">
        <Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
            <Box>
              <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1 }}>
                {model}
              </Typography>
              <Typography variant="h5" component="h1">
                {t('login.welcome')}
              </Typography>
            </Box>
            <LanguageSelect />
          </Box>
          {/* The whole width under the title, not squeezed beside the language select. */}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            {t(mode === 'admin' ? 'login.subtitle_admin' : 'login.subtitle_app')}
          </Typography>

          <Box component="form" id={formId} noValidate onSubmit={submit}>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
              <LightTextField label={t('login.hmi_name')} value={info.data?.hmi_name ?? ''} readOnly size="small" />
              {mode === 'admin' ? (
                <Box role="group" aria-labelledby={`${formId}-account`}>
                  <Typography id={`${formId}-account`} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                    {t('login.account')}
                  </Typography>
                  {/* Three toggle buttons, one pressed: plain Buttons (already on this page)
                      rather than MUI's ToggleButtonGroup, which would cost the sign-in page 4 KB. */}
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    {ADMIN_MODE_ACCOUNTS.map((a) => (
                      <Button
                        key={a}
                        fullWidth
                        variant={account === a ? 'contained' : 'outlined'}
                        aria-pressed={account === a}
                        disableElevation
                        onClick={() => setAccount(a)}
                      >
                        {t(`login.account_${a}`)}
                      </Button>
                    ))}
                  </Box>
                </Box>
              ) : (
                <LightTextField
                  label={t('login.username')}
                  value={username}
                  onChange={setUsername}
                  autoComplete="username"
                  required
                  error={touched && usernameMissing}
                  helperText={touched && usernameMissing ? t('login.errors.username_required') : ' '}
                />
              )}
              <LightTextField
                label={t('login.password')}
                type={showPassword ? 'text' : 'password'}
                value={password}
                onChange={setPassword}
                autoComplete="current-password"
                autoFocus
                required
                error={touched && passwordMissing}
                helperText={touched && passwordMissing ? t('login.errors.password_required') : ' '}
                endAdornment={
                  <Button size="small" onClick={() => setShowPassword((s) => !s)} aria-pressed={showPassword} sx={{ flexShrink: 0 }}>
                    {t(showPassword ? 'login.hide_password' : 'login.show_password')}
                  </Button>
                }
              />
              {serverMessage ? (
                <InlineError>{serverMessage}</InlineError>
              ) : null}
              <Button type="submit" variant="contained" size="large" loading={state.isLoading}>
                {t('login.submit')}
              </Button>
            </Box>
          </Box>

          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 3 }}>
            {t('login.version_note', { version: `V${MIN_DESIGN_SOFTWARE_VERSION}` })}
          </Typography>
          <Box component={RouterLink} to={mode === 'admin' ? '/app/login' : '/admin/login'} sx={{ typography: 'body2', color: 'primary.main' }}>
            {t(mode === 'admin' ? 'login.to_user_mode' : 'login.to_admin_mode')}
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}

/** Asks for what the sign-in page shows from the device (its login information) as soon as the
 * console starts signed out, before the router renders the page (main.tsx). */
export function prefetchLoginData(dispatch: AppDispatch): void {
  dispatch(authApi.util.prefetch('loginInfo', undefined, {}));
}
