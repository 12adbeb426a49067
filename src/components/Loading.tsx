import LinearProgress from '@mui/material/LinearProgress';

/** The one look of a screen or a card waiting for its first read: a thin bar where the content
 * will be, named for screen readers. */
export function Loading({ label }: { label: string }) {
  return <LinearProgress aria-label={label} sx={{ my: 1 }} />;
}
