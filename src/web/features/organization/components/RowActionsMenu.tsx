import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MAIN_CONTENT_ID } from '../../../components/SkipLink';

export interface RowAction {
  label: string;
  /** A link (Edit) rather than a command. */
  to?: string;
  /** The history state the link carries (where the page it opens returns to). */
  state?: unknown;
  onSelect?: () => void;
  /** A change that cannot be undone from the app (Remove, Revoke): shown in the error colour. */
  destructive?: boolean;
  /** Shown but not offered ('Cannot remove admin'), or offered again once a running call ends. */
  disabled?: boolean;
}

/**
 * The actions of one row of the members or invitations list, behind one button named after the row
 * ('Actions for Ada'): one tab stop per row instead of three buttons. MUI's menu gives the keyboard its
 * part (Enter or Space opens it on the first item, arrows move, Escape closes it and returns focus to
 * the button).
 */
/** The page's <main> (every layout has one); MUI falls back to <body> when it returns null. */
const mainArea = () => document.getElementById(MAIN_CONTENT_ID);

export function RowActionsMenu({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  if (actions.length === 0) return null;
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        id={buttonId}
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        // Drawn inside <main> rather than at the end of <body>, so the open menu belongs to the page's
        // main landmark like the row it acts on (without one, it is content outside every landmark).
        container={mainArea}
        // A disabled item ('Cannot remove admin') still takes focus from the arrow keys: it says why an
        // action is missing, which a keyboard or screen reader user would otherwise never hear.
        slotProps={{ list: { 'aria-labelledby': buttonId, disabledItemsFocusable: true } }}
      >
        {actions.map((action) =>
          action.to !== undefined ? (
            <MenuItem
              key={action.label}
              component={RouterLink}
              to={action.to}
              state={action.state}
              disabled={action.disabled}
            >
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          ) : (
            <MenuItem
              key={action.label}
              disabled={action.disabled}
              onClick={() => {
                close();
                action.onSelect?.();
              }}
              sx={action.destructive ? { color: 'error.dark' } : undefined}
            >
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
