import { createTheme } from '@mui/material/styles';
import { focusRing, theme } from '../../components/theme';

/** Colours of the dark theme, each 4.5:1 or more on its dark backgrounds (palette-contrast.test.ts). */
const darkPalette = {
  mode: 'dark',
  primary: { main: '#8c9eff' },
  secondary: { main: '#4db6ac' },
  background: { default: '#121212', paper: '#121212' },
} as const;

/**
 * The theme of /pricing?dark_mode (the page is embedded in dark sites). Built from the app theme's
 * choices rather than merged into it: a merged light theme keeps its computed light text colours.
 * createTheme touches no browser global, so this is safe at import time.
 */
export const darkTheme = createTheme({
  palette: darkPalette,
  shape: theme.shape,
  typography: {
    fontFamily: theme.typography.fontFamily,
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: { MuiCssBaseline: focusRing(darkPalette.primary.main) },
});
