import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** A route that failed to load (a chunk missing after an update, a thrown render error). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 4, display: 'grid', placeItems: 'center' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      >
        {t('errors.hmi_error')}
      </Alert>
    </Box>
  );
}
