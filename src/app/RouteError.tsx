import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A route that failed to load (a chunk missing after an update, a thrown render error). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 4, display: 'grid', placeItems: 'center', gap: 2 }} role="alert">
      <Typography color="error">{t('errors.hmi_error')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </Box>
  );
}
