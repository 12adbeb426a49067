import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  expirationFromWire,
  expirationToWire,
  MINIMAL_LENGTH_RANGE,
  PASSWORD_MIN_LENGTH,
  SPECIAL_CHARACTERS,
  strengthRulesFromWire,
  strengthRulesToWire,
  VALIDITY_PERIOD_RANGE,
  type PasswordExpirationWire,
  type PasswordStrengthRulesWire,
} from '../../../contract/rules';
import { useAppDispatch } from '../../../store';
import {
  systemApi,
  useExpirationQuery,
  useHttpSettingQuery,
  useSetExpirationMutation,
  useSetHttpMutation,
  useSetStrengthRulesMutation,
  useStrengthRulesQuery,
} from '../../../store/api/system-endpoints';
import { SettingsCard } from '../../components/settings/SettingsCard';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { inRange, readWholeNumber } from '../../components/settings/whole-number';
import { rangeText, useNumberFormat } from '../../i18n/numbers';

const SWITCH_ROW = { minHeight: 44, ml: 0, mr: 0, gap: 1, alignItems: 'center' } as const;

/** (a) Whether plain HTTP is allowed, or redirected to HTTPS. */
function ProtocolCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const query = useHttpSettingQuery();
  const [setHttp] = useSetHttpMutation();
  const form = useSettingsForm({
    stored: query.data,
    toDraft: (stored) => ({ http: stored.http }),
    normalise: (draft) => draft,
    save: async (draft) => {
      const result = await setHttp(draft).unwrap();
      dispatch(systemApi.util.upsertQueryData('httpSetting', undefined, result));
    },
  });
  const http = form.value?.http ?? false;

  return (
    <SettingsCard title={t('security.protocol.title')} form={form} loadFailed={query.isError} loadError={query.error} onRetry={() => void query.refetch()}>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('security.protocol.legend')}</FormLabel>
        <RadioGroup value={http ? 'http' : 'https'} onChange={(e) => form.change({ http: e.target.value === 'http' })}>
          <FormControlLabel value="https" control={<Radio />} label={t('security.protocol.https_only')} sx={SWITCH_ROW} />
          <FormControlLabel value="http" control={<Radio />} label={t('security.protocol.allow_http')} sx={SWITCH_ROW} />
        </RadioGroup>
      </FormControl>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('security.protocol.redirect', { port: query.data?.https_port ?? '' })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('security.protocol.certificate')}
      </Typography>
    </SettingsCard>
  );
}

interface RulesDraft {
  rulesEnable: boolean;
  minimalLength: string;
  includeNumbers: boolean;
  includeMixedCases: boolean;
  includeSpecialCharacters: boolean;
}

