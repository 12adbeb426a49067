import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { deDE, frFR, itIT, jaJP, koKR, plPL, ruRU, zhCN, zhTW, enUS } from '@mui/x-date-pickers/locales';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store';
import { noticeShown, selectLanguage } from '../../store/app-slice';
import { useSetDeviceTimeAndRenewMutation } from '../../store/api/session-endpoints';
import { DAYJS_LOCALE } from '../i18n/locale-resources';
import { isLanguageCode } from '../i18n/languages';
import { errorText, SETTINGS_ERROR_TEXTS } from '../i18n/error-text';

dayjs.extend(customParseFormat);

const PICKER_TEXTS = { en: enUS, 'zh-CN': zhCN, 'zh-TW': zhTW, ja: jaJP, ko: koKR, de: deDE, fr: frFR, it: itIT, pl: plPL, ru: ruRU } as const;

/** Display format of the device time, and the two the dialog uses (specification §7). */
const DISPLAY = 'YYYY/MM/DD HH:mm:ss';
const EDIT = 'YYYY-MM-DD HH:mm:ss';
const SEND = 'YYYY.MM.DD-HH:mm:ss';

/** Confirms a new device time. This module (with the date pickers) loads only when it opens. */
export default function DateTimeDialog({ current, onClose }: { current: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const lang = isLanguageCode(language) ? language : 'en';
  const initial = current ? dayjs(current, DISPLAY) : dayjs();
  const [value, setValue] = useState<Dayjs | null>(initial.isValid() ? initial : dayjs());
  const [save, { isLoading, isError, error }] = useSetDeviceTimeAndRenewMutation();

  const ok = async () => {
    if (!value || !value.isValid()) return;
    const result = await save({ time: value.format(SEND) });
    if ('data' in result) {
      dispatch(noticeShown({ key: 'settings.update_success', severity: 'success' }));
      onClose();
    }
  };

  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={DAYJS_LOCALE[lang]}
      localeText={PICKER_TEXTS[lang].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <Dialog open onClose={onClose} fullWidth maxWidth="xs">
        <DialogTitle>{t('device_time.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('device_time.confirm')}</DialogContentText>
          <DateTimePicker
            label={t('device_time.label')}
            value={value}
            onChange={setValue}
            format={EDIT}
            ampm={false}
            views={['year', 'month', 'day', 'hours', 'minutes', 'seconds']}
            slotProps={{ textField: { fullWidth: true } }}
          />
          {isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorText(t, error, SETTINGS_ERROR_TEXTS)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => void ok()} disabled={!value?.isValid()} loading={isLoading}>
            {t('common.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </LocalizationProvider>
  );
}
