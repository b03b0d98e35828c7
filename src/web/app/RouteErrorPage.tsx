import { Box, Button, Typography } from '@mui/material';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';

/**
 * What a route shows when rendering or loading it failed (a page threw, or its chunk could not be
 * downloaded after a deploy): a way out instead of a blank page.
 */
export default function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);

  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', my: 8, px: 2, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {notFound ? 'Page not found' : 'Something went wrong'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {notFound
          ? 'This page does not exist.'
          : 'This page could not be shown. Reload the page, or go back to your dashboard.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button component={RouterLink} to="/dashboard" variant="outlined">
          Go to dashboard
        </Button>
      </Box>
    </Box>
  );
}
