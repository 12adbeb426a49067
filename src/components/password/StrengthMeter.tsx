import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  passwordScore,
  SPECIAL_CHARACTERS,
  minimumLength,
  strengthFailures,
  type PasswordStrengthRules,
  type StrengthFailure,
} from '../../../contract/rules';
import { visuallyHidden } from '../visually-hidden';

export const STRENGTH_LEVELS = ['weak', 'fair', 'good', 'strong', 'very_strong'] as const;
const LEVEL_COLORS = ['error', 'warning', 'info', 'success', 'success'] as const;

export interface StrengthMeterProps {
  /** The password being typed. */
  password: string;
  /** The device's strength rules: the checklist shows the minimum length, and the other rules when they are on. */
  rules: PasswordStrengthRules;
}

/** The rules in force, in the order the checklist shows them: the minimum length always, the
 * others when the strength rules are on. */
export function activeRules(rules: PasswordStrengthRules): StrengthFailure[] {
  const active: StrengthFailure[] = ['min_length'];
  if (!rules.rulesEnable) return active;
  if (rules.includeNumbers) active.push('numbers');
  if (rules.includeMixedCases) active.push('mixed_cases');
  if (rules.includeSpecialCharacters) active.push('special_characters');
  return active;
}

const CHECK_PATH = 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z';
const CROSS_PATH = 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/** How strong the typed password is (0–4), and which of the device's rules it already meets. */
export function StrengthMeter({ password, rules }: StrengthMeterProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const score = passwordScore(password);
  const level = t(`password.strength.${STRENGTH_LEVELS[score]}`);
  const failures = new Set(strengthFailures(password, rules));
  const checklist = activeRules(rules);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
        <Typography id={labelId} variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
          {t('password.strength.label')}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={password.length === 0 ? 0 : ((score + 1) / STRENGTH_LEVELS.length) * 100}
          color={LEVEL_COLORS[score]}
          aria-labelledby={labelId}
          aria-valuetext={password.length === 0 ? t('password.strength.empty') : level}
          sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ minWidth: 80, textAlign: 'end', fontWeight: 600 }} aria-live="polite">
          {password.length === 0 ? '' : level}
        </Typography>
      </Stack>
      {checklist.length > 0 ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary" component="p">
            {t('password.strength.requirements')}
          </Typography>
          <Box component="ul" aria-label={t('password.strength.requirements')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {checklist.map((rule) => {
              const met = !failures.has(rule);
              return (
                <Box
                  component="li"
                  key={rule}
                  data-rule={rule}
                  data-met={met}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25, color: met ? 'success.main' : 'text.secondary' }}
                >
                  <SvgIcon fontSize="small" aria-hidden="true" color={met ? 'success' : 'disabled'}>
                    <path d={met ? CHECK_PATH : CROSS_PATH} />
                  </SvgIcon>
                  <Typography variant="body2" component="span" sx={{ color: 'text.primary' }}>
                    {t(`password.strength.rule_${rule}`, { length: minimumLength(rules), characters: SPECIAL_CHARACTERS })}
                  </Typography>
                  <Box component="span" sx={visuallyHidden}>
                    {t(met ? 'password.strength.met' : 'password.strength.unmet')}
                  </Box>
                </Box>
              );
            })}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
