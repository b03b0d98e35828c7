import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { aSoftware } from '../msw/fixtures';
import {
  heldAnswer,
  mockApi,
  mockApiError,
  mockSoftware,
  mockSoftwareOptions,
  operationUrl,
  spyOnApi,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedOut } from '../utils/render';
import { resetBrowserState, stubForeignPages } from './helpers';
import { useSpecTimers } from '../utils/spec-timers';

stubForeignPages();

beforeEach(resetBrowserState);

const accepted = {
  error: false as const,
  message: 'Invitation is valid',
  data: { email: 'grace@example.com', role: 'member' as const, organization_name: 'Analytical Engines' },
};

test('posts the token, stores it, and goes to /signup (keeping the software param) after 5 s', async () => {
  useSpecTimers();
  const accept = spyOnApi('acceptInvite', accepted);
  server.use(
    accept.handler,
    mockSoftware(aSoftware({ slug: 'hubspot', software: 'HubSpot' })),
    mockSoftwareOptions([aSoftware()]),
  );
  const { router } = renderApp('/accept-invitation?token=inv-1&software=hubspot', {
    preloadedState: signedOut(),
  });

  expect(await screen.findByText('You have been invited to join Analytical Engines.')).toBeInTheDocument();
  expect(document.title).toBe('Accept invitation');
  expect(accept.requests[0].method).toBe('POST');
  expect(accept.requests[0].url.searchParams.get('token')).toBe('inv-1');
  expect(window.localStorage.getItem('invitation_token')).toBe('inv-1');
  // The banner names the link's CRM (issue 10), which becomes the chosen one.
  expect(await screen.findByText('Chrome Extension for HubSpot.')).toBeInTheDocument();
  expect(window.localStorage.getItem('software')).toBe('hubspot');

  // The countdown ticks (issue 10).
  expect(screen.getByText('Taking you to sign up in 5 seconds...')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.getByText('Taking you to sign up in 4 seconds...')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(3000));
  expect(screen.getByText('Taking you to sign up in 1 second...')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(999));
  expect(router.state.navigation.state).toBe('idle');
  expect(router.state.location.pathname).toBe('/accept-invitation');
  act(() => jest.advanceTimersByTime(1));
  await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  const query = new URLSearchParams(router.state.location.search);
  expect(query.get('software')).toBe('hubspot');
  expect(query.get('email')).toBe('grace@example.com');
});

test('a software param the catalogue does not know is neither shown nor stored (issue 10)', async () => {
  server.use(spyOnApi('acceptInvite', accepted).handler, mockSoftware(404));
  renderApp('/accept-invitation?token=inv-1&software=nope', { preloadedState: signedOut() });
  expect(await screen.findByText('You have been invited to join Analytical Engines.')).toBeInTheDocument();
  expect(screen.queryByText(/Chrome Extension for/)).not.toBeInTheDocument();
  expect(window.localStorage.getItem('software')).toBeNull();
});

test('shows a loading state while the invitation is checked', async () => {
  const answer = heldAnswer();
  server.use(mockApi('acceptInvite', accepted, { until: answer.until }));
  renderApp('/accept-invitation?token=inv-1', { preloadedState: signedOut() });
  expect(await screen.findByText('Checking your invitation...')).toBeInTheDocument();
  answer.release();
  expect(await screen.findByText('You have been invited to join Analytical Engines.')).toBeInTheDocument();
});

test('without a token: Invitation Error and No invitation token provided., no call', async () => {
  renderApp('/accept-invitation', { preloadedState: signedOut() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Invitation Error' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('No invitation token provided.');
});

test.each([
  [404, 'Invalid or expired invitation'],
  [400, 'Invalid or expired invitation'],
  [500, 'Failed to accept invitation'],
])('a %i answer shows Invitation Error with %s', async (status, text) => {
  server.use(mockApiError('acceptInvite', 'Invitation not found', { status }));
  renderApp('/accept-invitation?token=bad', { preloadedState: signedOut() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Invitation Error' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  expect(window.localStorage.getItem('invitation_token')).toBeNull();
});

test('no answer at all shows Failed to accept invitation', async () => {
  server.use(http.post(operationUrl('acceptInvite'), () => HttpResponse.error()));
  renderApp('/accept-invitation?token=tok', { preloadedState: signedOut() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Invitation Error' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to accept invitation');
});
