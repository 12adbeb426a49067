import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { VERIFY_TIMEOUT_MS, osUpdate } from '../../../machines/os-update.machine';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../store';
import { useLogoutMutation } from '../../../store/api/auth-endpoints';
import { signedOut } from '../../../store/session-slice';
import { loginOf } from '../../app/paths';
import { SignedUpdateFlowDialog, UpdateFailedAlert, type SignedUpdateArea, type SignedUpdateDialogProps } from '../../components/SignedUpdateFlowDialog';
import { errorText } from '../../i18n/error-text';

/** The ids and texts of this update's dialog and the steps it lists. */
const OS_UPDATE_DIALOG: SignedUpdateArea = { ns: 'os', idPrefix: 'os', stepIdPrefix: 'os-step-', steps: osUpdate.flow.steps };

/**
 * The blocking overlay of an OS update: the bytes sent, the device writing the image, the restart
 * waited through, then the outcome. It cannot be closed while the update runs; after success the
 * only way on is to sign in again.
 */
export function OsUpdateDialog(flow: SignedUpdateDialogProps) {
  const { snapshot } = flow;
  const { t } = useTranslation('os');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const { error, version } = snapshot.context;

  return (
    <SignedUpdateFlowDialog
      area={OS_UPDATE_DIALOG}
      {...flow}
      actions={
        snapshot.hasTag('succeeded') ? (
          <Button
            variant="contained"
            onClick={async () => {
              // The new OS asks for a new session: end this one on the device, forget it here.
              await logout().catch(() => undefined);
              dispatch(signedOut());
              navigate(loginOf('admin'), { replace: true });
            }}
          >
            {t('progress.sign_in')}
          </Button>
        ) : null
      }
    >
      {snapshot.hasTag('restarting') ? (
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('progress.rebooting', { minutes: VERIFY_TIMEOUT_MS / 60_000 })}
        </Typography>
      ) : null}
      {snapshot.hasTag('succeeded') ? (
        <Alert severity="success" role="status">
          <AlertTitle>{t('progress.succeeded', { version: version ?? '' })}</AlertTitle>
          {t('progress.sign_in_again')}
        </Alert>
      ) : null}
      {snapshot.hasTag('failed') ? <UpdateFailedAlert title={t('progress.failed')} cause={errorText(t, error ?? 'fail')} notes={[t('progress.unchanged')]} /> : null}
      {snapshot.hasTag('unverified') ? (
        <Alert severity="warning" role="alert">
          <AlertTitle>{t('progress.unverified', { minutes: VERIFY_TIMEOUT_MS / 60_000 })}</AlertTitle>
          {t('progress.reasons_intro')}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            <li>{t('progress.reason_old_os')}</li>
            <li>{t('progress.reason_ip')}</li>
            <li>{t('progress.reason_slow', { minutes: VERIFY_TIMEOUT_MS / 60_000 })}</li>
          </Box>
        </Alert>
      ) : null}
    </SignedUpdateFlowDialog>
  );
}
