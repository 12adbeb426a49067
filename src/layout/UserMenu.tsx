import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store';
import { selectFormFactor, selectSize, sizeChosen } from '../../store/app-slice';
import { signedOut } from '../../store/session-slice';
import { useLogoutMutation } from '../../store/api/auth-endpoints';
import { AccountIcon } from '../components/icons';
import { homeOf, loginOf, type Mode } from '../app/paths';

// The open menu loads when the button is first pressed, and stays (its closing transition too).
const UserMenuList = lazy(() => import(/* webpackChunkName: "user-menu" */ './UserMenuList'));

interface Props {
  mode: Mode;
  username: string;
  /** The account may use admin mode (admin, update, history). */
  isAdminMode: boolean;
  userModeAvailable: boolean;
  /** WebView is on and the account may view it. */
  webviewAvailable: boolean;
}

/** True from the first time the menu opens on. */
function useMenuOnceOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The user dropdown: Dashboard, WebView and the other mode when allowed, the compact layout,
 * Log Out (the language is the top bar's own selector). */
export function UserMenu({ mode, username, isAdminMode, userModeAvailable, webviewAvailable }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuLoaded = useMenuOnceOpened(anchor !== null);
  const [logout] = useLogoutMutation();
  const size = useAppSelector(selectSize);
  // On a phone or tablet the account is its icon (the name heads the menu): the HMI name needs the room.
  const iconOnly = useAppSelector(selectFormFactor) === 'mobile';

  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  const logOut = async () => {
    setAnchor(null);
    // The session ends on the device first; whatever it answers, this browser forgets the token.
    await logout().catch(() => undefined);
    dispatch(signedOut());
    const here = `${location.pathname}${location.search}`;
    navigate(`${loginOf(mode === 'admin' || isAdminMode ? 'admin' : 'app')}?redirect=${encodeURIComponent(here)}`, { replace: true });
  };

  return (
    <>
      {iconOnly ? (
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-label={t('layout.user_menu', { name: username })}
          sx={{ flexShrink: 0 }}
        >
          <AccountIcon />
        </IconButton>
      ) : (
        <Button
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          startIcon={<AccountIcon />}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-label={t('layout.user_menu', { name: username })}
          sx={{ textTransform: 'none', flexShrink: 0 }}
        >
          <span className="user-name">{username}</span>
        </Button>
      )}
      {menuLoaded ? (
        <Suspense fallback={null}>
          <UserMenuList
            anchor={anchor}
            onClose={() => setAnchor(null)}
            mode={mode}
            username={username}
            isAdminMode={isAdminMode}
            userModeAvailable={userModeAvailable}
            webviewAvailable={webviewAvailable}
            iconOnly={iconOnly}
            size={size}
            go={go}
            onCompact={() => {
              setAnchor(null);
              dispatch(sizeChosen(size === 'small' ? 'medium' : 'small'));
            }}
            onLogOut={() => void logOut()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
