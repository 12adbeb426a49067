import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../contract/failure';
import { errorText, GENERIC_CODES } from '../i18n/error-text';

/** What a failed first read says: a failure with something to tell (the panel cannot be reached, a
 * request that ran out of time, a device error) in its own words (the error policy of
 * src/i18n/error-text.ts), else the screen's own `message`. */
export function loadFailedText(t: TFunction, error: unknown, message?: string): string {
  if (error === undefined) return message ?? errorText(t, 'fail');
  return message !== undefined && GENERIC_CODES.includes(errorCodeOf(error)) ? message : errorText(t, error);
}

/** What a screen (or a part of one) shows in place of its content when its first read fails: the
 * message and a Retry. The screen keeps its title and frame around it. */
export function LoadFailed({ message, error, onRetry }: { message?: string; error?: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {loadFailedText(t, error, message)}
    </Alert>
  );
}
