import { percentOf } from './percent';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobStepState } from '../../contract/jobs';
import { formatBytes } from '../i18n/format';
import { CheckCircleIcon, ErrorIcon, PendingIcon } from './icons';

/** The icon of one step of a device job (an update's steps): done, failed, running or waiting. */
export function StepIcon({ state }: { state: JobStepState }) {
  if (state === 'done') return <CheckCircleIcon color="success" />;
  if (state === 'failed') return <ErrorIcon color="error" />;
  if (state === 'running') return <CircularProgress size={22} aria-hidden />;
  return <PendingIcon color="disabled" />;
}

/** The bytes of an upload: what is sent (`label`), a bar, and `bytesText` ("58 KiB of 117 KiB (50 %)"). */
export function UploadBytes({ label, percent, bytesText }: { label: string; percent: number; bytesText: string }) {
  return (
    <Box sx={{ mb: 2 }} aria-live="polite">
      <Typography variant="body2" sx={{ mb: 0.5, wordBreak: 'break-all' }}>
        {label}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={label} />
      <Typography variant="body2" color="text.secondary" data-testid="upload-bytes" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
        {bytesText}
      </Typography>
    </Box>
  );
}

/** The upload a signed update is sending (a file's name and its bytes so far). */
export interface UpdateUpload {
  fileName: string;
  loaded: number;
  total: number;
}

export interface SignedUpdateDialogProps {
  open: boolean;
  /** The area's text namespace. It holds `progress.title`, `progress.warning`, `progress.uploading`,
   * `progress.bytes`, `progress.steps_label`, `progress.step_state.<state>`, `progress.cancel` and
   * `steps.<step>` for each step. */
  ns: string;
  /** Names the dialog's title and warning (`<idPrefix>-progress-title`) and its steps' test ids
   * (`<stepIdPrefix><step>`). */
  idPrefix: string;
  stepIdPrefix: string;
  /** While the update runs (the warning not to turn the device off; nothing closes the dialog). */
  busy: boolean;
  /** The upload while it is sent, with Cancel. */
  upload: UpdateUpload | null;
  onCancelUpload(): void;
  /** The device's own progress on a step (writing an image), under the upload. */
  deviceProgress: { step: string; done: number; total: number } | null;
  steps: ReadonlyArray<{ id: string; state: JobStepState }>;
  language: string;
  /** What the area says under the steps: the wait, the outcome. */
  children?: ReactNode;
  /** The buttons once the update has ended (or waits for the user). */
  actions?: ReactNode;
}

/**
 * The blocking overlay of a signed update (a project, an OS image, a PLC runtime firmware): the
 * bytes sent, the device's steps, then what the area says of the outcome. Neither Escape nor a
 * click beside it closes it while the update runs.
 */
export function SignedUpdateDialog(props: SignedUpdateDialogProps) {
  const { t } = useTranslation(props.ns);
  const { upload, deviceProgress, language, idPrefix } = props;
  const percent = upload ? percentOf(upload.loaded, upload.total) : 0;
  return (
    <Dialog
      open={props.open}
      onClose={() => undefined}
      aria-labelledby={`${idPrefix}-progress-title`}
      aria-describedby={`${idPrefix}-progress-warning`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${idPrefix}-progress-title`}>{t('progress.title')}</DialogTitle>
      <DialogContent>
        {props.busy ? (
          <Alert severity="warning" id={`${idPrefix}-progress-warning`} role="note" sx={{ mb: 2 }}>
            {t('progress.warning')}
          </Alert>
        ) : null}
        {upload ? (
          <UploadBytes
            label={t('progress.uploading', { name: upload.fileName })}
            percent={percent}
            bytesText={t('progress.bytes', { loaded: formatBytes(upload.loaded, language), total: formatBytes(upload.total, language), percent })}
          />
        ) : null}
        {deviceProgress ? (
          <Box sx={{ mb: 2 }}>
            <LinearProgress
              variant="determinate"
              value={percentOf(deviceProgress.done, deviceProgress.total)}
              aria-label={t(`steps.${deviceProgress.step}`)}
            />
          </Box>
        ) : null}
        <List dense aria-label={t('progress.steps_label')}>
          {props.steps.map((s) => (
            <ListItem key={s.id} data-testid={`${props.stepIdPrefix}${s.id}`} data-state={s.state} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <StepIcon state={s.state} />
              </ListItemIcon>
              <ListItemText primary={t(`steps.${s.id}`)} secondary={t(`progress.step_state.${s.state}`)} />
            </ListItem>
          ))}
        </List>
        {props.children}
      </DialogContent>
      <DialogActions>
        {upload ? <Button onClick={props.onCancelUpload}>{t('progress.cancel')}</Button> : null}
        {props.actions}
      </DialogActions>
    </Dialog>
  );
}
