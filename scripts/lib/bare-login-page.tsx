// The bare page of scripts/lcp-bench.ts: a login form on the same stack as the app (React, MUI with
// Emotion, the data router, Redux Toolkit with RTK Query), with none of the app's own code, so the
// browser benchmark can say how much slower than the libraries alone the product's pages paint.
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: '/api' }),
  endpoints: (build) => ({ getUser: build.query<unknown, void>({ query: () => '/get-user' }) }),
});
const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer },
  middleware: (defaults) => defaults().concat(api.middleware),
});

function LoginPage() {
  api.useGetUserQuery();
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Stack spacing={2} component="form">
          <Typography variant="h4" component="h1">
            Log in to your account
          </Typography>
          <TextField label="Email" type="email" />
          <TextField label="Password" type="password" />
          <Button variant="contained" type="submit">
            Log in
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

const router = createBrowserRouter([{ path: '*', Component: LoginPage }]);
createRoot(document.getElementById('root')!).render(
  <Provider store={store}>
    <ThemeProvider theme={createTheme()}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  </Provider>,
);
