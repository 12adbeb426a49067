import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { loadFailedText } from '../../components/LoadFailed';
import { strengthRulesFromWire, type PasswordStrengthRules } from '../../../contract/rules';
import { passwordChangeMachine, shownFieldErrors } from '../../../machines/password-change.machine';
import { useMachineActor } from '../../app/use-machine-actor';
import { accountActors } from '../../layout/account-actors';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import { useStrengthRulesQuery } from '../../../store/api/system-endpoints';
import { useUserInfoQuery } from '../../../store/api/uac-endpoints';
import { PasswordChangeForm } from '../../components/password/PasswordChangeForm';

/** Administration / System Password: the signed-in account changes its own password (admin may
 * change the Update and History passwords with it). */
export default function PasswordPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useUserInfoQuery();
  const rulesQuery = useStrengthRulesQuery();
  // Each successful change starts a new flow (a new key), so the form comes back empty.
  const [round, setRound] = useState(0);

  const heading = (
    <Typography variant="h5" component="h1">
      {t('password.title')}
    </Typography>
  );

  if (user.isError || rulesQuery.isError) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
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
          {loadFailedText(t, user.isError ? user.error : rulesQuery.error, t('password.load_failed'))}
        </Alert>
      </Stack>
    );
  }

  if (!user.data || !rulesQuery.data) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        {heading}
        <LinearProgress aria-label={t('password.loading')} />
      </Stack>
    );
  }

  const username = user.data.username;
  const rules = strengthRulesFromWire(rulesQuery.data);
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      {heading}
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <PasswordChangeCard
            key={round}
            username={username}
            rules={rules}
            onChanged={() => {
              dispatch(noticeShown({ key: 'password.changed', severity: 'success' }));
              // A fresh flow, with an empty form, for the next change.
              setRound((n) => n + 1);
            }}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}

/** The change form of the page, run by the password-change machine (one flow per mount). */
function PasswordChangeCard({ username, rules, onChanged }: { username: string; rules: PasswordStrengthRules; onChanged: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const isAdmin = username === 'admin';
  const { changePassword } = accountActors(dispatch);
  const change = useMachineActor(passwordChangeMachine, {
    actors: { changePassword },
    input: { username, isAdmin, rules, live: true },
    onSnapshot: (snapshot) => {
      if (snapshot.status === 'done') onChanged();
    },
  });
  const snapshot = useSelector(change, (s) => s);
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, take the keyboard (and the screen reader) to the first field in error.
  useEffect(() => {
    if (context.attempts === 0) return;
    formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [context.attempts]);

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        change.send({ type: 'password.submit' });
      }}
      aria-label={t('password.title')}
    >
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
          values={context.form}
          errors={shownFieldErrors(context)}
          serverError={context.serverError}
          rules={context.rules}
          showChangeAll={isAdmin}
          onEdit={(field, value) => change.send({ type: 'password.edit', field, value })}
          onToggleChangeAll={(value) => change.send({ type: 'password.toggleChangeAll', value })}
          disabled={busy}
        />
        <Box>
          <Button type="submit" variant="contained" size="large" loading={busy}>
            {t('password.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
