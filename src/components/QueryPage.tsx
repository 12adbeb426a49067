import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadFailed } from './LoadFailed';
import { Loading } from './Loading';

interface Props<T> {
  /** The screen's h1. */
  title: string;
  /** The query the screen shows (RTK Query's result). */
  query: { data?: T; isError: boolean; error?: unknown };
  /** What the screen says when it could not load, and while it loads. */
  failedText: string;
  loadingText: string;
  onRetry(): void;
  children(data: T): ReactNode;
  /** What the screen holds beside its content (its dialogs), whatever the query's state. */
  after?: ReactNode;
}

/** A screen that shows one query: its title, then the failure with Retry, the wait, or the
 * content drawn from the data. */
export function QueryPage<T>({ title, query, failedText, loadingText, onRetry, children, after }: Props<T>) {
  const { data } = query;
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {query.isError && !data ? <LoadFailed message={failedText} error={query.error} onRetry={onRetry} /> : !data ? <Loading label={loadingText} /> : children(data)}
      {after}
    </Box>
  );
}
