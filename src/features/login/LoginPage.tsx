import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import InputAdornment from '@mui/material/InputAdornment';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ADMIN_MODE_ACCOUNTS, type AdminModeAccount } from '../../../contract/roles';
import { MIN_DESIGN_SOFTWARE_VERSION } from '../../../contract/versions';
import { useAppDispatch } from '../../../store';
import { signedIn } from '../../../store/session-slice';
import { useLoginInfoQuery, useSignInAdminMutation, useSignInAppMutation } from '../../../store/api/auth-endpoints';
import { LanguageSelect } from '../../components/LanguageSelect';
import { loginErrorMessage } from './login-error';
import { homeOf, safeRedirect } from '../../app/paths';

export type LoginMode = 'admin' | 'app';

/** `/admin/login` (account choice Admin / Update / History) and `/app/login` (user name). */
export function LoginPage({ mode }: { mode: LoginMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
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
  const serverMessage = loginErrorMessage(state.error);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (usernameMissing || passwordMissing) return;
    const result =
      mode === 'admin' ? await signInAdmin({ account, password }) : await signInApp({ username: username.trim(), password });
    if (result.data) {
      dispatch(signedIn(result.data));
      navigate(safeRedirect(search.get('redirect'), mode) ?? homeOf(mode), { replace: true });
    }
  };

  const model = info.data?.model ?? '';
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 440 }} variant="outlined">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2, gap: 2 }}>
            <Box>
              <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1 }}>
                {model}
              </Typography>
              <Typography variant="h5" component="h1">
                {t('login.welcome')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(mode === 'admin' ? 'login.subtitle_admin' : 'login.subtitle_app')}
              </Typography>
            </Box>
            <LanguageSelect />
          </Stack>

          <Box component="form" id={formId} noValidate onSubmit={submit}>
            <Stack spacing={2.5}>
              <TextField
                label={t('login.hmi_name')}
                value={info.data?.hmi_name ?? ''}
                slotProps={{ input: { readOnly: true } }}
                variant="filled"
                size="small"
              />
              {mode === 'admin' ? (
                <Box role="group" aria-labelledby={`${formId}-account`}>
                  <Typography id={`${formId}-account`} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                    {t('login.account')}
                  </Typography>
                  <ToggleButtonGroup
                    exclusive
                    fullWidth
                    color="primary"
                    value={account}
                    onChange={(_e, value: AdminModeAccount | null) => value && setAccount(value)}
                  >
                    {ADMIN_MODE_ACCOUNTS.map((a) => (
                      <ToggleButton key={a} value={a}>
                        {t(`login.account_${a}`)}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                </Box>
              ) : (
                <TextField
                  label={t('login.username')}
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  autoComplete="username"
                  required
                  error={touched && usernameMissing}
                  helperText={touched && usernameMissing ? t('login.errors.username_required') : ' '}
                />
              )}
              <TextField
                label={t('login.password')}
                type={showPassword ? 'text' : 'password'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
                autoFocus
                required
                error={touched && passwordMissing}
                helperText={touched && passwordMissing ? t('login.errors.password_required') : ' '}
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <Button size="small" onClick={() => setShowPassword((s) => !s)} aria-pressed={showPassword}>
                          {t(showPassword ? 'login.hide_password' : 'login.show_password')}
                        </Button>
                      </InputAdornment>
                    ),
                  },
                }}
              />
              {serverMessage ? (
                <Alert severity="error" role="alert">
                  {t(serverMessage.key, serverMessage.values)}
                </Alert>
              ) : null}
              <Button type="submit" variant="contained" size="large" loading={state.isLoading}>
                {t('login.submit')}
              </Button>
            </Stack>
          </Box>

          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 3 }}>
            {t('login.version_note', { version: `V${MIN_DESIGN_SOFTWARE_VERSION}` })}
          </Typography>
          <Link component={RouterLink} to={mode === 'admin' ? '/app/login' : '/admin/login'} variant="body2">
            {t(mode === 'admin' ? 'login.to_user_mode' : 'login.to_admin_mode')}
          </Link>
        </CardContent>
      </Card>
    </Box>
  );
}
