import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useAppActors } from './app-actors';

/** Confirm logout (specification §8): opened by a 400 invalid_token, closable only by its buttons. */
export function ForcedReloginDialog() {
  const { t } = useTranslation();
  const { forcedRelogin } = useAppActors();
  const open = useSelector(forcedRelogin, (s) => s.matches('confirming'));
  return (
    <Dialog
      open={open}
      // Neither Escape nor a click outside closes it: only Cancel or Re-Login.
      onClose={() => undefined}
      aria-labelledby="forced-relogin-title"
    >
      <DialogTitle id="forced-relogin-title">{t('relogin.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('relogin.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => forcedRelogin.send({ type: 'relogin.cancel' })}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => forcedRelogin.send({ type: 'relogin.confirm' })}>
          {t('relogin.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
