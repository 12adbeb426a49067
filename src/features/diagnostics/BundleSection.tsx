import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../app/use-may-call';
import { BUNDLE_ACCESS } from '../../../contract/rules/self-check';
import { useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { DownloadIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard';
import { errorText } from '../../i18n/error-text';
import { formatBytes } from '../../i18n/format';
import { BUNDLE_REQUEST, useBundleDownload } from './use-bundle-download';
import { DIAGNOSTICS_NS } from './texts';

/** Diagnostics / Diagnostic bundle: one download with what a support engineer asks for first,
 * secrets removed; the bytes received as they come, Cancel, then saved or why not (Retry). */
export default function BundleSection() {
  const { t } = useTranslation(DIAGNOSTICS_NS);
  const language = useAppSelector(selectLanguage);
  const may = useMayCall(BUNDLE_ACCESS);
  const { actor, snapshot } = useBundleDownload();
  const busy = snapshot.hasTag('busy');
  const { progress, file, error } = snapshot.context;
  return (
    <SectionCard titleId="diagnostics-bundle-title" title={t('bundle.title')}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('bundle.holds')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('bundle.secrets')}
      </Typography>
      {!may ? (
        <Alert severity="info">{t('bundle.admin_only')}</Alert>
      ) : (
        <Box>
          <Button variant="contained" startIcon={<DownloadIcon />} disabled={busy} onClick={() => actor.send({ type: 'export.start', request: BUNDLE_REQUEST })} sx={{ minHeight: 44 }}>
            {t('bundle.download')}
          </Button>
          {busy ? (
            <Box sx={{ mt: 1, maxWidth: 420 }} aria-live="polite">
              <LinearProgress variant="indeterminate" aria-label={t('bundle.progress_label')} />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                <Typography variant="body2" color="text.secondary" data-testid="bundle-progress" sx={{ flex: 1, fontVariantNumeric: 'tabular-nums' }}>
                  {t('bundle.received', { size: formatBytes(progress.bytes, language) })}
                </Typography>
                <Button size="small" onClick={() => actor.send({ type: 'export.cancel' })} sx={{ minHeight: 44 }}>
                  {t('bundle.cancel')}
                </Button>
              </Box>
            </Box>
          ) : null}
          {snapshot.hasTag('succeeded') && file ? (
            <Alert severity="success" sx={{ mt: 1 }} onClose={() => actor.send({ type: 'export.dismiss' })} data-testid="bundle-saved">
              {t('bundle.saved', { file: file.name, size: formatBytes(file.bytes, language) })}
            </Alert>
          ) : null}
          {snapshot.hasTag('failed') ? (
            <Alert
              severity="error"
              sx={{ mt: 1 }}
              action={
                <Button color="inherit" size="small" onClick={() => actor.send({ type: 'export.retry' })} sx={{ minHeight: 44 }}>
                  {t('common.retry', { ns: 'translation' })}
                </Button>
              }
            >
              {t('bundle.failed', { reason: errorText(t, error ?? 'fail') })}
            </Alert>
          ) : null}
        </Box>
      )}
    </SectionCard>
  );
}
