import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface ForcedReloginPromptProps {
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirm-logout dialog itself (MUI's Dialog with it): its own chunk, loaded the first time
 * the forced re-login machine asks (ForcedReloginDialog.tsx). */
export default function ForcedReloginPrompt({ onCancel, onConfirm }: ForcedReloginPromptProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      // Neither Escape nor a click outside closes it: only Cancel or Re-Login.
      onClose={() => undefined}
      aria-labelledby="forced-relogin-title"
    >
      <DialogTitle id="forced-relogin-title">{t('relogin.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('relogin.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm}>
          {t('relogin.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
