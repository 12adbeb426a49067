import { useEffect, useRef, useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SAFE_APPLY_SECONDS } from '../../../contract/rules/network';
import { errorText, SETTINGS_ERROR_TEXTS } from '../../i18n/error-text';
import { NETWORK_NS } from './messages';
import type { SafeApply } from './use-safe-apply';

/** The address to open when the change moves the one this console was opened at. */
export function newConsoleUrl(moved: { before: string; after: string }[], location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'pathname'>): string | null {
  const hit = moved.find((m) => m.before === location.hostname && m.after !== '');
  if (!hit) return null;
  return `${location.protocol}//${hit.after}${location.port ? `:${location.port}` : ''}${location.pathname}`;
}

interface Props {
  /** The section's flow (what it applies is the page's business, through `onApply`). */
  flow: Omit<SafeApply, 'apply'>;
  /** Apply is possible: something changed and every field is valid. */
  canApply: boolean;
  onApply(safe: boolean): void;
  applyLabel?: string;
  /** Whether the safety net starts on (it does unless the page knows the change cannot cut this
   * console off). */
  defaultSafe?: boolean;
  /** What the section's change led to, worded by the page (Wi-Fi: connected, password error, …):
   * said instead of "successful" when the device reports an outcome after the change. */
  describeResult?(result: string): { severity: AlertColor; text: string };
  /** Said while that outcome is awaited. */
  settlingText?: string;
  /** Apply is the submit button of the form around the bar (Enter in a field applies). */
  submit?: boolean;
}

/** Apply with or without the safety net, then the countdown with Keep / Revert and the outcome. */
export function SafeApplyBar({ flow, canApply, onApply, applyLabel, defaultSafe = true, describeResult, settlingText, submit = false }: Props) {
  const { t } = useTranslation(NETWORK_NS);
  const [safe, setSafe] = useState(defaultSafe);
  const { state, context } = flow;
  const pending = context.pending;
  const waiting = flow.waiting;
  const newUrl = pending && waiting ? newConsoleUrl(pending.moved, window.location) : null;
  const described = state === 'applied' && context.result !== null && describeResult ? describeResult(context.result) : null;
  let outcomeSeverity: AlertColor = state === 'kept' || state === 'applied' ? 'success' : state === 'failed' ? 'error' : 'info';
  let outcomeText = state === 'failed' ? errorText(t, context.error, SETTINGS_ERROR_TEXTS) : t(`safe.${String(state)}`);
  if (described) {
    outcomeSeverity = described.severity;
    outcomeText = described.text;
  }
  const alertRef = useRef<HTMLDivElement>(null);
  // A change resumed when the page opens waits below the form: bring Keep / Revert into view,
  // centred so the corner warning does not cover Revert.
  useEffect(() => {
    if (waiting) alertRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [waiting, pending?.id]);

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      {waiting && pending ? (
        <Alert ref={alertRef} severity="warning" role="alert" aria-live="assertive" data-testid="safe-apply-waiting">
          <AlertTitle>{t('safe.waiting_title')}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('safe.waiting', { seconds: context.secondsLeft })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={(context.secondsLeft / SAFE_APPLY_SECONDS) * 100}
            aria-label={t('safe.seconds_left', { seconds: context.secondsLeft })}
            sx={{ mb: 1.5, height: 6, borderRadius: 3 }}
          />
          {pending.moved.map((m) => (
            <Typography key={m.name} variant="body2">
              {m.after ? t('safe.moved', { name: m.name, before: m.before, after: m.after }) : t('safe.moved_off', { name: m.name, before: m.before })}
            </Typography>
          ))}
          {newUrl ? (
            <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
              {t('safe.open_new_address')}{' '}
              <Link href={newUrl} data-testid="new-address">
                {newUrl}
              </Link>
            </Typography>
          ) : null}
          {context.error ? <Typography variant="body2" color="error" sx={{ mt: 1 }}>{errorText(t, context.error, SETTINGS_ERROR_TEXTS)}</Typography> : null}
          <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
            <Button variant="contained" color="success" onClick={flow.keep} loading={state === 'confirming'} disabled={state === 'reverting'}>
              {t('safe.keep')}
            </Button>
            <Button variant="outlined" color="inherit" onClick={flow.revert} loading={state === 'reverting'} disabled={state === 'confirming'}>
              {t('safe.revert')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {flow.settling && settlingText ? (
        <Alert severity="info" role="status" data-testid="safe-apply-settling">
          {settlingText}
        </Alert>
      ) : null}
      {flow.outcome ? (
        <Alert severity={outcomeSeverity} onClose={flow.dismiss} closeText={t('safe.dismiss')} data-testid="safe-apply-outcome">
          {outcomeText}
        </Alert>
      ) : null}
      {!waiting ? (
        <Box>
          <FormControlLabel
            control={<Switch checked={safe} onChange={(e) => setSafe(e.target.checked)} />}
            label={t('safe.switch', { seconds: SAFE_APPLY_SECONDS })}
            sx={{ ml: 0, minHeight: 44, gap: 1 }}
          />
          {/* Said when the user turns it off; where it starts off, the change cannot cut this console off. */}
          {!safe && defaultSafe ? (
            <Alert severity="error" variant="outlined" sx={{ my: 1 }}>
              {t('safe.unsafe_warning')}
            </Alert>
          ) : null}
          <Box sx={{ mt: 1 }}>
            <Button
              variant="contained"
              type={submit ? 'submit' : 'button'}
              onClick={(e) => {
                // A submit button also submits its form: the form's own handler only stops the page load.
                e.preventDefault();
                onApply(safe);
              }}
              disabled={!canApply}
              loading={state === 'applying' || flow.settling}
            >
              {applyLabel ?? t('safe.apply')}
            </Button>
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}
