import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { QUICK_RANGES, quickRange, rangeProblem, type QuickRange } from '../../../contract/rules/data';
import { icon } from '../../components/icons';
import { DAYJS_LOCALE } from '../../i18n/locale-resources';
import { isLanguageCode } from '../../i18n/languages';
import { useDeviceNow } from './device-now';

dayjs.extend(localizedFormat);

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

/** A range field's width, light or picker. */
export const FIELD_WIDTH = 300;

export type RangeEnd = 'from' | 'to';
const ENDS = ['from', 'to'] as const;

/** Where the user was in the light fields when the pickers took their place: in a field (at a
 * section of the edit format: 0 the year … 5 the seconds), or on its open button (pressed or not). */
export type RangeTake = { end: RangeEnd; part: 'field'; section: number } | { end: RangeEnd; part: 'open'; press: boolean };

/** What the range fields take, light (below) or pickers (RangePickers.tsx). */
export interface RangeFieldsProps {
  value: TimeRange;
  onEnd(end: RangeEnd, ms: number | null): void;
  labels: Record<RangeEnd, string>;
  disabled?: boolean;
  take?: RangeTake | null;
}

type Pickers = ComponentType<RangeFieldsProps>;
let pickersLoading: Promise<Pickers> | null = null;

/** The pickers' module, fetched once (again after a failure). */
function loadPickers(): Promise<Pickers> {
  pickersLoading ??= import(/* webpackChunkName: "range-pickers" */ './RangePickers').then(
    (m) => m.default,
    (err: unknown) => {
      pickersLoading = null;
      throw err;
    },
  );
  return pickersLoading;
}

/** The section of the edit format (YYYY-MM-DD HH:mm:ss) at character `at`. */
function sectionAt(at: number): number {
  return [5, 8, 11, 14, 17].filter((start) => at >= start).length;
}

const CalendarIcon = icon('M17 12h-5v5h5v-5zM16 1v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-1V1h-2zm3 18H5V8h14v11z');
const ClearIcon = icon('M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z');

/** The clear button as the pickers show it: always on a touch screen, on hover or focus with a mouse. */
const CLEAR_BUTTON_SX = {
  '& .clearButton': { opacity: 1 },
  '@media (pointer: fine)': { '& .clearButton': { opacity: 0 }, '&:hover, &:focus-within': { '.clearButton': { opacity: 1 } } },
} as const;

/**
 * One end of the range as the picker's field looks (label, value in the edit format, clear and open
 * buttons, the same size), without the pickers' code: a read-only input in a group named by the
 * label. Focusing it from the keyboard, pressing it, typing in it or pressing its open button has
 * RangeBar load the pickers and put them in its place (`onTake`); a pointer coming down or the open
 * button focused fetches them ahead. The clear button clears at once, as the picker's does.
 */
