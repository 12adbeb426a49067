import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store';
import { selectDatetime, selectFormFactor, selectHmiName, sidebarToggled } from '../../store/app-slice';
import { ClockIcon, EditIcon, MenuIcon } from '../components/icons';
import { LanguageSelect } from '../components/LanguageSelect';
import { HmiNameDialog } from './HmiNameDialog';
import { UserMenu } from './UserMenu';
import type { Mode } from '../app/paths';

// The date pickers are heavy: they load only when the time is edited.
const DateTimeDialog = lazy(() => import(/* webpackChunkName: "datetime-dialog" */ './DateTimeDialog'));

interface Props {
  mode: Mode;
  username: string;
  isAdmin: boolean;
  isAdminMode: boolean;
  userModeAvailable: boolean;
}

export function TopBar({ mode, username, isAdmin, isAdminMode, userModeAvailable }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const hmiName = useAppSelector(selectHmiName);
  const datetime = useAppSelector(selectDatetime);
  const mobile = useAppSelector(selectFormFactor) === 'mobile';
  const [editing, setEditing] = useState<'name' | 'time' | null>(null);

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, minHeight: 64 }}>
        <IconButton edge="start" aria-label={t('layout.toggle_menu')} onClick={() => dispatch(sidebarToggled())}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
          <Typography component="span" variant="subtitle1" noWrap sx={{ fontWeight: 600 }} data-testid="hmi-name">
            {hmiName}
          </Typography>
          {isAdmin ? (
            <Tooltip title={t('hmi_name.edit')}>
              <IconButton size="small" aria-label={t('hmi_name.edit')} onClick={() => setEditing('name')}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          {mobile ? null : <ClockIcon fontSize="small" color="action" sx={{ mr: 0.5 }} />}
          <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="device-time" aria-label={t('device_time.label')}>
            {datetime ?? '—'}
          </Typography>
          {isAdmin ? (
            <Tooltip title={t('device_time.edit')}>
              <IconButton size="small" aria-label={t('device_time.edit')} onClick={() => setEditing('time')}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
        <LanguageSelect />
        <UserMenu mode={mode} username={username} isAdminMode={isAdminMode} userModeAvailable={userModeAvailable} />
      </Toolbar>
      {editing === 'name' ? <HmiNameDialog current={hmiName} onClose={() => setEditing(null)} /> : null}
      {editing === 'time' ? (
        <Suspense fallback={null}>
          <DateTimeDialog current={datetime} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
