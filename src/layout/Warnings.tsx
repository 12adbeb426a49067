import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { pathOf } from '../app/screens';
import { Link as RouterLink } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { useLegacyHashQuery } from '../../store/api/system-endpoints';

interface Props {
  isAdmin: boolean;
  /** 0 while the first-run wizard has not been completed. */
  stateCode: 0 | 1;
  /** The page was loaded over plain HTTP. */
  insecure: boolean;
}

/** One warning: admin gets the text with a link to the screen that resolves it, others plain text. */
function Warning({ testId, linked, textKey, linkedKey, to }: { testId: string; linked: boolean; textKey: string; linkedKey: string; to: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" variant="filled" data-testid={testId}>
      {linked ? (
        <Trans i18nKey={linkedKey} components={{ goto: <Link component={RouterLink} to={to} color="inherit" underline="always" /> }} />
      ) : (
        t(textKey)
      )}
    </Alert>
  );
}

/** The persistent bottom-right warnings of specification §2. */
export function Warnings({ isAdmin, stateCode, insecure }: Props) {
  const { t } = useTranslation();
  const legacy = useLegacyHashQuery();
  const oldFormat = (legacy.data?.length ?? 0) > 0;
  const showInsecure = insecure && stateCode !== 0;
  if (!showInsecure && !oldFormat) return null;
  return (
    // Below the drawer, menus and dialogs: a select's last options must not sit under it.
    <Stack
      spacing={1}
      role="region"
      aria-label={t('warnings.region')}
      sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.drawer - 1, maxWidth: 380 }}
    >
      {showInsecure ? (
        <Warning testId="insecure-warning" linked={isAdmin} textKey="warnings.insecure" linkedKey="warnings.insecure_admin" to={pathOf('security')} />
      ) : null}
      {oldFormat ? (
        <Warning testId="legacy-warning" linked={isAdmin} textKey="warnings.legacy" linkedKey="warnings.legacy_admin" to={pathOf('system_password')} />
      ) : null}
    </Stack>
  );
}
