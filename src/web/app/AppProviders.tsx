import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore, RootState } from './store';
import { theme } from '../components/theme';
import { componentLocale } from '../i18n';
import NoticeHost from './NoticeHost';
import OfflineNotice from '../components/feedback/OfflineNotice';

export interface AppProvidersProps {
  store: AppStore;
  /**
   * The state a prerendered page was rendered from (prerender.tsx): while hydrating, components read it
   * instead of the store, so they render what the server did; then they render the store's state.
   */
  serverState?: RootState;
  children: ReactNode;
}

/**
 * Everything a page needs around it except the router: the store, the theme, the notice queue and the
 * offline notice. Tests use it too.
 */
export function AppProviders({ store, serverState, children }: AppProvidersProps) {
  // MUI's own words in the UI's language (chosen before the first render; a switch reloads the page).
  const themed = useMemo(() => {
    const words = componentLocale();
    return words ? createTheme(theme, words) : theme;
  }, []);
  return (
    <Provider store={store} serverState={serverState}>
      <ThemeProvider theme={themed}>
        <CssBaseline />
        {children}
        <NoticeHost />
        <OfflineNotice />
      </ThemeProvider>
    </Provider>
  );
}
