import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
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

/** The persistent bottom-right warnings of specification §2. */
export function Warnings({ isAdmin, stateCode, insecure }: Props) {
  const { t } = useTranslation();
  const legacy = useLegacyHashQuery();
  const oldFormat = (legacy.data?.length ?? 0) > 0;
  const showInsecure = insecure && stateCode !== 0;
  if (!showInsecure && !oldFormat) return null;
  return (
    <Stack
      spacing={1}
      role="region"
      aria-label={t('warnings.region')}
      sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.snackbar - 1, maxWidth: 380 }}
    >
      {showInsecure ? (
        <Alert severity="warning" variant="filled" data-testid="insecure-warning">
          {isAdmin ? (
            <Trans
              i18nKey="warnings.insecure_admin"
              components={{ goto: <Link component={RouterLink} to="/admin/account/security" color="inherit" underline="always" /> }}
            />
          ) : (
            t('warnings.insecure')
          )}
        </Alert>
      ) : null}
      {oldFormat ? (
        <Alert severity="warning" variant="filled" data-testid="legacy-warning">
          {isAdmin ? (
            <Trans
              i18nKey="warnings.legacy_admin"
              components={{ goto: <Link component={RouterLink} to="/admin/account/password" color="inherit" underline="always" /> }}
            />
          ) : (
            t('warnings.legacy')
          )}
        </Alert>
      ) : null}
    </Stack>
  );
}
