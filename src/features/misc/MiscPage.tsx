import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract/api/define';
import type { getSettings } from '../../../contract/api/misc';
import {
  BACKLIGHT_MAX_PERCENT,
  BACKLIGHT_MIN_PERCENT,
  FRAME_ORIGINS_MAX,
  SCREEN_SAVER_MAX_MINUTES,
  VNC_PASSWORD_MAX,
  VNC_PASSWORD_MIN,
  VNC_PORT_MAX,
  VNC_PORT_MIN,
  miscProblems,
  normalizeMisc,
  type MiscProblem,
  type MiscSettingsInput,
} from '../../../contract/rules/misc';
import { useMiscSettingsQuery, useSetMiscSettingsMutation } from '../../../store/api/misc-endpoints';
import { FeatureNotEnabled } from '../../components/FeatureNotEnabled';
import { SettingsCard } from '../../components/settings/SettingsCard';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { readWholeNumber } from '../../components/settings/whole-number';

export const MISC_NS = 'misc';

type MiscAnswer = ResponseOf<typeof getSettings>;

/** The form's values: numbers as the text typed, the VNC password as typed (empty keeps it). */
interface Draft {
  frame_enabled: boolean;
  origins: string[];
  buzzer: boolean;
  screen_saver_on: boolean;
  screen_saver_minutes: string;
  backlight_percent: number;
  vnc_enabled: boolean;
  vnc_port: string;
  vnc_view_only: boolean;
  vnc_password: string;
}

const toDraft = ({ settings: s }: MiscAnswer): Draft => ({
  frame_enabled: s.frame_embedding.enabled,
  origins: [...s.frame_embedding.allowed_origins],
  buzzer: s.buzzer.enabled,
  screen_saver_on: s.screen_saver_minutes > 0,
  screen_saver_minutes: String(s.screen_saver_minutes > 0 ? s.screen_saver_minutes : 10),
  backlight_percent: s.backlight_percent,
  vnc_enabled: s.vnc.enabled,
  vnc_port: String(s.vnc.port),
  vnc_view_only: s.vnc.view_only,
  vnc_password: '',
});

const normalise = (d: Draft): MiscSettingsInput =>
  normalizeMisc({
    frame_embedding: { enabled: d.frame_enabled, allowed_origins: d.origins },
    buzzer: { enabled: d.buzzer },
    screen_saver_minutes: d.screen_saver_on ? readWholeNumber(d.screen_saver_minutes) : 0,
    backlight_percent: d.backlight_percent,
    vnc: { enabled: d.vnc_enabled, port: readWholeNumber(d.vnc_port), view_only: d.vnc_view_only, password: d.vnc_password },
  });

