/**
 * One WebView screen drawn on its own canvas (`width`×`height` of the project), scaled to fit the
 * room there is with its aspect ratio kept. The scale is computed and every element laid out at its
 * final pixel size (position, size and font), not a bitmap transform: text stays crisp at any
 * scale. A control whose scaled size is under MIN_TARGET_PX gets a larger touch area around it.
 * Nothing needs hover.
 */
import { memo, useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { PendingWrite, TagValue } from '../../../machines/webview-session.machine';
import type { WebviewElement, WebviewScreen, WebviewScreens, WebviewTagFormat } from '../../../store/api/webview-endpoints';
import { visuallyHidden } from '../../components/visually-hidden';
import { fixedFormat, fitScale, isOn, touchRect, valueText } from './format';
import { NumericEntryDialog } from './NumericEntryDialog';

const NS = 'webview-live';

interface Props {
  screen: WebviewScreen;
  tags: WebviewScreens['tags'];
  values: Record<string, TagValue>;
  pending: Record<string, PendingWrite>;
  /** Whether the values are current (the session is live); else they are marked stale. */
  current: boolean;
  /** Whether the controls act (a control user, live); else they are shown disabled. */
  canWrite: boolean;
  language: string;
  onWrite(tag: string, value: TagValue): void;
}

/** The scale that fits the canvas into the width of its container and the height left below it
 * in the window, above the shell's warning band (its height is the page's bottom scroll padding,
 * src/layout/Warnings.tsx), followed as either changes. */
function useFitScale(canvas: { width: number; height: number }) {
  const [scale, setScale] = useState(1);
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node || typeof ResizeObserver === 'undefined') return;
      const measure = () => {
        const box = node.getBoundingClientRect();
        const band = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0;
        const height = Math.max(window.innerHeight - Math.max(box.top, 0) - band - 16, 240);
        setScale(fitScale(canvas, { width: box.width, height }));
      };
      const observer = new ResizeObserver(measure);
      observer.observe(node);
      window.addEventListener('resize', measure);
      return () => {
        observer.disconnect();
        window.removeEventListener('resize', measure);
      };
    },
    [canvas.width, canvas.height],
  );
  return { ref, scale };
}

export function ScreenCanvas(props: Props) {
  const { screen, current } = props;
  const { t } = useTranslation(NS);
  const { ref, scale } = useFitScale(screen);
  const [entry, setEntry] = useState<WebviewElement | null>(null);
  const sendingTags = useMemo(() => new Set(Object.values(props.pending).map((p) => p.tag)), [props.pending]);
  return (
    <Box ref={ref} sx={{ width: '100%' }}>
      <Box
        role="group"
        aria-label={t('canvas', { name: screen.name })}
        data-testid="webview-canvas"
        data-scale={scale.toFixed(3)}
        data-stale={current ? undefined : 'true'}
        sx={{
          position: 'relative',
          width: screen.width * scale,
          height: screen.height * scale,
          mx: 'auto',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: current ? 'divider' : 'warning.main',
          borderStyle: current ? 'solid' : 'dashed',
          overflow: 'visible',
          userSelect: 'none',
          touchAction: 'manipulation',
        }}
      >
        {screen.elements.map((element, i) => (
          <Element
            key={`${screen.id}-${i}`}
            element={element}
            scale={scale}
            format={element.tag ? props.tags[element.tag] : undefined}
            value={element.tag ? props.values[element.tag] : undefined}
            sending={element.tag !== undefined && sendingTags.has(element.tag)}
            current={current}
            canWrite={props.canWrite}
            language={props.language}
            onWrite={props.onWrite}
            onEnter={setEntry}
          />
        ))}
      </Box>
      {entry && entry.tag && (
        <NumericEntryDialog
          element={entry}
          format={props.tags[entry.tag]}
          value={props.values[entry.tag]}
          language={props.language}
          onCancel={() => setEntry(null)}
          onSet={(value) => {
            setEntry(null);
            props.onWrite(entry.tag!, value);
          }}
        />
      )}
    </Box>
  );
}

