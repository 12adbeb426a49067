import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract/api/define';
import type { getSmtp, sendTest } from '../../../contract/api/email';
import { SMTP_DEFAULT_PORTS, SMTP_SECURITIES, smtpProblems, testMailProblems, type SmtpProblems, type SmtpSecurity, type SmtpSettingsInput } from '../../../contract/rules/email';
import { useEmailSmtpQuery, useSendTestEmailMutation, useSetEmailSmtpMutation } from '../../../store/api/email-endpoints';
import { SettingsCard } from '../../components/settings/SettingsCard';
import { useSettingsForm } from '../../components/settings/use-settings-form';
import { errorText } from '../../i18n/error-text';
import { EMAIL_NS, outcomeText, problemText, shownProblem } from './messages';

type Smtp = ResponseOf<typeof getSmtp>;
type Draft = Omit<SmtpSettingsInput, 'port'> & { port: string };

const toDraft = (s: Smtp): Draft => ({ ...s.settings, port: String(s.settings.port), password: '', password_confirm: '' });
const normalise = (d: Draft): SmtpSettingsInput => ({
  ...d,
  host: d.host.trim(),
  username: d.username.trim(),
  sender_name: d.sender_name.trim(),
  sender_address: d.sender_address.trim(),
  port: /^\d{1,5}$/.test(d.port.trim()) ? Number(d.port.trim()) : NaN,
});

type TextKey = 'host' | 'port' | 'username' | 'password' | 'password_confirm' | 'sender_name' | 'sender_address';

/** The SMTP settings (specification §3, §5): every field required but the sender's name when the
 * HMI name stands for it; the password write-only (empty keeps the stored one); "accept any
 * certificate" shown as insecure. */
