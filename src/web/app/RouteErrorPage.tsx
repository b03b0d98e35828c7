import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';
import { MAIN_CONTENT_ID } from '../components/SkipLink';
import { useDocumentTitle } from '../components/use-document-title';
import { t } from '../i18n/index';
import { dashboardPaths } from '../lib/paths';

/** A chunk that could not be downloaded (offline, or a deploy replaced it): reloading fixes it. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'ChunkLoadError' || /loading (css )?chunk/i.test(error.message))
  );
}

/**
 * What a route shows when rendering or loading it failed (a page threw, or its chunk could not be
 * downloaded after a deploy): a way out instead of a blank page. Inside the dashboard (`inShell`) it
 * takes the place of the page only, so the sidebar stays.
 */
export default function RouteErrorPage({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  const chunk = isChunkLoadError(error);
  // The tab says what happened too, in the UI's language, rather than the page's stale title.
  useDocumentTitle(
    notFound ? 'Page not found' : chunk ? 'This page could not be loaded' : 'Something went wrong',
  );

  return (
    <Box
      component={inShell ? 'section' : 'main'}
      id={inShell ? undefined : MAIN_CONTENT_ID}
      tabIndex={inShell ? undefined : -1}
      sx={{ maxWidth: 560, mx: 'auto', my: inShell ? 4 : 8, px: 2, textAlign: 'center' }}
    >
      <Typography variant="h4" component="h1" gutterBottom>
        {notFound
          ? t('Page not found')
          : chunk
            ? t('This page could not be loaded')
            : t('Something went wrong')}
      </Typography>
      <Typography role="alert" color="text.secondary" sx={{ mb: 3 }}>
        {notFound
          ? t('This page does not exist.')
          : chunk
            ? t('Check your connection, then reload the page.')
            : t('This page could not be shown. Reload the page, or go back to your dashboard.')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('Reload')}
        </Button>
        <Button component={RouterLink} to={dashboardPaths.overview} variant="outlined">
          {t('Go to dashboard')}
        </Button>
      </Box>
    </Box>
  );
}
