import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuGroup } from '../../contract/roles';
import { useAppDispatch, useAppSelector } from '../../store';
import { selectFormFactor, selectSidebarOpen, sidebarClosed } from '../../store/app-slice';
import { SIDEBAR_WIDTH } from '../theme/theme';
import { ExpandMoreIcon } from '../components/icons';
import { LogoArea } from './LogoArea';
import { sectionOfPath, type MenuSection } from './menu';
import { prefetchScreens } from '../app/route-chunks';
import { loadTexts } from '../i18n/i18n';

function MenuList({ sections }: { sections: MenuSection[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = sectionOfPath(sections, pathname);
  // One menu open at a time; it follows the route until the user opens another.
  const [opened, setOpened] = useState<{ group: MenuGroup | null; forPath: string }>({ group: current, forPath: pathname });
  const open = opened.forPath === pathname ? opened.group : current;
  return (
    <List component="nav" aria-label={t('layout.menu')} sx={{ py: 1 }}>
      {sections.map((section) => {
        const expanded = open === section.group;
        const id = `menu-${section.group}`;
        return (
          <Box key={section.group}>
            <ListItemButton
              onClick={() => {
                // Opening a group says where the user is going: its screens are fetched meanwhile.
                if (!expanded) prefetchScreens(section.screens, loadTexts);
                setOpened({ group: expanded ? null : section.group, forPath: pathname });
              }}
              aria-expanded={expanded}
              aria-controls={id}
            >
              <ListItemText primary={t(`menu.group_${section.group}`)} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
              <ExpandMoreIcon sx={{ transition: 'transform 150ms', transform: expanded ? 'rotate(180deg)' : 'none' }} />
            </ListItemButton>
            <Collapse in={expanded} timeout="auto" unmountOnExit>
              <List id={id} disablePadding>
                {/* A list holds list items only: each link sits in its own li. */}
                {section.screens.map((screen) => (
                  <li key={screen.path}>
                    <ListItemButton
                      component={NavLink}
                      to={screen.path}
                      selected={pathname === screen.path}
                      onPointerDown={() => prefetchScreens([screen], loadTexts)}
                      sx={{ pl: 4 }}
                    >
                      <ListItemText primary={t(screen.titleKey)} />
                    </ListItemButton>
                  </li>
                ))}
              </List>
            </Collapse>
          </Box>
        );
      })}
    </List>
  );
}

/** 250 px sidebar: persistent and collapsible on a desktop, a drawer below 992 px. */
export function Sidebar({ sections, home }: { sections: MenuSection[]; home: string }) {
  const open = useAppSelector(selectSidebarOpen);
  const device = useAppSelector(selectFormFactor);
  const dispatch = useAppDispatch();
  const content = (
    <>
      <LogoArea home={home} />
      <MenuList sections={sections} />
    </>
  );
  if (device === 'mobile') {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={() => dispatch(sidebarClosed())}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Box component="aside" sx={{ width: open ? SIDEBAR_WIDTH : 0, flexShrink: 0, transition: 'width 200ms' }}>
      <Drawer
        variant="persistent"
        open={open}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } } }}
      >
        {content}
      </Drawer>
    </Box>
  );
}
