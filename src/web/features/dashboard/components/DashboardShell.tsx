import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { SidebarEntry, SidebarEntryId } from '../lib/sidebar';
import { Sidebar } from './Sidebar';
import { APP_NAME } from '../../../components/app-name';
import { SIDEBAR_WIDTH } from '../../../components/skeletons';
import { MAIN_CONTENT_ID } from '../../../components/SkipLink';
import { t } from '../../../i18n/index';
import PlainIconButton from '../../../components/PlainIconButton';

// The slide-in drawer (with Modal, the focus trap and the transitions) is fetched when a phone first opens
// the menu, not with every dashboard page (docs/performance.md#size-budgets).
const Drawer = lazy(() => import(/* webpackChunkName: "drawer" */ '@mui/material/Drawer'));

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
  const [drawerWanted, setDrawerWanted] = useState(false);

  const brand = (
    <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 700 }}>
      {APP_NAME}
    </Typography>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {wide ? (
        // Drawn as MUI's permanent Drawer is (a fixed paper with a divider), without Drawer's modal parts.
        <Box sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }} data-testid="dashboard-sidebar">
          <Box
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              height: '100%',
              width: SIDEBAR_WIDTH,
              boxSizing: 'border-box',
              display: 'flex',
              flexDirection: 'column',
              overflowY: 'auto',
              zIndex: 'drawer',
              bgcolor: 'background.paper',
              color: 'text.primary',
              borderRight: 1,
              borderColor: 'divider',
            }}
          >
            {/* A header, so the brand sits in a landmark (banner) as the phone's app bar does. */}
            <Toolbar component="header">{brand}</Toolbar>
            <Sidebar entries={entries} activeId={activeId} />
          </Box>
        </Box>
      ) : (
        <>
          {/* The phone's top bar, drawn as AppBar position="fixed" color="default" is (a banner landmark). */}
          <Paper
            component="header"
            square
            elevation={1}
            sx={{
              position: 'fixed',
              top: 0,
              left: 'auto',
              right: 0,
              width: '100%',
              boxSizing: 'border-box',
              display: 'flex',
              flexDirection: 'column',
              zIndex: 'appBar',
              bgcolor: 'grey.100',
              color: 'text.primary',
            }}
          >
            <Toolbar>
              <PlainIconButton
                edge="start"
                aria-label={t('Open menu')}
                aria-controls="dashboard-drawer"
                aria-expanded={drawerOpen}
                onClick={() => {
                  setDrawerWanted(true);
                  setDrawerOpen(true);
                }}
                sx={{ mr: 1 }}
              >
                <MenuIcon />
              </PlainIconButton>
              {brand}
            </Toolbar>
          </Paper>
          {drawerWanted && (
            <Suspense fallback={null}>
              <Drawer
                id="dashboard-drawer"
                variant="temporary"
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                ModalProps={{ keepMounted: false }}
                // MUI makes the modal drawer's paper a dialog; a dialog needs a name to be announced.
                slotProps={{ paper: { 'aria-label': t('Menu') } }}
                sx={{
                  '& .MuiDrawer-paper': { width: `min(${SIDEBAR_WIDTH}px, 85vw)`, boxSizing: 'border-box' },
                }}
              >
                <Toolbar>{brand}</Toolbar>
                <Sidebar entries={entries} activeId={activeId} onNavigate={() => setDrawerOpen(false)} />
              </Drawer>
            </Suspense>
          )}
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
