import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../app/use-may-call';
import { BUNDLE_ACCESS } from '../../../contract/rules/self-check';
import { useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { DownloadIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard';
import { FileExportStatus } from '../../components/FileExportStatus';
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
          <FileExportStatus
            actor={actor}
            snapshot={snapshot}
            t={t}
            prefix="bundle"
            percent={null}
            progressText={t('bundle.received', { size: formatBytes(snapshot.context.progress.bytes, language) })}
          />
        </Box>
      )}
    </SectionCard>
  );
}
