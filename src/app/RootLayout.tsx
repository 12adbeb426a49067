import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, useNavigation } from 'react-router-dom';
import { Notifier } from '../components/Notifier';
import { ForcedReloginDialog } from './ForcedReloginDialog';

/** Above every route: the navigation progress bar, the notices and the forced re-login dialog. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' ? (
        <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.tooltip + 1 }}>
          <LinearProgress aria-label="loading" />
        </Box>
      ) : null}
      <Outlet />
      <Notifier />
      <ForcedReloginDialog />
    </>
  );
}
