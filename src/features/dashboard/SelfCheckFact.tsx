import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SELF_CHECK_ACCESS } from '../../../contract/rules/self-check';
import { useDiagnosticsSelfCheckQuery } from '../../../store/api/diagnostics-endpoints';
import { pathOf } from '../../app/screens';
import { useMayCall } from '../../app/use-may-call';

/** Where the count leads: the self-check's section of Diagnostics. */
export const SELF_CHECK_PATH = `${pathOf('diagnostics')}?section=self_check`;

/** The dashboard's count of what the security self-check lists, a link to it; only for the
 * accounts that may read it (admin; update or history granted Diagnostics). */
export function SelfCheckFact() {
  const may = useMayCall(SELF_CHECK_ACCESS);
  if (!may) return null;
  return <Count />;
}

function Count() {
  const { t } = useTranslation();
  const check = useDiagnosticsSelfCheckQuery(undefined, { refetchOnMountOrArgChange: true });
  const count = check.data?.items.length;
  const high = check.data?.items.filter((i) => i.severity === 'high').length ?? 0;
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardActionArea component={RouterLink} to={SELF_CHECK_PATH} sx={{ height: '100%', minHeight: 44 }} data-testid="dashboard-self-check">
          <CardContent>
            <Typography variant="overline" color="text.secondary" component="h2">
              {t('dashboard.self_check')}
            </Typography>
            <Box
              sx={{ typography: 'h6', color: count === undefined || count === 0 ? 'text.primary' : high > 0 ? 'error.main' : 'warning.main' }}
              data-testid="fact-self_check"
            >
              {count === undefined ? (check.isError ? t('dashboard.self_check_unknown') : '…') : count === 0 ? t('dashboard.self_check_none') : t('dashboard.self_check_count', { count })}
            </Box>
            <Typography variant="body2" color="primary">
              {t('dashboard.self_check_open')}
            </Typography>
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
}
