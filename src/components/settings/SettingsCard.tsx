import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SettingsForm, Problems } from './use-settings-form';
import { Loading } from '../Loading';
import { loadFailedText } from '../LoadFailed';

export interface SettingsCardProps {
  title: string;
  /** The card's form (useSettingsForm with a plain save): the fields show while it has a value,
   * Save follows its dirty, valid and busy. */
  form: Pick<SettingsForm<unknown, unknown, Problems>, 'value' | 'dirty' | 'valid' | 'busy' | 'submit'>;
  /** The last read of the settings failed. The retry replaces the fields only while there is
   * nothing to show: after a failed refetch (a save that lost the connection, say) the fields and
   * every edit in them stay. */
  loadFailed: boolean;
  /** The failure of that read, when known: a lost connection then says so instead of the card's
   * "could not be loaded". */
  loadError?: unknown;
  onRetry(): void;
  /** The height (px) the card keeps while its first read is on its way, about that of its fields:
   * what stands below the card does not move down when they arrive (a layout shift). */
  loadingHeight?: number;
  children: ReactNode;
}

/** One group of settings that loads and saves on its own. */
export function SettingsCard({ title, form, loadFailed, loadError, onRetry, loadingHeight, children }: SettingsCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const loading = form.value === null;
  const unreadable = loadFailed && loading;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.dirty && form.valid && !form.busy) void form.submit();
  };

  let body: ReactNode;
  if (unreadable) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={onRetry}>
            {t('settings.retry')}
          </Button>
        }
      >
        {loadFailedText(t, loadError, t('settings.load_failed'))}
      </Alert>
    );
  } else if (loading) {
    body = (
      <Box sx={loadingHeight ? { minHeight: loadingHeight } : undefined}>
        <Loading label={t('settings.loading', { title })} />
      </Box>
    );
  } else {
    body = children;
  }

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={submit}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {title}
          </Typography>
          {body}
        </CardContent>
        {!loading ? (
          <CardActions sx={{ px: { xs: 2, sm: 3 }, pb: 2, pt: 0 }}>
            <Button type="submit" variant="contained" disabled={!form.dirty || !form.valid} loading={form.busy} aria-describedby={titleId}>
              {t('settings.save')}
            </Button>
          </CardActions>
        ) : null}
      </Box>
    </Card>
  );
}
