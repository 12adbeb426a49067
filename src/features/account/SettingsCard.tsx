import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface SettingsCardProps {
  title: string;
  /** The settings could not be read: show the retry instead of the fields. */
  loadFailed: boolean;
  loading: boolean;
  onRetry(): void;
  /** Something differs from what the device holds. */
  dirty: boolean;
  /** Every field holds an acceptable value. */
  valid: boolean;
  saving: boolean;
  onSave(): void;
  children: ReactNode;
}

/** One group of settings that loads and saves on its own. */
export function SettingsCard({ title, loadFailed, loading, onRetry, dirty, valid, saving, onSave, children }: SettingsCardProps) {
  const { t } = useTranslation();
  const titleId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (dirty && valid && !saving) onSave();
  };

  let body: ReactNode;
  if (loadFailed) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={onRetry}>
            {t('security.retry')}
          </Button>
        }
      >
        {t('security.load_failed')}
      </Alert>
    );
  } else if (loading) {
    body = <LinearProgress aria-label={t('security.loading', { title })} />;
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
        {!loadFailed && !loading ? (
          <CardActions sx={{ px: { xs: 2, sm: 3 }, pb: 2, pt: 0 }}>
            <Button type="submit" variant="contained" disabled={!dirty || !valid} loading={saving} aria-describedby={titleId}>
              {t('security.save')}
            </Button>
          </CardActions>
        ) : null}
      </Box>
    </Card>
  );
}
