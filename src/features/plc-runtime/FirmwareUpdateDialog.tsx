import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { PLC_RUNTIME_UPDATE_STEPS } from '../../../contract/api/plc-runtime.routes';
import type { JobStepState } from '../../../contract/jobs';
import { RESTART_TIMEOUT_MS, type plcRuntimeUpdateMachine, type PlcRuntimeUpdateEvent } from '../../../machines/plc-runtime-update.machine';
import { SignedUpdateDialog } from '../../components/JobProgress';
import { errorText } from '../../i18n/error-text';
import { PLC_NS } from './messages';

type Snapshot = SnapshotFrom<typeof plcRuntimeUpdateMachine>;
type Step = (typeof PLC_RUNTIME_UPDATE_STEPS)[number];

interface Props {
  snapshot: Snapshot;
  send(event: PlcRuntimeUpdateEvent): void;
  fileName: string;
  /** The version installed before the update, for the failure line. */
  installedVersion: string;
  language: string;
}

const ALL = (state: JobStepState): Record<Step, JobStepState> => ({ prepare: state, upload_firmware: state, update_firmware: state, restart_hmi: state });

/** Where each step stands, from the flow's state and the job the device reported. */
function stepStates(snapshot: Snapshot): Record<Step, JobStepState> {
  const { job } = snapshot.context;
  const fromJob = Object.fromEntries(job?.steps.map((s) => [s.id, s.state]) ?? []) as Partial<Record<Step, JobStepState>>;
  if (snapshot.hasTag('uploading')) return { prepare: 'done', upload_firmware: 'running', update_firmware: 'pending', restart_hmi: 'pending' };
  if (snapshot.matches('following')) return { prepare: 'done', upload_firmware: 'done', update_firmware: 'running', restart_hmi: 'pending' };
  if (snapshot.hasTag('restarting')) return { prepare: 'done', upload_firmware: 'done', update_firmware: 'done', restart_hmi: 'running' };
  if (snapshot.hasTag('succeeded')) return ALL('done');
  if (snapshot.hasTag('unverified')) return { prepare: 'done', upload_firmware: 'done', update_firmware: 'done', restart_hmi: 'failed' };
  if (snapshot.hasTag('failed')) {
    // Refused with the upload (nothing changed), or failed on the device: its steps say where.
    if (!job) return { prepare: 'done', upload_firmware: 'failed', update_firmware: 'pending', restart_hmi: 'pending' };
    return { ...ALL('pending'), ...fromJob };
  }
  return ALL('pending');
}

/**
 * The blocking overlay of a firmware update: the bytes sent, the device installing the firmware,
 * the HMI restart waited through, then the outcome. It cannot be closed while the update runs.
 */
export function FirmwareUpdateDialog({ snapshot, send, fileName, installedVersion, language }: Props) {
  const { t } = useTranslation(PLC_NS);
  const { loaded, total, job, error, version } = snapshot.context;
  const states = stepStates(snapshot);
  const installing = job?.bytes && snapshot.matches('following') ? job.bytes : null;
  const minutes = RESTART_TIMEOUT_MS / 60_000;

  return (
    <SignedUpdateDialog
      open={!snapshot.matches('idle')}
      ns={PLC_NS}
      idPrefix="plc"
      stepIdPrefix="plc-step-"
      busy={snapshot.hasTag('busy')}
      upload={snapshot.hasTag('uploading') ? { fileName, loaded, total } : null}
      onCancelUpload={() => send({ type: 'upload.cancel' })}
      deviceProgress={installing ? { step: 'update_firmware', ...installing } : null}
      steps={PLC_RUNTIME_UPDATE_STEPS.map((id) => ({ id, state: states[id] }))}
      language={language}
      actions={
        <>
          {snapshot.hasTag('unverified') ? <Button onClick={() => send({ type: 'plc.retry' })}>{t('progress.retry')}</Button> : null}
          {snapshot.hasTag('failed') || snapshot.hasTag('unverified') || snapshot.hasTag('succeeded') ? (
            <Button variant="contained" onClick={() => send({ type: 'plc.dismiss' })}>
              {t('progress.close')}
            </Button>
          ) : null}
        </>
      }
    >
      {snapshot.hasTag('restarting') ? (
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('progress.restarting', { minutes })}
        </Typography>
      ) : null}
      {snapshot.hasTag('succeeded') ? (
        <Alert severity="success" role="status">
          {t('progress.succeeded', { version: version ?? '' })}
        </Alert>
      ) : null}
      {snapshot.hasTag('failed') ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{t('progress.failed')}</AlertTitle>
          <Box component="span" sx={{ display: 'block' }}>
            {errorText(t, error ?? 'fail')}
          </Box>
          {error === 'firmware_update_failed' ? (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              {t('progress.installer_refused')}
            </Box>
          ) : null}
          {error !== 'interrupted' ? (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              {t('progress.unchanged', { version: installedVersion })}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      {snapshot.hasTag('unverified') ? (
        <Alert severity="warning" role="alert">
          <AlertTitle>{t('progress.unverified', { minutes })}</AlertTitle>
          {t('progress.unverified_hint')}
        </Alert>
      ) : null}
    </SignedUpdateDialog>
  );
}
