import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/notice-actions';
import { useActivatePlcRuntimeMutation, useResetPlcRuntimeMutation } from '../../../store/api/plc-runtime-endpoints';
import {
  ACTIVATION_METHODS,
  LICENCE_FORMATS,
  LICENCE_INPUT_MAX_LENGTH,
  activationProblem,
  normalizeLicenceText,
  type ActivationMethod,
} from '../../../contract/rules/plc-runtime';
import { failureOf } from '../../../contract/failure';
import { FactRow } from '../../components/FactRow';
import { errorMessage, errorText } from '../../i18n/error-text';
import { displayTime } from '../../i18n/format';
import { PLC_NS, problemText } from './messages';
import type { PlcRuntimeStatus } from './types';

/** What the field says: a format problem once the text is as long as a licence or the field was
 * left (typing a licence is not an error half-way), a check character problem at once, `required`
 * only after a try. */
function shownProblem(method: ActivationMethod, value: string, left: boolean, attempted: boolean): string | null {
  const problem = activationProblem(method, value);
  if (!problem) return null;
  if (problem === 'required') return attempted ? problem : null;
  const complete = normalizeLicenceText(value).length >= LICENCE_FORMATS[method].length;
  return complete || left || attempted ? problem : null;
}

/** Activation: the state, and activating by serial number or code, or resetting the activation. */
export function ActivationCard({ status, canChange }: { status: PlcRuntimeStatus; canChange: boolean }) {
  const { t } = useTranslation(PLC_NS);
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [activate, activating] = useActivatePlcRuntimeMutation();
  const [reset, resetting] = useResetPlcRuntimeMutation();
  const [method, setMethod] = useState<ActivationMethod>('serial_number');
  const [value, setValue] = useState('');
  const [left, setLeft] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { activation } = status;
  const activated = activation.state === 'activated';
  const problem = shownProblem(method, value, left, attempted);

  const clear = () => {
    setValue('');
    setLeft(false);
    setAttempted(false);
    setRefusal(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    setRefusal(null);
    if (activationProblem(method, value) || activating.isLoading) return;
    try {
      await activate({ method, value }).unwrap();
      clear();
      dispatch(noticeShown({ key: `${PLC_NS}:activation.activated_notice`, severity: 'success' }));
    } catch (error) {
      const failure = failureOf(error);
      // A rule's refusal is the field's own message (the device ran the same rule).
      setRefusal(failure.error_code === 'validation_failure' && failure.problem ? (problemText(t, failure.problem) ?? errorText(t, error)) : errorText(t, error));
    }
  };

  const doReset = async () => {
    setConfirming(false);
    try {
      await reset().unwrap();
      dispatch(noticeShown({ key: `${PLC_NS}:activation.reset_notice`, severity: 'success' }));
    } catch (error) {
      dispatch(noticeShown({ ...errorMessage(error), severity: 'error' }));
    }
  };

  const format = LICENCE_FORMATS[method];
  const placeholder = Array.from({ length: format.length / format.group }, () => 'X'.repeat(format.group)).join('-');

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('activation.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0, mb: 2 }}>
          <FactRow label={t('activation.state')}>
            <Chip
              size="small"
              // Filled: text on the colour is chosen for 4.5:1 (an outlined orange would not be).
              color={activated ? 'success' : 'warning'}
              label={t(`activation.states.${activation.state}`)}
              data-testid="activation-state"
            />
          </FactRow>
          {activated ? (
            <>
              <FactRow label={t('activation.activated_with')}>{t(`activation.methods.${activation.method ?? 'serial_number'}`)}</FactRow>
              <FactRow label={t('activation.activated_at')}>{activation.activated_at ? displayTime(activation.activated_at) : '—'}</FactRow>
              <FactRow label={t('activation.licence')}>
                <span data-testid="licence-hint">{t('activation.licence_hint', { hint: activation.licence_hint ?? '' })}</span>
              </FactRow>
            </>
          ) : null}
          <FactRow label={t('activation.device_serial')}>
            <span data-testid="device-serial">{status.device_serial_number}</span>
          </FactRow>
        </Box>
        {activated ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('activation.reset_hint')}
            </Typography>
            <Button variant="outlined" color="error" disabled={!canChange || status.running_job !== null} loading={resetting.isLoading} onClick={() => setConfirming(true)}>
              {t('activation.reset')}
            </Button>
          </>
        ) : (
          <Box component="form" noValidate onSubmit={submit}>
            <FormControl component="fieldset" disabled={!canChange} sx={{ mb: 1 }}>
              <FormLabel component="legend">{t('activation.method')}</FormLabel>
              <RadioGroup
                row
                value={method}
                onChange={(e) => {
                  setMethod(e.target.value as ActivationMethod);
                  clear();
                }}
              >
                {ACTIVATION_METHODS.map((m) => (
                  <FormControlLabel key={m} value={m} control={<Radio />} label={t(`activation.methods.${m}`)} sx={{ minHeight: 44 }} />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              id="plc-licence"
              fullWidth
              label={t(`activation.input.${method}`)}
              placeholder={placeholder}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setRefusal(null);
              }}
              onBlur={() => setLeft(value.trim() !== '')}
              error={Boolean(problem || refusal)}
              helperText={refusal ?? problemText(t, problem) ?? t(`activation.help.${method}`, { serial: status.device_serial_number })}
              disabled={!canChange}
              slotProps={{
                htmlInput: { maxLength: LICENCE_INPUT_MAX_LENGTH, autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters', style: { fontFamily: 'monospace' } },
                formHelperText: refusal ? { role: 'alert' } : {},
              }}
              sx={{ mb: 2 }}
            />
            <Button type="submit" variant="contained" disabled={!canChange || status.running_job !== null} loading={activating.isLoading}>
              {t('activation.activate')}
            </Button>
          </Box>
        )}
        {!canChange ? (
          <Alert severity="info" role="note" sx={{ mt: 2 }}>
            {t('admin_only')}
          </Alert>
        ) : null}
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="plc-reset-title">
        <DialogTitle id="plc-reset-title">{t('activation.reset_confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('activation.reset_confirm.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('activation.reset_confirm.cancel')}</Button>
          <Button variant="contained" color="warning" onClick={() => void doReset()}>
            {t('activation.reset_confirm.reset')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
