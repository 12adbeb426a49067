import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import type { ExportRequest } from '../../../machines/file-export.machine';
import { errorText } from '../../i18n/error-text';
import { formatBytes } from '../../i18n/format';
import { percentOf } from '../../components/percent';
import { DownloadIcon } from '../../components/icons';
import { useFileExport } from './use-file-export';
import { numberFormat } from '../../i18n/numbers';

/**
 * An export button with the fileExport flow behind it: the rows (or bytes) received as a bar while
 * the file comes, Cancel, then the file saved or why not (with Retry). `request` says what the
 * button exports now (the screen's current range and filters); null disables it.
 */
export function ExportControl({ label, request, disabled }: { label: string; request: ExportRequest | null; disabled?: boolean }) {
  const { t } = useTranslation('data');
  const language = useAppSelector(selectLanguage);
  const { actor, snapshot } = useFileExport();
  const busy = snapshot.hasTag('busy');
  const { progress, file, error } = snapshot.context;
  const number = numberFormat(language);
  const percent = progress.totalRows > 0 ? percentOf(progress.rows, progress.totalRows) : progress.totalBytes > 0 ? percentOf(progress.bytes, progress.totalBytes) : null;
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={disabled || request === null || busy}
        onClick={() => request && actor.send({ type: 'export.start', request })}
      >
        {label}
      </Button>
      {busy ? (
        <Box sx={{ mt: 1, maxWidth: 420 }} aria-live="polite">
          <LinearProgress variant={percent === null ? 'indeterminate' : 'determinate'} value={percent ?? 0} aria-label={t('export.progress_label')} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary" data-testid="export-progress" sx={{ flex: 1, fontVariantNumeric: 'tabular-nums' }}>
              {progress.totalRows > 0
                ? t('export.rows', { rows: number.format(progress.rows), total: number.format(progress.totalRows), size: formatBytes(progress.bytes, language) })
                : t('export.bytes', { size: formatBytes(progress.bytes, language) })}
            </Typography>
            <Button size="small" onClick={() => actor.send({ type: 'export.cancel' })}>
              {t('export.cancel')}
            </Button>
          </Box>
        </Box>
      ) : null}
      {snapshot.hasTag('succeeded') && file ? (
        <Alert severity="success" sx={{ mt: 1 }} onClose={() => actor.send({ type: 'export.dismiss' })}>
          {t('export.saved', { file: file.name, size: formatBytes(file.bytes, language) })}
        </Alert>
      ) : null}
      {snapshot.hasTag('failed') ? (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => actor.send({ type: 'export.retry' })}>
              {t('common.retry', { ns: 'translation' })}
            </Button>
          }
        >
          {t('export.failed', { reason: errorText(t, error ?? 'fail') })}
        </Alert>
      ) : null}
    </Box>
  );
}
