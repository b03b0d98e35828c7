import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { theme } from './theme';
import { componentLocale } from '../i18n';
import NoticeHost from './NoticeHost';
import OfflineNotice from '../components/feedback/OfflineNotice';

/**
 * Everything a page needs around it except the router: the store, the theme, the notice queue and the
 * offline notice. Tests use it too.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  // MUI's own words in the UI's language (chosen before the first render; a switch reloads the page).
  const themed = useMemo(() => {
    const words = componentLocale();
    return words ? createTheme(theme, words) : theme;
  }, []);
  return (
    <Provider store={store}>
      <ThemeProvider theme={themed}>
        <CssBaseline />
        {children}
        <NoticeHost />
        <OfflineNotice />
      </ThemeProvider>
    </Provider>
  );
}
