import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { PLC_RUNTIME_UPDATE_STEPS, type JobStepState } from '../../../contract/jobs';
import { RESTART_TIMEOUT_MS, type plcRuntimeUpdateMachine, type PlcRuntimeUpdateEvent } from '../../../machines/plc-runtime-update.machine';
import { percentOf, StepIcon, UploadBytes } from '../../components/JobProgress';
import { errorText } from '../../i18n/error-text';
import { formatBytes } from '../../i18n/format';
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
  const busy = snapshot.hasTag('busy');
  const uploading = snapshot.hasTag('uploading');
  const percent = percentOf(loaded, total);
  const states = stepStates(snapshot);
  const installing = job?.bytes && snapshot.matches('following') ? job.bytes : null;
  const minutes = RESTART_TIMEOUT_MS / 60_000;

  return (
    <Dialog
      open={!snapshot.matches('idle')}
      // Neither Escape nor a click beside it closes it while the update runs.
      onClose={() => undefined}
      aria-labelledby="plc-progress-title"
      aria-describedby="plc-progress-warning"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="plc-progress-title">{t('progress.title')}</DialogTitle>
      <DialogContent>
        {busy ? (
          <Alert severity="warning" id="plc-progress-warning" role="note" sx={{ mb: 2 }}>
            {t('progress.warning')}
          </Alert>
        ) : null}
        {uploading ? (
          <UploadBytes
            label={t('progress.uploading', { name: fileName })}
            percent={percent}
            bytesText={t('progress.bytes', { loaded: formatBytes(loaded, language), total: formatBytes(total, language), percent })}
          />
        ) : null}
        {installing ? (
          <Box sx={{ mb: 2 }}>
            <LinearProgress
              variant="determinate"
              value={installing.total > 0 ? Math.round((installing.done / installing.total) * 100) : 0}
              aria-label={t('steps.update_firmware')}
            />
          </Box>
        ) : null}
        <List dense aria-label={t('progress.steps_label')}>
          {PLC_RUNTIME_UPDATE_STEPS.map((id) => (
            <ListItem key={id} data-testid={`plc-step-${id}`} data-state={states[id]} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <StepIcon state={states[id]} />
              </ListItemIcon>
              <ListItemText primary={t(`steps.${id}`)} secondary={t(`progress.step_state.${states[id]}`)} />
            </ListItem>
          ))}
        </List>
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
      </DialogContent>
      <DialogActions>
        {uploading ? <Button onClick={() => send({ type: 'upload.cancel' })}>{t('progress.cancel')}</Button> : null}
        {snapshot.hasTag('unverified') ? <Button onClick={() => send({ type: 'plc.retry' })}>{t('progress.retry')}</Button> : null}
        {snapshot.hasTag('failed') || snapshot.hasTag('unverified') || snapshot.hasTag('succeeded') ? (
          <Button variant="contained" onClick={() => send({ type: 'plc.dismiss' })}>
            {t('progress.close')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
