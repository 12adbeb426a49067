import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { DIAGNOSTICS_SECTIONS } from './sections';
import { DIAGNOSTICS_NS } from './texts';

/**
 * Administration / Diagnostics: one tab per section (`?section=<id>`, so a link opens one), only
 * the open one mounted (docs/decisions.md#diagnostics).
 */
export default function DiagnosticsPage() {
  const { t } = useTranslation(DIAGNOSTICS_NS);
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section = DIAGNOSTICS_SECTIONS.find((s) => s.id === asked) ?? DIAGNOSTICS_SECTIONS[0]!;
  const choose = (id: string) =>
    setParams(
      (now) => {
        const p = new URLSearchParams(now);
        p.set('section', id);
        return p;
      },
      { replace: true },
    );
  const { View } = section;
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.diagnostics', { ns: 'shell' })}
      </Typography>
      <Tabs value={section.id} onChange={(_e, id: string) => choose(id)} aria-label={t('sections.label')} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {DIAGNOSTICS_SECTIONS.map(({ id }) => (
          <Tab key={id} value={id} id={`diagnostics-tab-${id}`} aria-controls={`diagnostics-panel-${id}`} label={t(`sections.${id}`)} sx={{ minHeight: 48 }} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`diagnostics-panel-${section.id}`} aria-labelledby={`diagnostics-tab-${section.id}`}>
        <Suspense fallback={<Loading label={t('loading')} />}>
          <View />
        </Suspense>
      </Box>
    </Box>
  );
}