function SmtpSettingsCard() {
  const { t } = useTranslation(EMAIL_NS);
  const id = useId();
  const query = useEmailSmtpQuery();
  const [save] = useSetEmailSmtpMutation();
  const passwordSet = query.data?.password_set ?? false;
  const form = useSettingsForm({
    stored: query.data,
    toDraft,
    normalise,
    problems: (v: SmtpSettingsInput): SmtpProblems => smtpProblems(v, passwordSet),
    save: (v) => save(v).unwrap(),
  });
  const value = form.value;
  const problems: SmtpProblems = form.problems ?? {};
  const helper = (key: TextKey, hint?: string) => problemText(t, shownProblem(problems[key], form.attempted), key) ?? hint ?? ' ';
  const field = (key: TextKey, options: { type?: string; inputMode?: 'numeric' | 'email' | 'text'; hint?: string; autoComplete?: string } = {}) =>
    value ? (
      <TextField
        fullWidth
        id={`${id}-${key}`}
        label={t(`smtp.${key}`)}
        type={options.type ?? 'text'}
        value={value[key]}
        onChange={(e) => form.change({ [key]: e.target.value })}
        error={Boolean(shownProblem(problems[key], form.attempted))}
        helperText={helper(key, options.hint)}
        disabled={form.busy}
        slotProps={{ htmlInput: { inputMode: options.inputMode ?? 'text', autoComplete: options.autoComplete ?? 'off', spellCheck: false, 'data-testid': `smtp-${key}` } }}
      />
    ) : null;

  return (
    <SettingsCard title={t('smtp.title')} form={form} loadFailed={query.isError} loadError={query.error} onRetry={() => void query.refetch()} loadingHeight={420}>
      {value ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>{field('host', { autoComplete: 'off' })}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>{field('port', { inputMode: 'numeric' })}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              select
              fullWidth
              id={`${id}-security`}
              label={t('smtp.security')}
              value={value.security}
              disabled={form.busy}
              helperText=" "
              onChange={(e) => {
                const security = e.target.value as SmtpSecurity;
                // The port goes with the security while it is the previous one's usual port.
                const usual = String(SMTP_DEFAULT_PORTS[value.security]) === value.port.trim();
                form.change({ security, ...(usual ? { port: String(SMTP_DEFAULT_PORTS[security]) } : {}) });
              }}
              slotProps={{ htmlInput: { 'data-testid': 'smtp-security' } }}
            >
              {SMTP_SECURITIES.map((s) => (
                <MenuItem key={s} value={s} sx={{ minHeight: 44 }}>
                  {t(`smtp.securities.${s}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>{field('username', { autoComplete: 'username' })}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            {field('password', { type: 'password', autoComplete: 'new-password', hint: passwordSet ? t('smtp.password_kept') : undefined })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>{field('password_confirm', { type: 'password', autoComplete: 'new-password' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('sender_name', { hint: value.use_hmi_name ? t('smtp.sender_name_hmi') : undefined })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('sender_address', { inputMode: 'email', autoComplete: 'email' })}</Grid>
          <Grid size={12}>
            <FormControlLabel
              sx={{ minHeight: 44 }}
              control={<Checkbox checked={value.use_hmi_name} onChange={(e) => form.change({ use_hmi_name: e.target.checked })} disabled={form.busy} />}
              label={t('smtp.use_hmi_name')}
            />
          </Grid>
          <Grid size={12}>
            <FormControlLabel
              sx={{ minHeight: 44 }}
              control={
                <Checkbox
                  checked={value.accept_any_certificate}
                  onChange={(e) => form.change({ accept_any_certificate: e.target.checked })}
                  disabled={form.busy}
                  slotProps={{ input: { 'aria-describedby': value.accept_any_certificate ? `${id}-insecure` : undefined } as object }}
                />
              }
              label={t('smtp.accept_any_certificate')}
            />
            {value.accept_any_certificate ? (
              <Alert id={`${id}-insecure`} severity="warning" data-testid="smtp-insecure">
                {t('smtp.insecure')}
              </Alert>
            ) : null}
          </Grid>
        </Grid>
      ) : null}
    </SettingsCard>
  );
}

type TestResult = ResponseOf<typeof sendTest>;

/** Sends a test mail with the stored settings and says what the SMTP server answered. */
function TestMailCard() {
  const { t } = useTranslation(EMAIL_NS);
  const titleId = useId();
  const [to, setTo] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [send, sending] = useSendTestEmailMutation();
  const [result, setResult] = useState<TestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = shownProblem(testMailProblems({ to }).to, attempted);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (testMailProblems({ to }).to || sending.isLoading) return;
    setResult(null);
    setFailure(null);
    try {
      setResult(await send({ to: to.trim() }).unwrap());
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {t('test.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('test.intro')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              sx={{ flex: '1 1 260px' }}
              label={t('test.to')}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              error={Boolean(problem)}
              helperText={problemText(t, problem, 'to') ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'email', autoComplete: 'email', spellCheck: false, 'data-testid': 'test-to' } }}
            />
            <Button type="submit" variant="contained" loading={sending.isLoading} sx={{ minHeight: 56 }} data-testid="test-send">
              {t('test.send')}
            </Button>
          </Box>
          {sending.isLoading ? (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('test.sending')}
            </Typography>
          ) : null}
          {result ? (
            <Alert severity={result.outcome === 'accepted' ? 'success' : 'error'} data-testid="test-result" sx={{ mt: 1 }}>
              <Typography variant="body2">{outcomeText(t, result.outcome, result.smtp_code)}</Typography>
              {result.smtp_reply ? (
                <Typography variant="caption" component="p" sx={{ wordBreak: 'break-word' }}>
                  {t('test.reply', { reply: result.smtp_reply })}
                </Typography>
              ) : null}
            </Alert>
          ) : null}
          {failure ? (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="test-failed">
              {failure}
            </Alert>
          ) : null}
        </CardContent>
      </Box>
    </Card>
  );
}

export function SmtpSection() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SmtpSettingsCard />
      <TestMailCard />
    </Box>
  );
}