/** (b) The password strength rules every change-password form applies. */
function StrengthRulesCard() {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const dispatch = useAppDispatch();
  const query = useStrengthRulesQuery();
  const [setRules] = useSetStrengthRulesMutation();
  const form = useSettingsForm({
    stored: query.data,
    toDraft: (wire): RulesDraft => {
      const rules = strengthRulesFromWire(wire);
      return { ...rules, minimalLength: String(rules.minimalLength) };
    },
    normalise: (draft) => strengthRulesToWire({ ...draft, minimalLength: readWholeNumber(draft.minimalLength) }),
    // The range the device's schema holds the length to.
    problems: (wire: PasswordStrengthRulesWire) => ({
      minimalLength: inRange(wire.password_rules_minimal_length, MINIMAL_LENGTH_RANGE) ? undefined : ('range' as const),
    }),
    save: async (wire) => {
      const result = await setRules(wire).unwrap();
      dispatch(systemApi.util.upsertQueryData('strengthRules', undefined, result));
    },
  });
  const value = form.value;
  const lengthRefused = Boolean(form.problems?.minimalLength);
  const change = form.change;

  // With the rules off only their switch can change: the rest would do nothing, and says why.
  const rulesOff = !(value?.rulesEnable ?? false);
  const hintId = useId();
  const switchRow = (key: 'rulesEnable' | 'includeNumbers' | 'includeMixedCases' | 'includeSpecialCharacters', label: string) => (
    <FormControlLabel
      sx={SWITCH_ROW}
      disabled={key !== 'rulesEnable' && rulesOff}
      control={
        <Switch
          checked={value?.[key] ?? false}
          onChange={(e) => change({ [key]: e.target.checked })}
          // The line saying why the rest is off describes every switch of the card while it shows.
          slotProps={{ input: { 'aria-describedby': rulesOff ? hintId : undefined } }}
        />
      }
      label={label}
    />
  );

  return (
    <SettingsCard title={t('security.rules.title')} form={form} loadFailed={query.isError} loadError={query.error} onRetry={() => void query.refetch()}>
      <Stack spacing={1}>
        {switchRow('rulesEnable', t('security.rules.enable'))}
        {rulesOff ? (
          <Typography id={hintId} variant="body2" color="text.secondary" data-testid="rules-off-hint">
            {t('security.rules.off_hint', { length: PASSWORD_MIN_LENGTH })}
          </Typography>
        ) : null}
        <TextField
          label={t('security.rules.minimal_length')}
          disabled={rulesOff}
          value={value?.minimalLength ?? ''}
          onChange={(e) => change({ minimalLength: e.target.value })}
          error={lengthRefused}
          helperText={t(lengthRefused ? 'security.range_error' : 'security.rules.minimal_length_hint', rangeText(MINIMAL_LENGTH_RANGE, number))}
          required
          sx={{ maxWidth: 320 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', min: MINIMAL_LENGTH_RANGE.min, max: MINIMAL_LENGTH_RANGE.max } }}
        />
        {switchRow('includeNumbers', t('security.rules.include_numbers'))}
        {switchRow('includeMixedCases', t('security.rules.include_mixed_cases'))}
        {switchRow('includeSpecialCharacters', t('security.rules.include_special_characters', { characters: SPECIAL_CHARACTERS }))}
      </Stack>
    </SettingsCard>
  );
}

interface ExpirationDraft {
  notificationEnable: boolean;
  validityPeriod: string;
  allowOperationsBeforeUpdate: boolean;
}

/** (c) When a password counts as expired, and what its owner may still do. */
function ExpirationCard() {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const dispatch = useAppDispatch();
  const query = useExpirationQuery();
  const [setExpiration] = useSetExpirationMutation();
  const form = useSettingsForm({
    stored: query.data,
    toDraft: (wire): ExpirationDraft => {
      const settings = expirationFromWire(wire);
      return { ...settings, validityPeriod: String(settings.validityPeriod) };
    },
    normalise: (draft) => expirationToWire({ ...draft, validityPeriod: readWholeNumber(draft.validityPeriod) }),
    // The range the device's schema holds the period to.
    problems: (wire: PasswordExpirationWire) => ({
      validityPeriod: inRange(wire.password_expiration_validity_period, VALIDITY_PERIOD_RANGE) ? undefined : ('range' as const),
    }),
    save: async (wire) => {
      const result = await setExpiration(wire).unwrap();
      dispatch(systemApi.util.upsertQueryData('expiration', undefined, result));
    },
  });
  const value = form.value;
  const periodRefused = Boolean(form.problems?.validityPeriod);
  const change = form.change;
  // With notifications off no password ever expires: the period and the allowance do nothing.
  const expiryOff = !(value?.notificationEnable ?? false);
  const hintId = useId();
  const describedByHint = { input: { 'aria-describedby': expiryOff ? hintId : undefined } };

  return (
    <SettingsCard title={t('security.expiration.title')} form={form} loadFailed={query.isError} loadError={query.error} onRetry={() => void query.refetch()}>
      <Stack spacing={1}>
        <FormControlLabel
          sx={SWITCH_ROW}
          control={
            <Switch
              checked={value?.notificationEnable ?? false}
              onChange={(e) => change({ notificationEnable: e.target.checked })}
              slotProps={describedByHint}
            />
          }
          label={t('security.expiration.notification')}
        />
        {expiryOff ? (
          <Typography id={hintId} variant="body2" color="text.secondary" data-testid="expiry-off-hint">
            {t('security.expiration.off_hint')}
          </Typography>
        ) : null}
        <TextField
          label={t('security.expiration.validity_period')}
          disabled={expiryOff}
          value={value?.validityPeriod ?? ''}
          onChange={(e) => change({ validityPeriod: e.target.value })}
          error={periodRefused}
          helperText={t(periodRefused ? 'security.range_error' : 'security.expiration.validity_period_hint', rangeText(VALIDITY_PERIOD_RANGE, number))}
          required
          sx={{ maxWidth: 320 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', min: VALIDITY_PERIOD_RANGE.min, max: VALIDITY_PERIOD_RANGE.max } }}
        />
        <FormControlLabel
          sx={SWITCH_ROW}
          disabled={expiryOff}
          control={
            <Switch
              checked={value?.allowOperationsBeforeUpdate ?? false}
              onChange={(e) => change({ allowOperationsBeforeUpdate: e.target.checked })}
              slotProps={describedByHint}
            />
          }
          label={t('security.expiration.allow_operations')}
        />
      </Stack>
    </SettingsCard>
  );
}

/** Administration / Security (admin only): protocol, password strength rules, password expiration. */
export default function SecurityPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {t('security.title')}
      </Typography>
      <ProtocolCard />
      <StrengthRulesCard />
      <ExpirationCard />
    </Stack>
  );
}
