import { useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  expirationFromWire,
  expirationToWire,
  MINIMAL_LENGTH_RANGE,
  SPECIAL_CHARACTERS,
  strengthRulesFromWire,
  strengthRulesToWire,
  VALIDITY_PERIOD_RANGE,
} from '../../../contract/rules';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import {
  systemApi,
  useExpirationQuery,
  useHttpSettingQuery,
  useSetExpirationMutation,
  useSetHttpMutation,
  useSetStrengthRulesMutation,
  useStrengthRulesQuery,
} from '../../../store/api/system-endpoints';
import { SettingsCard } from './SettingsCard';

const SWITCH_ROW = { minHeight: 44, ml: 0, mr: 0, gap: 1, alignItems: 'center' } as const;

/** A whole number within the range, or null. */
export function parseInRange(text: string, range: { min: number; max: number }): number | null {
  if (!/^\d{1,6}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= range.min && n <= range.max ? n : null;
}

function useSaveNotices() {
  const dispatch = useAppDispatch();
  return {
    saved: () => dispatch(noticeShown({ key: 'settings.update_success', severity: 'success' })),
    failed: () => dispatch(noticeShown({ key: 'settings.update_failed', severity: 'error' })),
  };
}

/** (a) Whether plain HTTP is allowed, or redirected to HTTPS. */
function ProtocolCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const notices = useSaveNotices();
  const query = useHttpSettingQuery();
  const [setHttp, saving] = useSetHttpMutation();
  const [draft, setDraft] = useState<boolean | null>(null);

  const stored = query.data?.http ?? false;
  const http = draft ?? stored;
  const save = async () => {
    try {
      const result = await setHttp({ http }).unwrap();
      dispatch(systemApi.util.upsertQueryData('httpSetting', undefined, result));
      setDraft(null);
      notices.saved();
    } catch {
      notices.failed();
    }
  };

  return (
    <SettingsCard
      title={t('security.protocol.title')}
      loadFailed={query.isError}
      loading={!query.data}
      onRetry={() => void query.refetch()}
      dirty={http !== stored}
      valid
      saving={saving.isLoading}
      onSave={save}
    >
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('security.protocol.legend')}</FormLabel>
        <RadioGroup value={http ? 'http' : 'https'} onChange={(e) => setDraft(e.target.value === 'http')}>
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
  const dispatch = useAppDispatch();
  const notices = useSaveNotices();
  const query = useStrengthRulesQuery();
  const [setRules, saving] = useSetStrengthRulesMutation();
  const [draft, setDraft] = useState<RulesDraft | null>(null);

  const stored = query.data ? strengthRulesFromWire(query.data) : null;
  const storedDraft: RulesDraft | null = stored ? { ...stored, minimalLength: String(stored.minimalLength) } : null;
  const value = draft ?? storedDraft;
  const minimalLength = value ? parseInRange(value.minimalLength, MINIMAL_LENGTH_RANGE) : null;
  const dirty =
    value !== null &&
    stored !== null &&
    (value.rulesEnable !== stored.rulesEnable ||
      value.minimalLength.trim() !== String(stored.minimalLength) ||
      value.includeNumbers !== stored.includeNumbers ||
      value.includeMixedCases !== stored.includeMixedCases ||
      value.includeSpecialCharacters !== stored.includeSpecialCharacters);

  const change = (patch: Partial<RulesDraft>) => {
    if (value) setDraft({ ...value, ...patch });
  };

  const save = async () => {
    if (!value || minimalLength === null) return;
    try {
      const result = await setRules(strengthRulesToWire({ ...value, minimalLength })).unwrap();
      dispatch(systemApi.util.upsertQueryData('strengthRules', undefined, result));
      setDraft(null);
      notices.saved();
    } catch {
      notices.failed();
    }
  };

  const switchRow = (key: 'rulesEnable' | 'includeNumbers' | 'includeMixedCases' | 'includeSpecialCharacters', label: string) => (
    <FormControlLabel
      sx={SWITCH_ROW}
      control={<Switch checked={value?.[key] ?? false} onChange={(e) => change({ [key]: e.target.checked })} />}
      label={label}
    />
  );

  return (
    <SettingsCard
      title={t('security.rules.title')}
      loadFailed={query.isError}
      loading={!value}
      onRetry={() => void query.refetch()}
      dirty={dirty}
      valid={minimalLength !== null}
      saving={saving.isLoading}
      onSave={save}
    >
      <Stack spacing={1}>
        {switchRow('rulesEnable', t('security.rules.enable'))}
        <TextField
          label={t('security.rules.minimal_length')}
          value={value?.minimalLength ?? ''}
          onChange={(e) => change({ minimalLength: e.target.value })}
          error={minimalLength === null}
          helperText={t(minimalLength === null ? 'security.range_error' : 'security.rules.minimal_length_hint', MINIMAL_LENGTH_RANGE)}
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
  const dispatch = useAppDispatch();
  const notices = useSaveNotices();
  const query = useExpirationQuery();
  const [setExpiration, saving] = useSetExpirationMutation();
  const [draft, setDraft] = useState<ExpirationDraft | null>(null);

  const stored = query.data ? expirationFromWire(query.data) : null;
  const storedDraft: ExpirationDraft | null = stored ? { ...stored, validityPeriod: String(stored.validityPeriod) } : null;
  const value = draft ?? storedDraft;
  const validityPeriod = value ? parseInRange(value.validityPeriod, VALIDITY_PERIOD_RANGE) : null;
  const dirty =
    value !== null &&
    stored !== null &&
    (value.notificationEnable !== stored.notificationEnable ||
      value.validityPeriod.trim() !== String(stored.validityPeriod) ||
      value.allowOperationsBeforeUpdate !== stored.allowOperationsBeforeUpdate);

  const change = (patch: Partial<ExpirationDraft>) => {
    if (value) setDraft({ ...value, ...patch });
  };

  const save = async () => {
    if (!value || validityPeriod === null) return;
    try {
      const result = await setExpiration(expirationToWire({ ...value, validityPeriod })).unwrap();
      dispatch(systemApi.util.upsertQueryData('expiration', undefined, result));
      setDraft(null);
      notices.saved();
    } catch {
      notices.failed();
    }
  };

  return (
    <SettingsCard
      title={t('security.expiration.title')}
      loadFailed={query.isError}
      loading={!value}
      onRetry={() => void query.refetch()}
      dirty={dirty}
      valid={validityPeriod !== null}
      saving={saving.isLoading}
      onSave={save}
    >
      <Stack spacing={1}>
        <FormControlLabel
          sx={SWITCH_ROW}
          control={
            <Switch checked={value?.notificationEnable ?? false} onChange={(e) => change({ notificationEnable: e.target.checked })} />
          }
          label={t('security.expiration.notification')}
        />
        <TextField
          label={t('security.expiration.validity_period')}
          value={value?.validityPeriod ?? ''}
          onChange={(e) => change({ validityPeriod: e.target.value })}
          error={validityPeriod === null}
          helperText={t(validityPeriod === null ? 'security.range_error' : 'security.expiration.validity_period_hint', VALIDITY_PERIOD_RANGE)}
          required
          sx={{ maxWidth: 320 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', min: VALIDITY_PERIOD_RANGE.min, max: VALIDITY_PERIOD_RANGE.max } }}
        />
        <FormControlLabel
          sx={SWITCH_ROW}
          control={
            <Switch
              checked={value?.allowOperationsBeforeUpdate ?? false}
              onChange={(e) => change({ allowOperationsBeforeUpdate: e.target.checked })}
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
    <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {t('security.title')}
      </Typography>
      <ProtocolCard />
      <StrengthRulesCard />
      <ExpirationCard />
    </Stack>
  );
}
