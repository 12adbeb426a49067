import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_MAX_LENGTH,
  minimumLength,
  SPECIAL_CHARACTERS,
  type PasswordFormErrors,
  type PasswordStrengthRules,
  type StrengthFailure,
} from '../../../contract/rules';
import { failureOf, type Failure } from '../../../contract/failure';
import { errorText } from '../../i18n/error-text';
import { StrengthMeter } from './StrengthMeter';
import { PASSWORD_ERROR_TEXTS } from './password-error';

export interface PasswordFormValues {
  current: string;
  password: string;
  confirm: string;
  changeAll: boolean;
}

export type PasswordTextField = 'current' | 'password' | 'confirm';

export const EMPTY_PASSWORD_FORM: PasswordFormValues = { current: '', password: '', confirm: '', changeAll: false };

export interface PasswordChangeFormProps {
  values: PasswordFormValues;
  /** What `validatePasswordChangeForm` found (empty until the user first submits). */
  errors: PasswordFormErrors;
  /** The last failed change: its Failure, or its code as a machine keeps it (contract/failure.ts). */
  serverError?: Failure | string | null;
  rules: PasswordStrengthRules;
  /** Admin only: the switch that also changes the Update and History passwords. */
  showChangeAll: boolean;
  onEdit(field: PasswordTextField, value: string): void;
  onToggleChangeAll(value: boolean): void;
  disabled?: boolean;
}

/** The messages of one field's errors (specification §5), one per line. */
export function passwordFieldMessages(
  t: TFunction,
  field: PasswordTextField,
  error: PasswordFormErrors[PasswordTextField],
  rules: PasswordStrengthRules,
): string[] {
  if (!error) return [];
  if (Array.isArray(error)) {
    return (error as StrengthFailure[]).map((f) =>
      t(`password.errors.${f}`, { length: minimumLength(rules), characters: SPECIAL_CHARACTERS }),
    );
  }
  if (error === 'required') return [t(`password.errors.${field}_required`)];
  if (error === 'inconsistent') return [t('password.errors.inconsistent')];
  if (error === 'too_long') return [t('password.errors.too_long', { max: PASSWORD_MAX_LENGTH })];
  if (error === 'same_as_current') return [t('password.errors.same_as_current')];
  return [];
}

function helper(messages: string[], hint?: ReactNode): ReactNode {
  if (messages.length === 0) return hint ?? ' ';
  return messages.map((m) => (
    <Box component="span" key={m} sx={{ display: 'block' }}>
      {m}
    </Box>
  ));
}

/**
 * The change-password form: current, new (with the strength meter) and confirm, and for admin the
 * change-all switch. Controlled and presentational: the page, the first-run wizard and the
 * password-expiry dialog own the values, the validation and the call.
 */
export function PasswordChangeForm({
  values,
  errors,
  serverError,
  rules,
  showChangeAll,
  onEdit,
  onToggleChangeAll,
  disabled = false,
}: PasswordChangeFormProps) {
  const { t } = useTranslation();
  const [reveal, setReveal] = useState(false);
  const id = useId();
  const type = reveal ? 'text' : 'password';

  const currentMessages = passwordFieldMessages(t, 'current', errors.current, rules);
  const passwordMessages = passwordFieldMessages(t, 'password', errors.password, rules);
  const confirmMessages = passwordFieldMessages(t, 'confirm', errors.confirm, rules);
  const serverCode = serverError ? failureOf(serverError).error_code : null;

  return (
    <Stack spacing={1.5}>
      {serverError ? (
        <Alert severity="error" role="alert">
          {errorText(t, serverError, PASSWORD_ERROR_TEXTS)}
        </Alert>
      ) : null}
      <TextField
        id={`${id}-current`}
        label={t('password.current')}
        type={type}
        value={values.current}
        onChange={(e) => onEdit('current', e.target.value)}
        autoComplete="current-password"
        required
        disabled={disabled}
        error={currentMessages.length > 0 || serverCode === 'current_password_error'}
        helperText={helper(currentMessages)}
        slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
      />
      <Box>
        <TextField
          id={`${id}-password`}
          label={t('password.new')}
          type={type}
          value={values.password}
          onChange={(e) => onEdit('password', e.target.value)}
          autoComplete="new-password"
          required
          fullWidth
          disabled={disabled}
          error={passwordMessages.length > 0 || serverCode === 'password_too_weak' || serverCode === 'password_reused'}
          helperText={helper(passwordMessages)}
          slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
        />
        <StrengthMeter password={values.password} rules={rules} />
      </Box>
      <TextField
        id={`${id}-confirm`}
        label={t('password.confirm')}
        type={type}
        value={values.confirm}
        onChange={(e) => onEdit('confirm', e.target.value)}
        autoComplete="new-password"
        required
        disabled={disabled}
        error={confirmMessages.length > 0}
        helperText={helper(confirmMessages)}
        slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
      />
      <FormControlLabel
        sx={{ minHeight: 44 }}
        control={<Checkbox checked={reveal} onChange={(e) => setReveal(e.target.checked)} disabled={disabled} />}
        label={t('password.show_passwords')}
      />
      {showChangeAll ? (
        <Box>
          <FormControlLabel
            sx={{ minHeight: 44 }}
            control={
              <Switch
                checked={values.changeAll}
                onChange={(e) => onToggleChangeAll(e.target.checked)}
                disabled={disabled}
                slotProps={{ input: { 'aria-describedby': `${id}-change-all-hint` } }}
              />
            }
            label={t('password.change_all')}
          />
          <FormHelperText id={`${id}-change-all-hint`} sx={{ mt: 0 }}>
            {t('password.change_all_hint')}
          </FormHelperText>
        </Box>
      ) : null}
    </Stack>
  );
}
