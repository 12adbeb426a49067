import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store';
import { insecureWarningHiddenSet, selectDatetime, selectFormFactor, selectHmiName, selectInsecureWarningHidden, sidebarToggled } from '../../store/app-slice';
import { ClockIcon, EditIcon, MenuIcon, WarningIcon } from '../components/icons';
import { LanguageSelect } from '../components/LanguageSelect';
import { UserMenu } from './UserMenu';
import type { Mode } from '../app/paths';

// The date pickers are heavy: they load only when the time is edited. The name's dialog brings
// MUI's TextField (its Select, menu and popover with it): it loads only when the name is edited.
const DateTimeDialog = lazy(() => import(/* webpackChunkName: "datetime-dialog" */ './DateTimeDialog'));
const HmiNameDialog = lazy(() => import(/* webpackChunkName: "hmi-name-dialog" */ './HmiNameDialog').then((m) => ({ default: m.HmiNameDialog })));

interface Props {
  mode: Mode;
  username: string;
  isAdmin: boolean;
  isAdminMode: boolean;
  userModeAvailable: boolean;
  /** The WebView entry of the user menu applies (WebView on, the account may view it). */
  webviewAvailable: boolean;
  /** The not-secure warning applies to this page (it may have been put away). */
  insecure: boolean;
}

export function TopBar({ mode, username, isAdmin, isAdminMode, userModeAvailable, webviewAvailable, insecure }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const hmiName = useAppSelector(selectHmiName);
  const datetime = useAppSelector(selectDatetime);
  const mobile = useAppSelector(selectFormFactor) === 'mobile';
  const insecureHidden = useAppSelector(selectInsecureWarningHidden);
  const [editing, setEditing] = useState<'name' | 'time' | null>(null);

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: 64 }}>
        <IconButton edge="start" aria-label={t('layout.toggle_menu')} onClick={() => dispatch(sidebarToggled())}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
          {/* The panel's name comes first: on a phone or tablet it may take two lines (it has no
              spaces, so it breaks anywhere), and the account shrinks to its icon. */}
          <Typography
            component="span"
            variant="subtitle1"
            noWrap={!mobile}
            sx={{
              fontWeight: 600,
              ...(mobile ? { overflowWrap: 'anywhere', lineHeight: 1.25, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } : {}),
            }}
            data-testid="hmi-name"
          >
            {hmiName}
          </Typography>
          {isAdmin ? (
            // The browser's own hint (title) for a mouse, not MUI's Tooltip: that one brings Popper into
            // the shell's chunk, which every signed-in page loads, for a hint a touch screen never shows.
            <IconButton title={t('hmi_name.edit')} size="small" aria-label={t('hmi_name.edit')} onClick={() => setEditing('name')}>
                <EditIcon fontSize="small" />
              </IconButton>
          ) : null}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          {mobile ? null : <ClockIcon fontSize="small" color="action" sx={{ mr: 0.5 }} />}
          {/* On a phone the date and the time take two lines: on one, with the language and the
              account, the top bar was wider than a 412 px screen and its last button went off it. */}
          <Typography
            component="span"
            variant="body2"
            sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: { xs: 'normal', sm: 'nowrap' }, maxWidth: { xs: '5.5em', sm: 'none' }, lineHeight: { xs: 1.3, sm: 1.43 } }}
            data-testid="device-time"
            aria-label={t('device_time.label')}
          >
            {datetime ?? '—'}
          </Typography>
          {isAdmin ? (
            <IconButton title={t('device_time.edit')} size="small" aria-label={t('device_time.edit')} onClick={() => setEditing('time')}>
                <EditIcon fontSize="small" />
              </IconButton>
          ) : null}
        </Box>
        {insecure && insecureHidden ? (
          <IconButton title={t('warnings.show_insecure')} aria-label={t('warnings.show_insecure')} onClick={() => dispatch(insecureWarningHiddenSet(false))} sx={{ color: 'warning.dark' }} data-testid="show-insecure-warning">
              <WarningIcon />
            </IconButton>
        ) : null}
        <LanguageSelect />
        <UserMenu mode={mode} username={username} isAdminMode={isAdminMode} userModeAvailable={userModeAvailable} webviewAvailable={webviewAvailable} />
      </Toolbar>
      {editing === 'name' ? (
        <Suspense fallback={null}>
          <HmiNameDialog current={hmiName} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {editing === 'time' ? (
        <Suspense fallback={null}>
          <DateTimeDialog current={datetime} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
