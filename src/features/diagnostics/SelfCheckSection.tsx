import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { SelfCheckItem } from '../../../contract/api/self-check';
import type { MenuId } from '../../../contract/roles';
import { SELF_CHECK_SEVERITIES, type SelfCheckSeverity } from '../../../contract/rules/self-check';
import { useDiagnosticsSelfCheckQuery } from '../../../store/api/diagnostics-endpoints';
import { pathOf } from '../../app/screens';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { displayTime } from '../../i18n/format';
import { DIAGNOSTICS_NS } from './texts';
import { CHECK_TEXT_NAMESPACES } from './check-words';

const SEVERITY_COLOR: Record<SelfCheckSeverity, 'error' | 'warning' | 'info'> = { high: 'error', medium: 'warning', low: 'info' };
const rank = (s: SelfCheckSeverity) => SELF_CHECK_SEVERITIES.indexOf(s);

function Finding({ item }: { item: SelfCheckItem }) {
  const { t } = useTranslation([DIAGNOSTICS_NS, ...CHECK_TEXT_NAMESPACES]);
  const screen = t(`menu.${item.menu}`, { ns: 'shell' });
  const titleId = `self-check-${item.id}`;
  return (
    <Card variant="outlined" component="li" aria-labelledby={titleId} data-testid={`self-check-item-${item.id}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Chip size="small" color={SEVERITY_COLOR[item.severity]} label={t(`self_check.severity.${item.severity}`)} />
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: '1 1 240px' }}>
            {t(`checks.${item.id}.title`, { ...item.values, ns: CHECK_TEXT_NAMESPACES })}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t(`checks.${item.id}.fix`, { ...item.values, ns: CHECK_TEXT_NAMESPACES })}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px', wordBreak: 'break-word' }}>
            {t('self_check.setting', { setting: item.setting })}
          </Typography>
          <Button variant="outlined" component={RouterLink} to={pathOf(item.menu as MenuId)} sx={{ minHeight: 44 }}>
            {t('self_check.open', { screen })}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Diagnostics / Security self-check: what weakens this panel now, the most severe first, each
 * with the setting that fixes it and a link to its screen (docs/decisions.md#security-self-check). */
export default function SelfCheckSection() {
  // The findings' words are every area's `checks` texts: one file per language, asked with the section.
  const { t } = useTranslation([DIAGNOSTICS_NS, ...CHECK_TEXT_NAMESPACES]);
  const check = useDiagnosticsSelfCheckQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!check.data) {
    return check.isError ? <LoadFailed message={t('self_check.failed')} error={check.error} onRetry={() => void check.refetch()} /> : <Loading label={t('self_check.loading')} />;
  }
  const items = [...check.data.items].sort((a, b) => rank(a.severity) - rank(b.severity));
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="body1" sx={{ flex: '1 1 260px' }} data-testid="self-check-summary">
          {items.length === 0 ? t('self_check.summary_none') : t('self_check.summary', { count: items.length })}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {t('self_check.checked_at', { time: displayTime(check.data.checked_at) })}
          </Typography>
        </Typography>
        <Button variant="outlined" onClick={() => void check.refetch()} loading={check.isFetching} sx={{ minHeight: 44 }}>
          {t('self_check.recheck')}
        </Button>
      </Box>
      {check.isError ? <LoadFailed message={t('self_check.failed')} error={check.error} onRetry={() => void check.refetch()} /> : null}
      {items.length === 0 ? (
        <Alert severity="success" data-testid="self-check-none">
          {t('self_check.none')}
        </Alert>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('sections.self_check')}>
          {items.map((item) => (
            <Finding key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
