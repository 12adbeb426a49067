import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_NS } from './messages';

/** Asks before a contact or a group is removed. */
export function ConfirmDelete({ title, text, busy, error, onConfirm, onClose }: { title: string; text: string; busy: boolean; error: string | null; onConfirm(): void; onClose(): void }) {
  const { t } = useTranslation(EMAIL_NS);
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {error ? <DialogContentText color="error" role="alert" sx={{ mt: 1 }}>{error}</DialogContentText> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} sx={{ minHeight: 44 }}>
          {t('common.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={busy} sx={{ minHeight: 44 }} data-testid="confirm-delete">
          {t('common.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