interface ElementProps {
  element: WebviewElement;
  scale: number;
  /** The format of the element's tag, its value and whether a write of it is on its way. */
  format: WebviewTagFormat | undefined;
  value: TagValue | undefined;
  sending: boolean;
  current: boolean;
  canWrite: boolean;
  language: string;
  onWrite(tag: string, value: TagValue): void;
  onEnter(e: WebviewElement): void;
}

/**
 * One element, given only what it shows: a value that arrives draws again the elements of its tag,
 * not the whole screen (up to 20 messages a second on a tablet; `onWrite` and `onEnter` are stable).
 */
const Element = memo(function Element({ element, scale, format, value, sending, current, canWrite, language, onWrite, onEnter }: ElementProps) {
  const { t } = useTranslation(NS);
  const tag = element.tag;
  const text = valueText(value, format, language);
  const stale = !current && value !== undefined;
  // A button's text is sized to stay on one line in its box (bold, about 0.62 em a character).
  const fitsWidth = element.kind === 'button' && element.text ? (element.w - 12) / (0.62 * element.text.length) : Infinity;
  const fontSize = Math.max(Math.min(element.h * 0.45, 28, fitsWidth) * scale, 11);
  const box = {
    position: 'absolute',
    left: element.x * scale,
    top: element.y * scale,
    width: element.w * scale,
    height: element.h * scale,
    fontSize,
    lineHeight: 1.1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
  } as const;
  const staleMark = stale ? (
    <Box component="span" sx={visuallyHidden}>
      {` (${t('element.stale')})`}
    </Box>
  ) : null;
  const staleLook = stale ? { opacity: 0.6, fontStyle: 'italic', textDecoration: 'line-through dotted' } : {};
  const name = element.text ?? tag ?? '';
  const writable = canWrite && tag !== undefined && format?.writable === true && !sending;

  switch (element.kind) {
    case 'label':
      return (
        <Box sx={{ ...box, justifyContent: 'flex-start', color: 'text.primary' }} data-kind="label">
          {element.text}
        </Box>
      );
    case 'value':
      return (
        <Box
          sx={{ ...box, justifyContent: 'flex-end', px: 0.5, border: 1, borderColor: 'divider', fontVariantNumeric: 'tabular-nums', ...staleLook }}
          data-kind="value"
          data-tag={tag}
          data-stale={stale ? 'true' : undefined}
        >
          {text ?? '—'}
          {text === null && (
            <Box component="span" sx={visuallyHidden}>
              {t('element.no_value')}
            </Box>
          )}
          {staleMark}
        </Box>
      );
    case 'lamp': {
      const on = isOn(value);
      const d = Math.min(element.w, element.h) * scale;
      return (
        <Box sx={box} data-kind="lamp" data-tag={tag} data-on={on ? 'true' : 'false'} data-stale={stale ? 'true' : undefined} role="img" aria-label={`${name}: ${t(on ? 'element.on' : 'element.off')}${stale ? ` (${t('element.stale')})` : ''}`}>
          <Box
            sx={{
              width: d,
              height: d,
              borderRadius: '50%',
              border: 2,
              borderColor: 'text.secondary',
              bgcolor: on ? 'success.main' : 'action.disabledBackground',
              boxShadow: on ? '0 0 8px rgba(46,125,50,0.8)' : 'none',
              ...(stale ? { opacity: 0.5, borderStyle: 'dashed' } : {}),
            }}
          />
        </Box>
      );
    }
    case 'button': {
      // A toggle: each press writes the opposite of the tag's value (a pump runs until pressed
      // again). A momentary button would need a second write on release, which a dropped
      // connection can lose, leaving the pump running; the lamp beside it shows the real state.
      const on = isOn(value);
      return (
        <Target element={element} scale={scale}>
          <ButtonBase
            disabled={!writable}
            aria-pressed={value === undefined ? undefined : on}
            aria-busy={sending || undefined}
            data-kind="button"
            data-tag={tag}
            onClick={() => tag && onWrite(tag, on ? 0 : 1)}
            sx={{ width: '100%', height: '100%', borderRadius: 1 }}
          >
            <ControlFace
              element={element}
              scale={scale}
              fontSize={fontSize}
              writable={writable}
              sx={{
                justifyContent: 'center',
                borderRadius: 1,
                bgcolor: writable ? (on ? 'primary.main' : 'background.paper') : 'action.disabledBackground',
                color: writable ? (on ? 'primary.contrastText' : 'primary.main') : 'text.disabled',
                fontWeight: 600,
              }}
            >
              {sending ? t('element.sending') : element.text}
            </ControlFace>
          </ButtonBase>
        </Target>
      );
    }
    case 'numeric_entry':
      return (
        <Target element={element} scale={scale}>
          <ButtonBase
            disabled={!writable}
            data-kind="numeric_entry"
            data-tag={tag}
            data-stale={stale ? 'true' : undefined}
            aria-label={`${t('element.enter', { name })}: ${text ?? t('element.no_value')}${stale ? ` (${t('element.stale')})` : ''}`}
            onClick={() => onEnter(element)}
            sx={{ width: '100%', height: '100%' }}
          >
            <ControlFace
              element={element}
              scale={scale}
              fontSize={fontSize}
              writable={writable}
              sx={{
                justifyContent: 'flex-end',
                px: 0.5,
                bgcolor: writable ? 'background.default' : 'action.disabledBackground',
                color: writable ? 'text.primary' : 'text.disabled',
                fontVariantNumeric: 'tabular-nums',
                ...staleLook,
              }}
            >
              {sending ? t('element.sending') : (text ?? '—')}
            </ControlFace>
          </ButtonBase>
        </Target>
      );
    case 'bar': {
      const min = element.min ?? 0;
      const max = element.max ?? 100;
      const number = typeof value === 'number' ? value : Number.NaN;
      const share = Number.isFinite(number) && max > min ? Math.min(Math.max((number - min) / (max - min), 0), 1) : 0;
      const n = fixedFormat(language, format?.decimals ?? 0);
      return (
        <Box
          sx={{ ...box, border: 1, borderColor: 'text.secondary', alignItems: 'stretch', justifyContent: 'flex-start', ...(stale ? { opacity: 0.6, borderStyle: 'dashed' } : {}) }}
          role="meter"
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuenow={Number.isFinite(number) ? number : undefined}
          aria-label={`${t('element.bar', { name, value: text ?? t('element.no_value'), min: n.format(min), max: n.format(max) })}${stale ? ` (${t('element.stale')})` : ''}`}
          data-kind="bar"
          data-tag={tag}
          data-stale={stale ? 'true' : undefined}
        >
          {element.h > element.w ? (
            <Box sx={{ width: '100%', alignSelf: 'flex-end', height: `${share * 100}%`, bgcolor: 'info.main' }} />
          ) : (
            <Box sx={{ height: '100%', width: `${share * 100}%`, bgcolor: 'info.main' }} />
          )}
        </Box>
      );
    }
  }
});

/** What a pressable control (button, numeric entry) draws: its scaled rectangle, bordered in the
 * primary colour while it can be pressed; `sx` adds the control's own look. */
function ControlFace({ element, scale, fontSize, writable, sx, children }: { element: WebviewElement; scale: number; fontSize: number; writable: boolean; sx: SxProps<Theme>; children: React.ReactNode }) {
  return (
    <Box
      component="span"
      sx={[
        {
          width: element.w * scale,
          height: element.h * scale,
          fontSize,
          display: 'flex',
          alignItems: 'center',
          border: 2,
          borderColor: writable ? 'primary.main' : 'action.disabled',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

/** A control's place: its touch area is its scaled rectangle grown to MIN_TARGET_PX around its
 * centre; what it draws keeps its own size in the middle. */
function Target({ element, scale, children }: { element: WebviewElement; scale: number; children: React.ReactNode }) {
  const rect = touchRect(element, scale);
  return <Box sx={{ position: 'absolute', left: rect.left, top: rect.top, width: rect.width, height: rect.height, display: 'flex', zIndex: 1 }}>{children}</Box>;
}
