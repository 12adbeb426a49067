import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { VERIFY_TIMEOUT_MS, osUpdate } from '../../../machines/os-update.machine';
import type { SignedUpdateEvent, SignedUpdateSnapshot } from '../../../machines/signed-update.machine';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../store';
import { useLogoutMutation } from '../../../store/api/auth-endpoints';
import { signedOut } from '../../../store/session-slice';
import { loginOf } from '../../app/paths';
import { SignedUpdateFlowDialog } from '../../components/SignedUpdateFlowDialog';
import { errorText } from '../../i18n/error-text';

interface Props {
  snapshot: SignedUpdateSnapshot;
  send(event: SignedUpdateEvent): void;
  fileName: string;
  language: string;
}

/**
 * The blocking overlay of an OS update: the bytes sent, the device writing the image, the restart
 * waited through, then the outcome. It cannot be closed while the update runs; after success the
 * only way on is to sign in again.
 */
export function OsUpdateDialog({ snapshot, send, fileName, language }: Props) {
  const { t } = useTranslation('os');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const { error, version } = snapshot.context;

  return (
    <SignedUpdateFlowDialog
      snapshot={snapshot}
      send={send}
      ns="os"
      idPrefix="os"
      stepIdPrefix="os-step-"
      steps={osUpdate.flow.steps}
      fileName={fileName}
      language={language}
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
      {snapshot.hasTag('failed') ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{t('progress.failed')}</AlertTitle>
          <Box component="span" sx={{ display: 'block' }}>
            {errorText(t, error ?? 'fail')}
          </Box>
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            {t('progress.unchanged')}
          </Box>
        </Alert>
      ) : null}
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
