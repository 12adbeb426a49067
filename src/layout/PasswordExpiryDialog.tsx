import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { pathOf } from '../app/screens';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LinkedText } from '../components/LinkedText';
import { passwordExpiryMachine, type PasswordExpiryInput } from '../../machines/password-expiry.machine';
import { useAppDispatch } from '../../store';
import { PasswordChangeFields } from '../components/password/PasswordChangeFields';
import { accountActors } from './account-actors';
import { useMachineActor } from '../app/use-machine-actor';

/** The password-expiry dialog (specification §2); after a change the page reloads. */
export function PasswordExpiryDialog({ input, validityDays }: { input: PasswordExpiryInput; validityDays: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { passwordChange } = accountActors(dispatch);
  const expiry = useMachineActor(passwordExpiryMachine, {
    actors: { passwordChange },
    actions: { reloadPage: () => window.location.reload() },
    input,
  });
  const snapshot = useSelector(expiry, (s) => s);
  const flow = snapshot.children.passwordChange;
  const sending = useSelector(flow, (s) => s?.hasTag('busy') ?? false);
  const { context } = snapshot;
  // Sending, or changed and about to reload.
  const busy = sending || snapshot.matches('changed');
  const send = expiry.send;

  if (snapshot.status === 'done' && snapshot.matches('dismissed')) return null;
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={() => undefined} aria-labelledby="expiry-title">
      <DialogTitle id="expiry-title">{t('expiry.title')}</DialogTitle>
      {busy ? <LinearProgress aria-label={t('common.loading')} /> : null}
      <DialogContent>
        {snapshot.matches('notice') ? (
          <>
            <Typography sx={{ mb: 2 }}>{t('expiry.notice', { count: validityDays })}</Typography>
            {/* While the device refuses every operation, a link elsewhere would lead nowhere: admin
                is told what can be done once the password is changed. */}
            {context.isAdmin && context.allowCancel ? (
              <Typography variant="body2" color="text.secondary" data-testid="expiry-hint">
                <LinkedText text={t('expiry.admin_hint')} link={<Link component={RouterLink} to={pathOf('security')} />} />
              </Typography>
            ) : null}
            {!context.allowCancel ? (
              <Typography variant="body2" color="text.secondary" data-testid="expiry-hint">
                {t(context.isAdmin ? 'expiry.blocked_admin' : 'expiry.blocked')}
              </Typography>
            ) : null}
          </>
        ) : snapshot.matches('changed') ? (
          <Alert severity="success">{t('password.changed')}</Alert>
        ) : (
          <PasswordChangeFields flow={flow} />
        )}
      </DialogContent>
      <DialogActions>
        {context.allowCancel ? (
          <Button disabled={busy} onClick={() => send({ type: 'expiry.cancel' })}>{t('common.cancel')}</Button>
        ) : null}
        {snapshot.matches('notice') ? (
          <Button variant="contained" onClick={() => send({ type: 'expiry.next' })}>{t('common.next')}</Button>
        ) : (
          <>
            <Button disabled={busy} onClick={() => send({ type: 'expiry.previous' })}>{t('common.previous')}</Button>
            <Button variant="contained" loading={busy} onClick={() => flow?.send({ type: 'password.submit' })}>
              {t('common.finish')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
