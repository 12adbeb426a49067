import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import type { ExportRequest } from '../../../machines/file-export.machine';
import { formatBytes } from '../../i18n/format';
import { percentOf } from '../../components/percent';
import { DownloadIcon } from '../../components/icons';
import { FileExportStatus } from '../../components/FileExportStatus';
import { useFileExport } from '../../app/use-file-export';
import { DATA_EXPORT_ROUTES } from './export-routes';
import { numberFormat } from '../../i18n/numbers';

/**
 * An export button with the fileExport flow behind it: the rows (or bytes) received as a bar while
 * the file comes, Cancel, then the file saved or why not (with Retry). `request` says what the
 * button exports now (the screen's current range and filters); null disables it.
 */
export function ExportControl({ label, request, disabled }: { label: string; request: ExportRequest | null; disabled?: boolean }) {
  const { t } = useTranslation('data');
  const language = useAppSelector(selectLanguage);
  const { actor, snapshot } = useFileExport(DATA_EXPORT_ROUTES);
  const busy = snapshot.hasTag('busy');
  const { progress } = snapshot.context;
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
      <FileExportStatus
        actor={actor}
        snapshot={snapshot}
        t={t}
        prefix="export"
        percent={percent}
        progressText={
          progress.totalRows > 0
            ? t('export.rows', { rows: number.format(progress.rows), total: number.format(progress.totalRows), size: formatBytes(progress.bytes, language) })
            : t('export.bytes', { size: formatBytes(progress.bytes, language) })
        }
      />
    </Box>
  );
}
