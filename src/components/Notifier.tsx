import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store';
import { noticeDismissed, selectNotice } from '../../store/app-slice';

/** Shows the shell's one-line notices ('Modified language successfully', …). */
export function Notifier() {
  const { t } = useTranslation();
  const notice = useAppSelector(selectNotice);
  const dispatch = useAppDispatch();
  return (
    <Snackbar
      key={notice?.id}
      open={notice !== null}
      autoHideDuration={4000}
      onClose={(_e, reason) => reason !== 'clickaway' && notice && dispatch(noticeDismissed(notice.id))}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={() => dispatch(noticeDismissed(notice.id))}>
          {t(notice.key, notice.values)}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
