import { createTheme } from '@mui/material/styles';
import { theme } from '../../app/theme';

/**
 * The theme of /pricing?dark_mode (the page is embedded in dark sites). Built from the app theme's
 * choices rather than merged into it: a merged light theme keeps its computed light text colours.
 * createTheme touches no browser global, so this is safe at import time.
 */
export const darkTheme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#8c9eff' },
    secondary: { main: theme.palette.secondary.main },
  },
  shape: theme.shape,
  typography: {
    fontFamily: theme.typography.fontFamily,
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
