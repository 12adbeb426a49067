import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/** Specification §2: a feature screen whose feature is off (the running project does not use it)
 * says so in place of its content; `message` says what would turn it on. */
export function FeatureNotEnabled({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="feature-not-enabled">
      <AlertTitle>{t('feature_not_enabled')}</AlertTitle>
      {message}
    </Alert>
  );
}
