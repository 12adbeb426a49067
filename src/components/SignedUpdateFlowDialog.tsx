import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceProgressOf, stepStatesOf, type SignedUpdateEvent, type SignedUpdateSnapshot, type StepShape } from '../../machines/signed-update.machine';
import { SignedUpdateDialog } from './JobProgress';

/** An area's signed update as its dialog shows it, declared once by the area. */
export interface SignedUpdateArea {
  /** The area's text namespace (see SignedUpdateDialog), with `progress.retry` and `progress.close`. */
  ns: string;
  idPrefix: string;
  stepIdPrefix: string;
  /** The steps the area lists (its flow's `steps`). */
  steps: StepShape;
}

/** What an area's update dialog is given by its page: the flow and the file it sends. */
export interface SignedUpdateDialogProps {
  snapshot: SignedUpdateSnapshot;
  send(event: SignedUpdateEvent): void;
  /** What is being sent, for the upload line. */
  fileName: string;
  language: string;
}

interface Props extends SignedUpdateDialogProps {
  area: SignedUpdateArea;
  /** The Close button is the main one unless the area offers a better way on. */
  closeIsMain?: boolean;
  /** What the area says under the steps: the wait, the outcome. */
  children?: ReactNode;
  /** The area's own buttons, after Retry and Close. */
  actions?: ReactNode;
}

/**
 * The progress dialog of a signed update, read from its flow: open while the flow shows it, the
 * bytes with Cancel while uploading, the steps where the flow says they stand, Retry when the
 * update could not be verified and Close where the flow can be closed. The area gives its texts
 * and its own buttons.
 */
export function SignedUpdateFlowDialog({ area, snapshot, send, fileName, closeIsMain = true, ...props }: Props) {
  const { ns, idPrefix, stepIdPrefix, steps } = area;
  const { t } = useTranslation(ns);
  const { loaded, total } = snapshot.context;
  const states = stepStatesOf(steps, snapshot);
  return (
    <SignedUpdateDialog
      open={snapshot.hasTag('shown')}
      ns={ns}
      idPrefix={idPrefix}
      stepIdPrefix={stepIdPrefix}
      busy={snapshot.hasTag('busy')}
      upload={snapshot.hasTag('uploading') ? { fileName, loaded, total } : null}
      onCancelUpload={() => send({ type: 'upload.cancel' })}
      deviceProgress={deviceProgressOf(steps, snapshot)}
      steps={steps.all.map((id) => ({ id, state: states[id]! }))}
      language={props.language}
      actions={
        <>
          {snapshot.hasTag('unverified') ? <Button onClick={() => send({ type: 'update.retry' })}>{t('progress.retry')}</Button> : null}
          {snapshot.hasTag('shown') && snapshot.can({ type: 'update.dismiss' }) ? (
            <Button variant={closeIsMain ? 'contained' : 'text'} onClick={() => send({ type: 'update.dismiss' })}>
              {t('progress.close')}
            </Button>
          ) : null}
          {props.actions}
        </>
      }
    >
      {props.children}
    </SignedUpdateDialog>
  );
}

/** The outcome of an update that failed: the area's title, the cause, then what it means for the
 * device (each note that applies on a line of its own). */
export function UpdateFailedAlert({ title, cause, notes }: { title: string; cause: string; notes: readonly (string | null)[] }) {
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{title}</AlertTitle>
      <Box component="span" sx={{ display: 'block' }}>
        {cause}
      </Box>
      {notes.map((note) =>
        note === null ? null : (
          <Box key={note} component="span" sx={{ display: 'block', mt: 0.5 }}>
            {note}
          </Box>
        ),
      )}
    </Alert>
  );
}
