import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { theme } from './theme';
import NoticeHost from './NoticeHost';
import OfflineNotice from '../components/feedback/OfflineNotice';

/**
 * Everything a page needs around it except the router: the store, the theme, the notice queue and the
 * offline notice. Tests use it too.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <NoticeHost />
        <OfflineNotice />
      </ThemeProvider>
    </Provider>
  );
}
