import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEVICE_ERROR_TEXTS, errorText } from '../i18n/error-text';

/** A route that failed to load (a chunk that could not be fetched reads as a lost connection) or
 * to render (a device error: reloading fetches a console that matches the device). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <Box sx={{ p: 4, display: 'grid', placeItems: 'center', gap: 2 }} role="alert">
      <Typography color="error">{errorText(t, error, DEVICE_ERROR_TEXTS)}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </Box>
  );
}
