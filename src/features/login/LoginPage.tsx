import { useEffect, useId, useState, type FormEvent } from 'react';
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
import { useWebviewSignInInfoQuery, webviewApi } from '../../../store/api/webview-endpoints';
import type { AppDispatch } from '../../../store';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LightTextField } from '../../components/LightTextField';
import { InlineError } from '../../components/InlineError';
import { DEVICE_ERROR_TEXTS, errorText, type ErrorTexts } from '../../i18n/error-text';

/** The sign-in page has the main texts only: the two refusals of user mode that are WebView's are
 * worded there too. */
const SIGN_IN_TEXTS: ErrorTexts = {
  ...DEVICE_ERROR_TEXTS,
  codes: {
    ...DEVICE_ERROR_TEXTS.codes,
    webview_disabled: 'translation:login.errors.webview_disabled',
    password_free_off: 'translation:login.errors.password_free_off',
  },
};

/** Automatic sign-in is tried once per page load: signing out (which comes back here without a
 * reload) does not sign straight back in. */
let autoSignInTried = false;

/** Tests start each page load afresh. */
export function resetAutoSignIn(): void {
  autoSignInTried = false;
}

/** The name typed instead of choosing a WebView user. */
const OTHER = '';

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
  // User mode: the WebView users to choose from, password-free and automatic sign-in.
  const webview = useWebviewSignInInfoQuery(undefined, { skip: mode !== 'app' });
  const webviewOn = mode === 'app' && webview.data?.enabled === true;
  const webviewUsers = webviewOn ? (webview.data?.users ?? []) : [];
  // Until the operator chooses, the first WebView user (the control user) is chosen: on a panel's
  // tablet that is who signs in, not another account typed by name.
  const [chosen, setChosen] = useState<string | null>(null);
  const chosenUser = chosen === null ? (webviewUsers[0]?.username ?? OTHER) : webviewUsers.some((u) => u.username === chosen) ? chosen : OTHER;
  const passwordFree = webviewOn && webview.data?.password_free === true && chosenUser !== OTHER;
  const autoUser = webviewOn ? (webview.data?.auto_login ?? null) : null;
  const [autoSigningIn, setAutoSigningIn] = useState(false);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [touched, setTouched] = useState(false);
  const formId = useId();

  const usernameMissing = mode === 'app' && chosenUser === OTHER && username.trim() === '';
  const passwordMissing = !passwordFree && password === '';
  // Only the main texts are loaded here: what is not specific to signing in is a device error.
  const serverMessage = state.error ? errorText(t, state.error, SIGN_IN_TEXTS) : null;

  // Automatic sign-in as WebView Setting's chosen user, once per page load.
  useEffect(() => {
    if (autoUser === null || autoSignInTried) return;
    autoSignInTried = true;
    setAutoSigningIn(true);
    void signInApp({ username: autoUser }).then((result) => {
      setAutoSigningIn(false);
      if (result.data) dispatch(signedIn(result.data));
    });
  }, [autoUser, signInApp, dispatch]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (usernameMissing || passwordMissing) return;
    const name = chosenUser !== OTHER ? chosenUser : username.trim();
    const result =
      mode === 'admin'
        ? await signInAdmin({ account, password })
        : await signInApp(passwordFree ? { username: name } : { username: name, password });
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
                <>
                  {mode === 'app' && webview.data && !webview.data.enabled ? (
                    // A plain box rather than MUI's Alert: the sign-in page has a budget (see InlineError).
                    <Box role="status" data-testid="webview-off" sx={{ px: 2, py: 1.5, borderRadius: 1, border: 1, borderColor: 'info.main', typography: 'body2' }}>
                      {t('login.webview_off')}
                    </Box>
                  ) : null}
                  {autoSigningIn ? (
                    <Typography role="status" variant="body2" color="text.secondary">
                      {t('login.auto_signing_in', { name: autoUser ?? '' })}
                    </Typography>
                  ) : null}
                  {webviewUsers.length > 0 ? (
                    <Box role="group" aria-labelledby={`${formId}-user`}>
                      <Typography id={`${formId}-user`} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                        {t('login.webview_user')}
                      </Typography>
                      {/* The users as toggle buttons (touch targets, no extra MUI on this page),
                          and another account typed by name, as before. */}
                      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                        {[...webviewUsers.map((u) => u.username), OTHER].map((name) => (
                          <Button
                            key={name || 'other'}
                            variant={chosenUser === name ? 'contained' : 'outlined'}
                            aria-pressed={chosenUser === name}
                            disableElevation
                            onClick={() => setChosen(name)}
                            sx={{ minHeight: 44, textTransform: 'none', flex: '1 1 auto' }}
                          >
                            {name === OTHER ? t('login.other_account') : name}
                          </Button>
                        ))}
                      </Box>
                    </Box>
                  ) : null}
                  {chosenUser === OTHER ? (
                    <LightTextField
                      label={t('login.username')}
                      value={username}
                      onChange={setUsername}
                      autoComplete="username"
                      required
                      error={touched && usernameMissing}
                      helperText={touched && usernameMissing ? t('login.errors.username_required') : ' '}
                    />
                  ) : null}
                </>
              )}
              {passwordFree ? (
                <Typography variant="body2" color="text.secondary" data-testid="password-free">
                  {t('login.password_free_note')}
                </Typography>
              ) : (
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
              )}
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
  if (window.location.pathname === '/app/login') dispatch(webviewApi.util.prefetch('webviewSignInInfo', undefined, {}));
}