function LightRangeField({
  end,
  label,
  ms,
  disabled,
  onClear,
  onTake,
  inputRef,
  openRef,
}: {
  end: RangeEnd;
  label: string;
  ms: number | null;
  disabled?: boolean;
  onClear(): void;
  onTake(end: RangeEnd, pressedOpen: boolean): void;
  inputRef(el: HTMLInputElement | null): void;
  openRef(el: HTMLButtonElement | null): void;
}) {
  const { t } = useTranslation('data');
  const language = useAppSelector(selectLanguage);
  const id = useId();
  const pointer = useRef(false);
  const prefetch = () => void loadPickers().catch(() => undefined);
  const text = ms === null ? '' : dayjs(ms).format(EDIT_FORMAT);
  // The picker's open button says the date it opens on, as the pickers format it (dayjs's `ll`).
  const shown = ms === null ? null : dayjs(ms).locale(DAYJS_LOCALE[isLanguageCode(language) ? language : 'en']).format('ll');
  return (
    <FormControl size="small" disabled={disabled} sx={{ width: FIELD_WIDTH, ...CLEAR_BUTTON_SX }}>
      <InputLabel id={`${id}-label`} htmlFor={id}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={text}
        readOnly
        inputRef={inputRef}
        role="group"
        aria-labelledby={`${id}-label`}
        onPointerDown={(e) => {
          pointer.current = true;
          if (!(e.target as Element).closest('.clearButton')) prefetch();
        }}
        onFocus={() => {
          // A press is taken on its click, where the caret says which section was pressed.
          if (!pointer.current) onTake(end, false);
        }}
        onClick={(e) => {
          pointer.current = false;
          if (!(e.target as Element).closest('button')) onTake(end, false);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Tab' && e.key !== 'Shift') onTake(end, false);
        }}
        endAdornment={
          <InputAdornment position="end">
            {ms !== null ? (
              <IconButton className="clearButton" title={t('range.clear')} tabIndex={-1} disabled={disabled} onClick={onClear}>
                <ClearIcon fontSize="small" />
              </IconButton>
            ) : null}
            <IconButton
              ref={openRef}
              edge="end"
              aria-label={shown === null ? t('range.choose_date') : t('range.choose_date_selected', { date: shown })}
              disabled={disabled}
              onPointerDown={prefetch}
              onFocus={prefetch}
              onClick={() => onTake(end, true)}
            >
              <CalendarIcon />
            </IconButton>
          </InputAdornment>
        }
      />
    </FormControl>
  );
}

/**
 * The time range of a Data screen: quick ranges ending now (by the panel's clock), `All`, and a
 * from and a to field. A range whose end comes before its start is refused by the same rule the
 * device runs, and said under the fields.
 *
 * The fields are MUI's date-time pickers, but the pickers' code (about 65 KB gzipped) is loaded
 * only when the user first goes to one: until then each is a light field that looks the same and
 * shows the same value. Once loaded the pickers stay, with the focus (and an open picker) where the
 * user was in the light fields.
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
  const setEnd = (end: RangeEnd, ms: number | null) => onChange({ ...value, [end]: ms }, null);
  const labels = { from: t('range.from'), to: t('range.to') };

  // The pickers once the user went to a field (with where they were then), else the light fields.
  const [pickers, setPickers] = useState<{ Fields: Pickers; take: RangeTake | null } | null>(null);
  const inputs = useRef<Record<RangeEnd, HTMLInputElement | null>>({ from: null, to: null });
  const opens = useRef<Record<RangeEnd, HTMLButtonElement | null>>({ from: null, to: null });
  const pressed = useRef<RangeEnd | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const swap = (Fields: Pickers) => {
    if (!mounted.current) return;
    // Where the user is now (they may have moved on while the pickers were on their way).
    let take: RangeTake | null = null;
    for (const end of ENDS) {
      const input = inputs.current[end];
      if (pressed.current === end) take = { end, part: 'open', press: true };
      else if (take === null && input && document.activeElement === input) take = { end, part: 'field', section: sectionAt(input.selectionStart ?? 0) };
      else if (take === null && document.activeElement === opens.current[end]) take = { end, part: 'open', press: false };
    }
    setPickers((now) => now ?? { Fields, take });
  };
  const onTake = (end: RangeEnd, pressedOpen: boolean) => {
    if (pressedOpen) pressed.current = end;
    // Always after the event that asked (even with the module at hand): the focus moves once the
    // event is done. Not loaded (offline): the light fields stay, and the next press tries again.
    loadPickers().then(swap, () => undefined);
  };

  return (
    <>
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
        {pickers ? (
          <pickers.Fields value={value} onEnd={setEnd} labels={labels} disabled={disabled} take={pickers.take} />
        ) : (
          ENDS.map((end) => (
            <LightRangeField
              key={end}
              end={end}
              label={labels[end]}
              ms={value[end]}
              disabled={disabled}
              onClear={() => setEnd(end, null)}
              onTake={onTake}
              inputRef={(el) => {
                inputs.current[end] = el;
              }}
              openRef={(el) => {
                opens.current[end] = el;
              }}
            />
          ))
        )}
      </Box>
      {problem ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t(`range.problem.${problem}`)}
        </Alert>
      ) : null}
    </>
  );
}

export { QUICK_RANGES };
