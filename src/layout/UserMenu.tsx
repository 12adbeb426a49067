import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store';
import { selectFormFactor, selectSize, sizeChosen } from '../../store/app-slice';
import { signedOut } from '../../store/session-slice';
import { useLogoutMutation } from '../../store/api/auth-endpoints';
import { AccountIcon, icon } from '../components/icons';
import { homeOf, loginOf, type Mode } from '../app/paths';

const CheckIcon = icon('M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z');

interface Props {
  mode: Mode;
  username: string;
  /** The account may use admin mode (admin, update, history). */
  isAdminMode: boolean;
  userModeAvailable: boolean;
}

/** The user dropdown: Dashboard, the other mode when allowed, the compact layout, Log Out. */
export function UserMenu({ mode, username, isAdminMode, userModeAvailable }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {iconOnly ? <ListSubheader sx={{ lineHeight: '40px' }}>{username}</ListSubheader> : null}
        <MenuItem onClick={() => go(homeOf(mode))}>{t('layout.dashboard')}</MenuItem>
        {mode === 'admin' && userModeAvailable ? <MenuItem onClick={() => go('/app/dashboard')}>{t('layout.user_mode')}</MenuItem> : null}
        {mode === 'app' && isAdminMode ? <MenuItem onClick={() => go(homeOf('admin'))}>{t('layout.admin_mode')}</MenuItem> : null}
        {/* A list holds list items only: the separator is an li too. */}
        <Divider component="li" />
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={size === 'small'}
          onClick={() => {
            setAnchor(null);
            dispatch(sizeChosen(size === 'small' ? 'medium' : 'small'));
          }}
        >
          <ListItemIcon>{size === 'small' ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          {t('layout.compact')}
        </MenuItem>
        <Divider component="li" />
        <MenuItem onClick={() => void logOut()}>{t('layout.log_out')}</MenuItem>
      </Menu>
    </>
  );
}
