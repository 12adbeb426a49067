import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isAdminModeAccount } from '../../../contract/roles';
import { failureOf, type Failure } from '../../../contract/failure';
import { hasFormErrors, strengthRulesFromWire, validatePasswordChangeForm } from '../../../contract/rules';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import { useStrengthRulesQuery } from '../../../store/api/system-endpoints';
import {
  useChangeAdminPasswordMutation,
  useChangeUserPasswordMutation,
  useUserInfoQuery,
} from '../../../store/api/uac-endpoints';
import {
  EMPTY_PASSWORD_FORM,
  PasswordChangeForm,
  type PasswordFormValues,
  type PasswordTextField,
} from './PasswordChangeForm';

/** Administration / System Password: the signed-in account changes its own password (admin may
 * change the Update and History passwords with it). */
export default function PasswordPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useUserInfoQuery();
  const rulesQuery = useStrengthRulesQuery();
  const [changeAdmin, adminState] = useChangeAdminPasswordMutation();
  const [changeUser, userState] = useChangeUserPasswordMutation();

  const [values, setValues] = useState<PasswordFormValues>(EMPTY_PASSWORD_FORM);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, take the keyboard (and the screen reader) to the first field in error.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const heading = (
    <Typography variant="h5" component="h1">
      {t('password.title')}
    </Typography>
  );

  if (user.isError || rulesQuery.isError) {
    return (
      <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        {heading}
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              onClick={() => {
                if (user.isError) void user.refetch();
                if (rulesQuery.isError) void rulesQuery.refetch();
              }}
            >
              {t('password.retry')}
            </Button>
          }
        >
          {t('password.load_failed')}
        </Alert>
      </Stack>
    );
  }

  if (!user.data || !rulesQuery.data) {
    return (
      <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        {heading}
        <LinearProgress aria-label={t('password.loading')} />
      </Stack>
    );
  }

  const username = user.data.username;
  const isAdmin = username === 'admin';
  const rules = strengthRulesFromWire(rulesQuery.data);
  const clientErrors = submitted ? validatePasswordChangeForm(values, rules) : {};
  const errors = clientErrors.password || !server?.failures ? clientErrors : { ...clientErrors, password: server.failures };
  const busy = adminState.isLoading || userState.isLoading;

  const edit = (field: PasswordTextField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // What the device said about the old new password no longer applies to the one being typed.
    if (field === 'password' && server?.failures) setServer((s) => s && { ...s, failures: undefined });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setAttempt((n) => n + 1);
    if (hasFormErrors(validatePasswordChangeForm(values, rules))) return;
    setServer(null);
    const result = isAdminModeAccount(username)
      ? await changeAdmin({ username, current: values.current, password: values.password, changeAll: isAdmin && values.changeAll })
      : await changeUser({ username, current: values.current, password: values.password });
    if (result.error) {
      setServer(failureOf(result.error));
      setAttempt((n) => n + 1);
      return;
    }
    if (result.data.status !== 'success') {
      // The call answered without saying `success`.
      setServer({ error_code: 'fail' });
      return;
    }
    dispatch(noticeShown({ key: 'password.changed', severity: 'success' }));
    setValues(EMPTY_PASSWORD_FORM);
    setSubmitted(false);
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      {heading}
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" ref={formRef} noValidate onSubmit={submit} aria-label={t('password.title')}>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {t(isAdmin ? 'password.intro_admin' : 'password.intro')}
              </Typography>
              <TextField
                label={t('password.account')}
                value={username}
                autoComplete="username"
                slotProps={{ input: { readOnly: true } }}
                variant="filled"
              />
              <PasswordChangeForm
                values={values}
                errors={errors}
                serverError={server}
                rules={rules}
                showChangeAll={isAdmin}
                onEdit={edit}
                onToggleChangeAll={(changeAll) => setValues((v) => ({ ...v, changeAll }))}
                disabled={busy}
              />
              <Box>
                <Button type="submit" variant="contained" size="large" loading={busy}>
                  {t('password.submit')}
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}
