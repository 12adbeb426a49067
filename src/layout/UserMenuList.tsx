import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { ComponentSize } from '../../store/app-slice';
import { icon } from '../components/icons';
import { homeOf, WEBVIEW_PATH, type Mode } from '../app/paths';

const CheckIcon = icon('M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z');

export interface UserMenuListProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  mode: Mode;
  username: string;
  isAdminMode: boolean;
  userModeAvailable: boolean;
  webviewAvailable: boolean;
  /** The account shows as its icon only: the name heads the menu. */
  iconOnly: boolean;
  size: ComponentSize;
  go: (path: string) => void;
  onCompact: () => void;
  onLogOut: () => void;
}

/** The user dropdown's open menu (MUI's Menu, Popover and Modal with it): its own chunk, loaded
 * when the account button is first pressed (UserMenu.tsx). */
export default function UserMenuList({ anchor, onClose, mode, username, isAdminMode, userModeAvailable, webviewAvailable, iconOnly, size, go, onCompact, onLogOut }: UserMenuListProps) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {iconOnly ? <ListSubheader sx={{ lineHeight: '40px' }}>{username}</ListSubheader> : null}
      <MenuItem onClick={() => go(homeOf(mode))}>{t('layout.dashboard')}</MenuItem>
      {/* WebView is a user-mode page (SPEC §2): admin opens it there too, on this same origin. */}
      {webviewAvailable ? <MenuItem onClick={() => go(WEBVIEW_PATH)}>{t('layout.webview')}</MenuItem> : null}
      {mode === 'admin' && userModeAvailable ? <MenuItem onClick={() => go('/app/dashboard')}>{t('layout.user_mode')}</MenuItem> : null}
      {mode === 'app' && isAdminMode ? <MenuItem onClick={() => go(homeOf('admin'))}>{t('layout.admin_mode')}</MenuItem> : null}
      {/* A list holds list items only: the separator is an li too. */}
      <Divider component="li" />
      <MenuItem role="menuitemcheckbox" aria-checked={size === 'small'} onClick={onCompact}>
        <ListItemIcon>{size === 'small' ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
        {t('layout.compact')}
      </MenuItem>
      <Divider component="li" />
      <MenuItem onClick={onLogOut}>{t('layout.log_out')}</MenuItem>
    </Menu>
  );
}
