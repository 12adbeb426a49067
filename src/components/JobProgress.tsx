import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { JobStepState } from '../../contract/jobs';
import { CheckCircleIcon, ErrorIcon, PendingIcon } from './icons';

/** The icon of one step of a device job (an update's steps): done, failed, running or waiting. */
export function StepIcon({ state }: { state: JobStepState }) {
  if (state === 'done') return <CheckCircleIcon color="success" />;
  if (state === 'failed') return <ErrorIcon color="error" />;
  if (state === 'running') return <CircularProgress size={22} aria-hidden />;
  return <PendingIcon color="disabled" />;
}

/** The bytes of an upload: what is sent (`label`), a bar, and `bytesText` ("58 KiB of 117 KiB (50 %)"). */
export function UploadBytes({ label, percent, bytesText }: { label: string; percent: number; bytesText: string }) {
  return (
    <Box sx={{ mb: 2 }} aria-live="polite">
      <Typography variant="body2" sx={{ mb: 0.5, wordBreak: 'break-all' }}>
        {label}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={label} />
      <Typography variant="body2" color="text.secondary" data-testid="upload-bytes" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
        {bytesText}
      </Typography>
    </Box>
  );
}

/** Percent of `loaded` in `total`, 0–100. */
export function percentOf(loaded: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
}
