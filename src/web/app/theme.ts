import { createTheme } from '@mui/material/styles';

/** The app's Material UI theme. Created at import time: createTheme touches no browser global. */
export const theme = createTheme({
  palette: {
    primary: { main: '#3f51b5' },
    secondary: { main: '#00a389' },
    background: { default: '#f5f6fa' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
