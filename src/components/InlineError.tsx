import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** An error line in an alert-like box, read out by screen readers. Lighter than MUI's Alert (which
 * brings IconButton and SvgIcon) for the sign-in page's budget. */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <Box
      role="alert"
      sx={{
        px: 2,
        py: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'error.main',
        color: 'error.main',
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'rgba(244, 67, 54, 0.12)' : 'rgba(211, 47, 47, 0.06)'),
        typography: 'body2',
      }}
    >
      {children}
    </Box>
  );
}
