import { useEffect, useRef } from 'react';
import dayjs from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { deDE, frFR, itIT, jaJP, koKR, plPL, ruRU, zhCN, zhTW, enUS } from '@mui/x-date-pickers/locales';
import { useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { DAYJS_LOCALE } from '../../i18n/locale-resources';
import { isLanguageCode } from '../../i18n/languages';
import { EDIT_FORMAT, FIELD_WIDTH, type RangeEnd, type RangeFieldsProps } from './RangeBar';

const PICKER_TEXTS = { en: enUS, 'zh-CN': zhCN, 'zh-TW': zhTW, ja: jaJP, ko: koKR, de: deDE, fr: frFR, it: itIT, pl: plPL, ru: ruRU } as const;

/** Pickers with their texts and dayjs's names in the chosen language. */
function PickerProvider({ children }: { children: React.ReactNode }) {
  const language = useAppSelector(selectLanguage);
  const lang = isLanguageCode(language) ? language : 'en';
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DAYJS_LOCALE[lang]} localeText={PICKER_TEXTS[lang].components.MuiLocalizationProvider.defaultProps.localeText}>
      {children}
    </LocalizationProvider>
  );
}

/**
 * The range's from and to pickers (MUI's DateTimePicker, with its localization). This module, the
 * pickers' code (about 65 KB gzipped with Popper), loads only when one of RangeBar's light fields is
 * first focused or pressed; RangeBar then renders this in their place. `take` says where the user
 * was in the light fields: focus goes to the same place here (the section of the field that was
 * pressed, or the open button), and a pressed open button opens its picker, as a click on the
 * picker's own button does.
 */
export default function RangePickers({ value, onEnd, labels, disabled, take }: RangeFieldsProps) {
  const roots = useRef<Record<RangeEnd, HTMLDivElement | null>>({ from: null, to: null });
  useEffect(() => {
    const root = take ? roots.current[take.end] : null;
    if (!take || !root) return;
    if (take.part === 'open') {
      const button = root.querySelector<HTMLButtonElement>('[data-mui-picker-open-button]');
      button?.focus();
      if (take.press) button?.click();
    } else {
      // A section takes the focus as a click or Tab into it gives it (the field selects it).
      root.querySelectorAll<HTMLElement>('[role="spinbutton"]')[take.section]?.focus();
    }
    // Only where the user was when the pickers took over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <PickerProvider>
      {(['from', 'to'] as const).map((end) => (
        <DateTimePicker
          key={end}
          ref={(el: HTMLDivElement | null) => {
            roots.current[end] = el;
          }}
          label={labels[end]}
          value={value[end] === null ? null : dayjs(value[end])}
          onChange={(d) => onEnd(end, d && d.isValid() ? d.valueOf() : null)}
          format={EDIT_FORMAT}
          ampm={false}
          views={['year', 'month', 'day', 'hours', 'minutes', 'seconds']}
          disabled={disabled}
          slotProps={{ textField: { size: 'small', sx: { width: FIELD_WIDTH } }, field: { clearable: true } }}
        />
      ))}
    </PickerProvider>
  );
}
