import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { OS_UPDATE_STEPS } from '../../../contract/api/os.routes';
import type { JobStepState } from '../../../contract/jobs';
import { VERIFY_TIMEOUT_MS, type osUpdateMachine, type OsUpdateEvent } from '../../../machines/os-update.machine';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../store';
import { useLogoutMutation } from '../../../store/api/auth-endpoints';
import { signedOut } from '../../../store/session-slice';
import { loginOf } from '../../app/paths';
import { SignedUpdateDialog } from '../../components/JobProgress';
import { errorText } from '../../i18n/error-text';

interface Props {
  snapshot: SnapshotFrom<typeof osUpdateMachine>;
  send(event: OsUpdateEvent): void;
  fileName: string;
  language: string;
}

/** The steps shown: §4's three, then the restart the console waits through. */
const SHOWN_STEPS = [...OS_UPDATE_STEPS, 'restart'] as const;
type ShownStep = (typeof SHOWN_STEPS)[number];


/** Where each step stands, from the flow's state and the job the device reported. */
function stepStates(snapshot: SnapshotFrom<typeof osUpdateMachine>): Record<ShownStep, JobStepState> {
  const { job } = snapshot.context;
  const fromJob = new Map(job?.steps.map((s) => [s.id, s.state]) ?? []);
  if (snapshot.hasTag('uploading')) return { prepare: 'done', upload_image: 'running', update_os: 'pending', restart: 'pending' };
  if (snapshot.matches('following')) {
    return { prepare: 'done', upload_image: 'done', update_os: fromJob.get('update_os') === 'done' ? 'done' : 'running', restart: 'pending' };
  }
  if (snapshot.hasTag('rebooting')) return { prepare: 'done', upload_image: 'done', update_os: 'done', restart: 'running' };
  if (snapshot.hasTag('succeeded')) return { prepare: 'done', upload_image: 'done', update_os: 'done', restart: 'done' };
  if (snapshot.hasTag('unverified')) return { prepare: 'done', upload_image: 'done', update_os: 'done', restart: 'failed' };
  if (snapshot.hasTag('failed')) {
    // Refused with the upload (nothing changed), or failed while writing.
    if (!job) return { prepare: 'done', upload_image: 'failed', update_os: 'pending', restart: 'pending' };
    return { prepare: 'done', upload_image: 'done', update_os: 'failed', restart: 'pending' };
  }
  return { prepare: 'pending', upload_image: 'pending', update_os: 'pending', restart: 'pending' };
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
  const { loaded, total, job, error, version } = snapshot.context;
  const states = stepStates(snapshot);
  const writing = job?.bytes && snapshot.matches('following') ? job.bytes : null;

  return (
    <SignedUpdateDialog
      open={!snapshot.matches('idle')}
      ns="os"
      idPrefix="os"
      stepIdPrefix="os-step-"
      busy={snapshot.hasTag('busy')}
      upload={snapshot.hasTag('uploading') ? { fileName, loaded, total } : null}
      onCancelUpload={() => send({ type: 'upload.cancel' })}
      deviceProgress={writing ? { step: 'update_os', ...writing } : null}
      steps={SHOWN_STEPS.map((id) => ({ id, state: states[id] }))}
      language={language}
      actions={
        <>
          {snapshot.hasTag('unverified') ? <Button onClick={() => send({ type: 'os.retry' })}>{t('progress.retry')}</Button> : null}
          {snapshot.hasTag('failed') || snapshot.hasTag('unverified') ? (
            <Button variant="contained" onClick={() => send({ type: 'os.dismiss' })}>
              {t('progress.close')}
            </Button>
          ) : null}
          {snapshot.hasTag('succeeded') ? (
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
          ) : null}
        </>
      }
    >
      {snapshot.hasTag('rebooting') ? (
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
    </SignedUpdateDialog>
  );
}
