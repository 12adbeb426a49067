import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { fileExportMachine } from '../../machines/file-export.machine';
import { useAppSelector } from '../../store';
import { selectLanguage } from '../../store/app-slice';
import { errorText } from '../i18n/error-text';
import { formatBytes } from '../i18n/format';

interface Props {
  actor: ActorRefFrom<typeof fileExportMachine>;
  snapshot: SnapshotFrom<typeof fileExportMachine>;
  /** The screen's texts and the prefix of its keys: `<prefix>.progress_label`, `.cancel`,
   * `.saved` ({{file}}, {{size}}) and `.failed` ({{reason}}). */
  t: TFunction;
  prefix: string;
  /** What has come so far, in the screen's words. */
  progressText: string;
  /** How far, when the size is known; null draws a bar that only says "busy". */
  percent: number | null;
}

/** Under a download button of the file-export flow: the bar and what has come while the file
 * comes, with Cancel; then the file saved, or why not with Retry. */
export function FileExportStatus({ actor, snapshot, t, prefix, progressText, percent }: Props) {
  const language = useAppSelector(selectLanguage);
  const { file, error } = snapshot.context;
  return (
    <>
      {snapshot.hasTag('busy') ? (
        <Box sx={{ mt: 1, maxWidth: 420 }} aria-live="polite">
          <LinearProgress variant={percent === null ? 'indeterminate' : 'determinate'} value={percent ?? 0} aria-label={t(`${prefix}.progress_label`)} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary" data-testid={`${prefix}-progress`} sx={{ flex: 1, fontVariantNumeric: 'tabular-nums' }}>
              {progressText}
            </Typography>
            <Button size="small" onClick={() => actor.send({ type: 'export.cancel' })} sx={{ minHeight: 44 }}>
              {t(`${prefix}.cancel`)}
            </Button>
          </Box>
        </Box>
      ) : null}
      {snapshot.hasTag('succeeded') && file ? (
        <Alert severity="success" sx={{ mt: 1 }} onClose={() => actor.send({ type: 'export.dismiss' })} data-testid={`${prefix}-saved`}>
          {t(`${prefix}.saved`, { file: file.name, size: formatBytes(file.bytes, language) })}
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
          {t(`${prefix}.failed`, { reason: errorText(t, error ?? 'fail') })}
        </Alert>
      ) : null}
    </>
  );
}