/** The message of a rule's problem (contract/rules/misc.ts), with the rule's own bounds. */
function problemText(t: TFunction, problem: MiscProblem | undefined): string | undefined {
  if (!problem) return undefined;
  return t(`problem.${problem}`, {
    ns: MISC_NS,
    max: FRAME_ORIGINS_MAX,
    minutes: SCREEN_SAVER_MAX_MINUTES,
    minPercent: BACKLIGHT_MIN_PERCENT,
    maxPercent: BACKLIGHT_MAX_PERCENT,
    minPort: VNC_PORT_MIN,
    maxPort: VNC_PORT_MAX,
    minLength: VNC_PASSWORD_MIN,
    maxLength: VNC_PASSWORD_MAX,
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ py: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Features / Misc (specification §2, §9): frame embedding (the console's response headers follow
 * it at once), buzzer, screen saver, backlight and the VNC server. When the running project does not
 * enable Misc the screen says so first; the settings stay open (frame embedding applies anyway). */
export default function MiscPage() {
  const { t, i18n } = useTranslation(MISC_NS);
  const percent = (v: number) => new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language, { style: 'percent' }).format(v / 100);
  const query = useMiscSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save] = useSetMiscSettingsMutation();
  const passwordSet = query.data?.settings.vnc.password_set ?? false;
  const form = useSettingsForm({
    stored: query.data,
    toDraft,
    normalise,
    problems: (value: MiscSettingsInput) => miscProblems(value, passwordSet),
    save: (value) => save(value).unwrap(),
  });
  const value = form.value;
  const problems = form.problems ?? {};
  const busy = form.busy;
  const change = form.change;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.misc', { ns: 'shell' })}
      </Typography>
      {query.data && !query.data.project_enabled ? (
        <Box sx={{ mb: 2 }} data-testid="misc-not-enabled">
          <FeatureNotEnabled message={t('not_enabled')} />
        </Box>
      ) : null}
      <SettingsCard title={t('title')} form={form} loadFailed={query.isError} loadError={query.error} onRetry={() => void query.refetch()} loadingHeight={640}>
        {value ? (
          <Stack divider={<Divider flexItem />} spacing={1}>
            <Section title={t('frame.title')}>
              <FormControlLabel
                control={<Switch checked={value.frame_enabled} onChange={(e) => change({ frame_enabled: e.target.checked })} disabled={busy} />}
                label={t('frame.enabled')}
                sx={{ ml: 0, minHeight: 44, gap: 1 }}
              />
              <FormHelperText sx={{ mt: 0, mb: 1 }} data-testid="frame-hint">
                {value.frame_enabled ? (value.origins.length === 0 ? t('frame.same_origin_hint') : t('frame.listed_hint', { count: value.origins.length })) : t('frame.off_hint')}
              </FormHelperText>
              {value.frame_enabled ? (
                <Box>
                  {value.origins.length > 0 ? (
                    <Box role="list" aria-label={t('frame.origins')}>
                      {value.origins.map((origin, i) => (
                        <Stack role="listitem" key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
                          <TextField
                            fullWidth
                            label={t('frame.origin', { n: i + 1 })}
                            value={origin}
                            placeholder="https://scada.example:8443"
                            onChange={(e) => change({ origins: value.origins.map((o, j) => (j === i ? e.target.value : o)) })}
                            error={Boolean(problems.origins?.[i])}
                            helperText={problemText(t, problems.origins?.[i]) ?? ' '}
                            disabled={busy}
                            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, autoCapitalize: 'none', inputMode: 'url' } }}
                          />
                          <Button
                            variant="outlined"
                            color="inherit"
                            onClick={() => change({ origins: value.origins.filter((_o, j) => j !== i) })}
                            disabled={busy}
                            sx={{ minHeight: 56, minWidth: 44, flexShrink: 0 }}
                            aria-label={t('frame.remove', { origin: origin || t('frame.origin', { n: i + 1 }) })}
                          >
                            {t('frame.remove_short')}
                          </Button>
                        </Stack>
                      ))}
                    </Box>
                  ) : null}
                  <Button
                    variant="outlined"
                    onClick={() => change({ origins: [...value.origins, ''] })}
                    disabled={busy || value.origins.length >= FRAME_ORIGINS_MAX}
                    sx={{ minHeight: 44 }}
                  >
                    {t('frame.add')}
                  </Button>
                  {problems.allowed_origins === 'too_many_origins' ? <FormHelperText error>{problemText(t, 'too_many_origins')}</FormHelperText> : null}
                </Box>
              ) : null}
            </Section>

            <Section title={t('buzzer.title')}>
              <FormControlLabel
                control={<Switch checked={value.buzzer} onChange={(e) => change({ buzzer: e.target.checked })} disabled={busy} />}
                label={t('buzzer.enabled')}
                sx={{ ml: 0, minHeight: 44, gap: 1 }}
              />
            </Section>

            <Section title={t('screen_saver.title')}>
              <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormControlLabel
                    control={<Switch checked={value.screen_saver_on} onChange={(e) => change({ screen_saver_on: e.target.checked })} disabled={busy} />}
                    label={t('screen_saver.enabled')}
                    sx={{ ml: 0, minHeight: 44, gap: 1 }}
                  />
                </Grid>
                {value.screen_saver_on ? (
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <TextField
                      fullWidth
                      label={t('screen_saver.minutes')}
                      value={value.screen_saver_minutes}
                      onChange={(e) => change({ screen_saver_minutes: e.target.value })}
                      error={Boolean(problems.screen_saver_minutes)}
                      helperText={problemText(t, problems.screen_saver_minutes) ?? t('screen_saver.hint', { max: SCREEN_SAVER_MAX_MINUTES })}
                      disabled={busy}
                      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                    />
                  </Grid>
                ) : null}
              </Grid>
            </Section>

            <Section title={t('backlight.title')}>
              <Stack direction="row" spacing={3} sx={{ alignItems: 'center', px: 1.5, minHeight: 44 }}>
                <Slider
                  value={value.backlight_percent}
                  min={BACKLIGHT_MIN_PERCENT}
                  max={BACKLIGHT_MAX_PERCENT}
                  step={5}
                  onChange={(_e, v) => change({ backlight_percent: v as number })}
                  disabled={busy}
                  aria-label={t('backlight.title')}
                  getAriaValueText={percent}
                  sx={{
                    // A 44 px thumb to touch (tablet first), drawn as a 24 px dot in its middle.
                    '& .MuiSlider-thumb': {
                      width: 44,
                      height: 44,
                      backgroundColor: 'transparent',
                      backgroundImage: 'radial-gradient(circle, currentColor 11px, transparent 12px)',
                      '&::before': { boxShadow: 'none' },
                    },
                  }}
                />
                <Typography sx={{ minWidth: 56, textAlign: 'right' }} data-testid="backlight-value">
                  {percent(value.backlight_percent)}
                </Typography>
              </Stack>
            </Section>

            <Section title={t('vnc.title')}>
              <FormControlLabel
                control={<Switch checked={value.vnc_enabled} onChange={(e) => change({ vnc_enabled: e.target.checked })} disabled={busy} />}
                label={t('vnc.enabled')}
                sx={{ ml: 0, minHeight: 44, gap: 1 }}
              />
              <Grid container spacing={2} sx={{ mt: 0.5 }}>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    fullWidth
                    label={t('vnc.port')}
                    value={value.vnc_port}
                    onChange={(e) => change({ vnc_port: e.target.value })}
                    error={Boolean(problems.vnc_port)}
                    helperText={problemText(t, problems.vnc_port) ?? ' '}
                    disabled={busy}
                    slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 8 }}>
                  <TextField
                    fullWidth
                    type="password"
                    label={t('vnc.password')}
                    value={value.vnc_password}
                    onChange={(e) => change({ vnc_password: e.target.value })}
                    error={Boolean(problems.vnc_password)}
                    helperText={problemText(t, problems.vnc_password) ?? (passwordSet ? t('vnc.password_set_hint') : t('vnc.password_hint', { min: VNC_PASSWORD_MIN, max: VNC_PASSWORD_MAX }))}
                    disabled={busy}
                    slotProps={{ htmlInput: { autoComplete: 'new-password', 'data-testid': 'vnc-password' } }}
                  />
                </Grid>
              </Grid>
              <FormControlLabel
                control={<Switch checked={value.vnc_view_only} onChange={(e) => change({ vnc_view_only: e.target.checked })} disabled={busy} />}
                label={t('vnc.view_only')}
                sx={{ ml: 0, minHeight: 44, gap: 1 }}
              />
            </Section>
          </Stack>
        ) : null}
      </SettingsCard>
    </Box>
  );
}
