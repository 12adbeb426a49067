import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { HMI_NAME_MAX_LENGTH, hmiNameProblem, sanitizeHmiName } from '../../contract/rules/hmi-name';
import { useSetHmiNameMutation } from '../../store/api/system-endpoints';
import { useAppDispatch } from '../../store';
import { noticeShown } from '../../store/app-slice';
import { errorText, SETTINGS_ERROR_TEXTS } from '../i18n/error-text';

/** Edits the HMI name: shows the cleaned name before saving; OK saves only a changed name. */
export function HmiNameDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [value, setValue] = useState(current);
  const [save, { isLoading, isError, error, reset }] = useSetHmiNameMutation();
  const problem = hmiNameProblem(value);
  const cleaned = sanitizeHmiName(value);
  const helper =
    problem === 'empty'
      ? t('hmi_name.empty')
      : problem === 'too_long'
        ? t('hmi_name.too_long', { max: HMI_NAME_MAX_LENGTH })
        : cleaned !== value
          ? t('hmi_name.saved_as', { name: cleaned })
          : t('hmi_name.rule', { max: HMI_NAME_MAX_LENGTH });

  const ok = async () => {
    if (problem) return;
    if (cleaned === current) return onClose();
    const result = await save({ name: value });
    if ('data' in result) {
      dispatch(noticeShown({ key: 'settings.update_success', severity: 'success' }));
      onClose();
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('hmi_name.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('hmi_name.label')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            reset();
          }}
          onKeyDown={(e) => e.key === 'Enter' && void ok()}
          error={problem !== null}
          helperText={helper}
        />
        {isError ? <Alert severity="error">{errorText(t, error, SETTINGS_ERROR_TEXTS)}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void ok()} disabled={problem !== null} loading={isLoading}>
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
