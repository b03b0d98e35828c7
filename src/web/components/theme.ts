import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * The app's Material UI theme: the one home of its colours. Every text colour reads at 4.5:1 or more on
 * the page and card backgrounds, and every filled colour carries white text at 4.5:1 (WCAG 2.2 AA 1.4.3);
 * MUI's own warning (#ed6c02, 2.9:1), info (#0288d1, 3.6:1) and our old teal (#00a389, 3.0:1) did not.
 * test/web/app/palette-contrast.test.ts checks these pairs. Created at import time: createTheme
 * touches no browser global.
 */
export const palette = {
  primary: { main: '#3f51b5' },
  secondary: { main: '#00796b' },
  warning: { main: '#a34a00' },
  info: { main: '#01579b' },
  success: { main: '#2e7d32' },
  // Not MUI's #d32f2f: on the 4% tint a hovered or focused text button shows, it read at 4.35:1.
  error: { main: '#c62828' },
  background: { default: '#f5f6fa', paper: '#ffffff' },
  text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.6)' },
} as const;

/** The focus ring (WCAG 2.4.7, 2.4.11, 1.4.11): the primary colour, 3:1 or more against the page. */
const FOCUS_RING_WIDTH = 3;

/**
 * Every keyboard-focused control gets the same ring, outside its box so it never hides behind a fill
 * (MUI's own focus state is a faint grey fill, 1.3:1 in the sidebar). Text inputs keep MUI's 2 px
 * primary border instead, already a ring of their own.
 */
export function focusRing(colour: string): NonNullable<ThemeOptions['components']>['MuiCssBaseline'] {
  return {
    styleOverrides: {
      'body :focus-visible:not(.MuiInputBase-input)': {
        outline: `${FOCUS_RING_WIDTH}px solid ${colour}`,
        outlineOffset: 2,
      },
      // The skip link (components/SkipLink.tsx): off screen until a keyboard user reaches it.
      '.skip-link': {
        position: 'absolute',
        left: 8,
        top: -64,
        zIndex: 2000,
        padding: '8px 16px',
        background: '#fff',
        color: colour,
        fontWeight: 600,
        borderRadius: 4,
      },
      '.skip-link:focus': { top: 8 },
    },
  };
}

export const theme = createTheme({
  palette,
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: { MuiCssBaseline: focusRing(palette.primary.main) },
});
