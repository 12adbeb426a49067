import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import dayjs, { type Dayjs } from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { deDE, frFR, itIT, jaJP, koKR, plPL, ruRU, zhCN, zhTW, enUS } from '@mui/x-date-pickers/locales';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { QUICK_RANGES, quickRange, rangeProblem, type QuickRange } from '../../../contract/rules/data';
import { DAYJS_LOCALE } from '../../i18n/locale-resources';
import { isLanguageCode } from '../../i18n/languages';
import { useDeviceNow } from './device-now';

const PICKER_TEXTS = { en: enUS, 'zh-CN': zhCN, 'zh-TW': zhTW, ja: jaJP, ko: koKR, de: deDE, fr: frFR, it: itIT, pl: plPL, ru: ruRU } as const;

/** The pickers' format: the specification's edit format (§7). */
export const EDIT_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A time range in milliseconds; `null` ends are open (from the first record, up to now). */
export interface TimeRange {
  from: number | null;
  to: number | null;
}

/** The range as the calls take it (ISO 8601), open ends left out. */
export function rangeQuery(range: TimeRange): { from?: string; to?: string } {
  return {
    ...(range.from === null ? {} : { from: new Date(range.from).toISOString() }),
    ...(range.to === null ? {} : { to: new Date(range.to).toISOString() }),
  };
}

/** Pickers with their texts and dayjs's names in the chosen language. */
export function PickerProvider({ children }: { children: React.ReactNode }) {
  const language = useAppSelector(selectLanguage);
  const lang = isLanguageCode(language) ? language : 'en';
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DAYJS_LOCALE[lang]} localeText={PICKER_TEXTS[lang].components.MuiLocalizationProvider.defaultProps.localeText}>
      {children}
    </LocalizationProvider>
  );
}

/**
 * The time range of a Data screen: quick ranges ending now (by the panel's clock), `All`, and a
 * from and a to picker. A range whose end comes before its start is refused by the same rule the
 * device runs, and said under the pickers.
 */
export function RangeBar({
  value,
  onChange,
  quick = ['1h', '24h', '7d', '30d'],
  allowAll = true,
  active,
  disabled,
}: {
  value: TimeRange;
  onChange(range: TimeRange, quick: QuickRange | 'all' | null): void;
  quick?: readonly QuickRange[];
  allowAll?: boolean;
  /** The quick range the value came from, highlighted. */
  active?: QuickRange | 'all' | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation('data');
  const deviceNow = useDeviceNow();
  const problem = value.from !== null && value.to !== null ? rangeProblem(value.from, value.to) : null;
  const set = (which: 'from' | 'to', d: Dayjs | null) => {
    const ms = d && d.isValid() ? d.valueOf() : null;
    onChange({ ...value, [which]: ms }, null);
  };
  return (
    <PickerProvider>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <ButtonGroup size="small" aria-label={t('range.quick')} disabled={disabled}>
          {quick.map((q) => (
            <Button key={q} variant={active === q ? 'contained' : 'outlined'} aria-pressed={active === q} onClick={() => onChange(quickRange(q, deviceNow()), q)}>
              {t(`range.${q}`)}
            </Button>
          ))}
          {allowAll ? (
            <Button variant={active === 'all' ? 'contained' : 'outlined'} aria-pressed={active === 'all'} onClick={() => onChange({ from: null, to: null }, 'all')}>
              {t('range.all')}
            </Button>
          ) : null}
        </ButtonGroup>
        <DateTimePicker
          label={t('range.from')}
          value={value.from === null ? null : dayjs(value.from)}
          onChange={(d) => set('from', d)}
          format={EDIT_FORMAT}
          ampm={false}
          views={['year', 'month', 'day', 'hours', 'minutes', 'seconds']}
          disabled={disabled}
          slotProps={{ textField: { size: 'small', sx: { width: 300 } }, field: { clearable: true } }}
        />
        <DateTimePicker
          label={t('range.to')}
          value={value.to === null ? null : dayjs(value.to)}
          onChange={(d) => set('to', d)}
          format={EDIT_FORMAT}
          ampm={false}
          views={['year', 'month', 'day', 'hours', 'minutes', 'seconds']}
          disabled={disabled}
          slotProps={{ textField: { size: 'small', sx: { width: 300 } }, field: { clearable: true } }}
        />
      </Box>
      {problem ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t(`range.problem.${problem}`)}
        </Alert>
      ) : null}
    </PickerProvider>
  );
}

export { QUICK_RANGES };
