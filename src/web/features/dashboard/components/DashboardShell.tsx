import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import type { SidebarEntry, SidebarEntryId } from '../lib/sidebar';
import { Sidebar } from './Sidebar';
import { APP_NAME } from '../../../components/app-name';
import { SIDEBAR_WIDTH } from '../../../components/skeletons';
import { MAIN_CONTENT_ID } from '../../../components/SkipLink';
import { t } from '../../../i18n/index';

export interface DashboardShellProps {
  entries: readonly SidebarEntry[];
  activeId: SidebarEntryId | null;
  children: ReactNode;
}

/**
 * The dashboard frame: a permanent 330 px sidebar on wide screens; on small screens a top bar with a
 * menu button that slides the same sidebar in as a drawer.
 */
export function DashboardShell({ entries, activeId, children }: DashboardShellProps) {
  const theme = useTheme();
  // Where matchMedia is missing (tests, no layout) the wide layout is assumed.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { defaultMatches: true, noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);

  const brand = (
    <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 700 }}>
      {APP_NAME}
    </Typography>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' },
          }}
          data-testid="dashboard-sidebar"
        >
          {/* A header, so the brand sits in a landmark (banner) as the phone's app bar does. */}
          <Toolbar component="header">{brand}</Toolbar>
          <Sidebar entries={entries} activeId={activeId} />
        </Drawer>
      ) : (
        <>
          <AppBar position="fixed" color="default" elevation={1}>
            <Toolbar>
              <IconButton
                edge="start"
                aria-label={t('Open menu')}
                aria-controls="dashboard-drawer"
                aria-expanded={drawerOpen}
                onClick={() => setDrawerOpen(true)}
                sx={{ mr: 1 }}
              >
                <MenuIcon />
              </IconButton>
              {brand}
            </Toolbar>
          </AppBar>
          <Drawer
            id="dashboard-drawer"
            variant="temporary"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            ModalProps={{ keepMounted: false }}
            sx={{ '& .MuiDrawer-paper': { width: `min(${SIDEBAR_WIDTH}px, 85vw)`, boxSizing: 'border-box' } }}
          >
            <Toolbar>{brand}</Toolbar>
            <Sidebar entries={entries} activeId={activeId} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        </>
      )}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: 'none' }}
      >
        {!wide && <Toolbar />}
        {children}
      </Box>
    </Box>
  );
}
