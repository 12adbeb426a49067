import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store';
import { noticeDismissed, selectNotice } from '../../store/app-slice';

/** How long a notice stays unless closed sooner. */
export const NOTICE_MS = 4000;

/** Shows the shell's one-line notices ('Modified language successfully', …) at the top centre, under the top bar,
 * each for NOTICE_MS or until closed. A plain Alert rather than MUI's Snackbar: the signed-in
 * shell loads it up front (a notice may have to say that the panel cannot be reached), and the
 * Alert is already on every route while the Snackbar's transitions would cost the dashboard 3 KB. */
export function Notifier() {
  const { t } = useTranslation();
  const notice = useAppSelector(selectNotice);
  const dispatch = useAppDispatch();
  const id = notice?.id;
  useEffect(() => {
    if (id === undefined) return undefined;
    const timer = setTimeout(() => dispatch(noticeDismissed(id)), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, id]);
  if (!notice) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        // Below the top bar (64 px): a notice never covers the HMI name, the time or the menus.
        top: 72,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 'max-content',
        maxWidth: 'calc(100% - 16px)',
      }}
    >
      <Alert severity={notice.severity} variant="filled" onClose={() => dispatch(noticeDismissed(notice.id))}>
        {t(notice.key, notice.values)}
      </Alert>
    </Box>
  );
}
