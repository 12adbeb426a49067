import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { homeOf } from '../../app/paths';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store';
import { selectUsername } from '../../../store/session-slice';
import { isAdminModeAccount } from '../../../contract/roles';

export type NotFoundReason = 'not_found' | 'access_denied' | 'not_authorized';

/** The not-found / access-denied screen (specification §2), with a link to the main page. */
/** `embedded`: shown inside the shell, whose own <main> holds it (one main landmark per page). */
export function NotFoundPage({ reason = 'not_found', home, embedded = false }: { reason?: NotFoundReason; home?: string; embedded?: boolean }) {
  const { t } = useTranslation();
  const username = useAppSelector(selectUsername);
  const main = home ?? (username && isAdminModeAccount(username) ? homeOf('admin') : '/app');
  const code = reason === 'not_found' ? '404' : '403';
  return (
    <Box component={embedded ? 'section' : 'main'} sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <Typography variant="h2" component="p" color="text.secondary" aria-hidden>
          {code}
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {t(`not_found.${reason}`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t(`not_found.${reason}_detail`)}
        </Typography>
        <Button variant="contained" component={RouterLink} to={main}>
          {t('not_found.back_home')}
        </Button>
      </Box>
    </Box>
  );
}

export default NotFoundPage;
