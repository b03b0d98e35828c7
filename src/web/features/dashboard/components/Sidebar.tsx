import CableIcon from '@mui/icons-material/Cable';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ExtensionIcon from '@mui/icons-material/Extension';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import InsightsIcon from '@mui/icons-material/Insights';
import SettingsIcon from '@mui/icons-material/Settings';
import SyncIcon from '@mui/icons-material/Sync';
import List from '@mui/material/List';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { SidebarEntry, SidebarEntryId } from '../lib/sidebar';
import { t } from '../../../i18n/index';

const icons: Record<SidebarEntryId, ReactElement> = {
  overview: <DashboardIcon />,
  organization: <GroupsIcon />,
  audit: <HistoryIcon />,
  settings: <SettingsIcon />,
  usage: <InsightsIcon />,
  'crm-sync': <SyncIcon />,
  connection: <CableIcon />,
  billing: <CreditCardIcon />,
  'install-extension': <ExtensionIcon />,
  logout: <LogoutIcon />,
};

export interface SidebarProps {
  entries: readonly SidebarEntry[];
  activeId: SidebarEntryId | null;
  /** Called after an entry is chosen (the small-screen drawer closes). */
  onNavigate?: () => void;
}

/**
 * The dashboard navigation: real links (Tab and Enter work), the current entry highlighted and marked
 * aria-current; Connection and Install extension open in a new tab.
 */
export function Sidebar({ entries, activeId, onNavigate }: SidebarProps) {
  return (
    <nav aria-label={t('Dashboard')}>
      <List>
        {entries.map((entry) => {
          const selected = entry.id === activeId;
          const content = (
            <>
              <ListItemIcon sx={{ minWidth: 40 }}>{icons[entry.id]}</ListItemIcon>
              {/* Drawn as ListItemText draws a one-line label, without it (and the slot machinery only it
                  brings to the dashboard's first load). */}
              <Box className="MuiListItemText-root" sx={{ flex: '1 1 auto', minWidth: 0, my: '4px' }}>
                <Typography component="span" className="MuiListItemText-primary" sx={{ display: 'block' }}>
                  {t(entry.label)}
                </Typography>
              </Box>
              {entry.newTab && <OpenInNewIcon fontSize="small" color="action" />}
            </>
          );
          return (
            // An <li> as ListItem's disablePadding draws it (ListItem itself is 3 KB of first load).
            <Box component="li" key={entry.id} sx={{ display: 'flex', position: 'relative', width: '100%' }}>
              {entry.newTab ? (
                <ListItemButton
                  component="a"
                  href={entry.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={onNavigate}
                >
                  {content}
                </ListItemButton>
              ) : (
                <ListItemButton
                  component={RouterLink}
                  to={entry.href}
                  selected={selected}
                  aria-current={selected ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  {content}
                </ListItemButton>
              )}
            </Box>
          );
        })}
      </List>
    </nav>
  );
}
