import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/** A touch target's least size (44 px): the dialog's two buttons. */
const TOUCH = { minHeight: 44 } as const;

export interface FormDialogProps {
  title: string;
  submitLabel: string;
  /** The caller's translated "Cancel". */
  cancelLabel: string;
  busy: boolean;
  /** What went wrong, said under the fields; the fields keep what was typed. */
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  danger?: boolean;
  testId?: string;
  children: ReactNode;
}

/** A dialog that is one form: its fields, the error of the last try under them, Cancel and the
 * submit button (busy while the call runs; the dialog cannot be closed meanwhile). */
export function FormDialog({ title, submitLabel, cancelLabel, busy, error, onSubmit, onClose, danger = false, testId, children }: FormDialogProps) {
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid={testId}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            {children}
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy} sx={TOUCH}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} loading={busy} sx={TOUCH}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
