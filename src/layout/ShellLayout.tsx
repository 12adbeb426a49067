import { Suspense, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NavigationProgress } from '../components/NavigationProgress';
import { errorText } from '../i18n/error-text';
import { useAppDispatch, type AppStore } from '../../store';
import { useStore } from 'react-redux';
import { AppActorsContext, appActorsFor } from '../app/app-actors';
import { ForcedReloginDialog } from '../app/ForcedReloginDialog';
import { formFactorChanged, sidebarClosed } from '../../store/app-slice';
import { useHmiNameQuery } from '../../store/api/system-endpoints';
import { MOBILE_BREAKPOINT } from '../theme/theme';
import { ADMIN_SCREENS, APP_SCREENS } from '../app/screens';
import { homeOf, type Mode } from '../app/paths';
import { menuSections } from './menu';
import { useShellData } from './shell-data';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { insecureWarningApplies, Warnings } from './Warnings';
import { AccountDialogs } from './AccountDialogs';
import { usePasswordExpiry } from './password-expiry';
import { frameMounted } from '../app/frame';
import { AfterFramePainted } from './AfterFramePainted';

/** The id of the screen's landmark, the skip link's target. */
const MAIN_ID = 'main-content';

/** The signed-in frame of both modes: sidebar, top bar, the screen, warnings and account dialogs. */
export function ShellLayout({ mode }: { mode: Mode }) {
  const actors = appActorsFor(useStore() as AppStore);
  return (
    <AppActorsContext.Provider value={actors}>
      <Shell mode={mode} />
      <ForcedReloginDialog />
    </AppActorsContext.Provider>
  );
}

function Shell({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const shell = useShellData();
  const expiry = usePasswordExpiry(shell.user.data);
  // At start-up the shell fetches the HMI name (specification §4); the app slice keeps it.
  useHmiNameQuery();
  const mobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT - 0.02}px)`, { noSsr: true });
  const { pathname } = useLocation();

  // From now on a screen opened from the menu waits for its chunk before the route changes.
  useEffect(() => frameMounted(), []);
  useEffect(() => {
    dispatch(formFactorChanged(mobile ? 'mobile' : 'desktop'));
  }, [dispatch, mobile]);
  useEffect(() => {
    // On a phone or tablet the drawer closes on every route change.
    if (mobile) dispatch(sidebarClosed());
  }, [dispatch, mobile, pathname]);

  // Only a first read that failed replaces the shell: a refetch that fails later (plain HTTP just
  // switched off under this page, a dropped connection) keeps what was read, and the dialogs open
  // over it (the first-run wizard's last step among them).
  if (shell.user.isError && !shell.user.data) {
    return (
      <Box sx={{ p: 4 }}>
        <Alert severity="error" action={<Button color="inherit" onClick={() => void shell.user.refetch()}>{t('common.retry')}</Button>}>
          {errorText(t, shell.user.error)}
        </Alert>
      </Box>
    );
  }
  // (MUI's LinearProgress here would be loaded twice on the dashboard route, once with the shell
  // and once with the screen chunk that shares it.)
  if (!shell.ready || !shell.user.data) return <NavigationProgress label={t('common.loading')} />;
  if (mode === 'admin' && !shell.isAdminMode) return <Navigate to={homeOf('app')} replace />;

  const sections = menuSections(mode === 'admin' ? ADMIN_SCREENS : APP_SCREENS, shell.allowed);
  const user = shell.user.data;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* The first stop of the keyboard: straight to the screen, past the menu and the top bar. */}
      <Box
        component="a"
        href={`#${MAIN_ID}`}
        onClick={(e: React.MouseEvent) => {
          e.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        sx={{
          position: 'absolute',
          left: 8,
          top: -200,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          p: 1.5,
          bgcolor: 'background.paper',
          color: 'primary.main',
          borderRadius: 1,
          // Off screen, shadow included, until the keyboard reaches it.
          '&:focus': { top: 8, boxShadow: 3 },
        }}
      >
        {t('layout.skip_to_content')}
      </Box>
      <Sidebar sections={sections} home={homeOf(mode)} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar
          mode={mode}
          username={user.username}
          isAdmin={shell.isAdmin}
          isAdminMode={shell.isAdminMode}
          userModeAvailable={shell.userModeAvailable}
          webviewAvailable={shell.webviewAvailable}
          insecure={insecureWarningApplies({ stateCode: user.state_code, insecure: window.location.protocol === 'http:' })}
        />
        <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ p: { xs: 2, md: 3 }, flexGrow: 1, outline: 'none' }}>
          {/* A screen waits until the device has said whether the password has expired; while an
              expired one refuses every operation, the expiry dialog stands alone: a screen behind
              it would only show the refusals of its calls. */}
          {expiry.known && !expiry.blocking ? (
            <Suspense fallback={<NavigationProgress label={t('common.loading')} />}>
              <AfterFramePainted>
                <Outlet />
              </AfterFramePainted>
            </Suspense>
          ) : null}
        </Box>
        <Warnings isAdmin={shell.isAdmin} stateCode={user.state_code} insecure={window.location.protocol === 'http:'} />
      </Box>
      <AccountDialogs user={user} isAdmin={shell.isAdmin} />
    </Box>
  );
}
