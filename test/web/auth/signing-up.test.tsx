import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { aSoftware, aUser } from '../msw/fixtures';
import {
  mockApi,
  mockApiError,
  mockSoftware,
  mockSoftwareOptions,
  nothingToJoin,
  ok,
  operationUrl,
  spyOnApi,
  heldAnswer,
} from '../msw/handlers';
import { server } from '../msw/server';
import { expectStubPage, resetBrowserState, stubForeignPages } from '../onboarding/helpers';
import { renderApp, signedIn, signedOut } from '../utils/render';
import { fakeGoogleWidget, fakeSandboxPopup } from './fake-google';

stubForeignPages();

const STRONG = 'Str0ng!pass';
const SIGNUP_PASSWORD_MESSAGE =
  'Please pick a stronger password (it must have 8+ characters and include 1+ lowercase, 1+ uppercase, 1+ digit, 1+ symbol).';
const hubspot = aSoftware({
  slug: 'hubspot',
  software: 'HubSpot',
  app: 'HubSpot Sync',
  auth_options: 'oauth',
});
const demo = aSoftware();

// A signup lands on an onboarding step, which asks whether an organization at the new user's domain can be
// joined: nothing to join here.
beforeEach(() => server.use(nothingToJoin()));

beforeEach(() => {
  resetBrowserState();
  server.use(mockSoftwareOptions([demo, hubspot]));
});

function signupAnswer(user = aUser()) {
  return { error: false as const, message: 'Welcome', id: user.id, user };
}

/** The signup page with the form already filled (through its query prefill, which types faster). */
function renderFilled(password = STRONG, extraQuery = '') {
  const query = new URLSearchParams({ name: 'Ada Lovelace', email: 'ada@example.com', password });
  return renderApp(`/signup?${query.toString()}${extraQuery}`, { preloadedState: signedOut() });
}

test('shows the form with its title, the default heading and no Google option without a client id', async () => {
  renderApp('/signup', { preloadedState: signedOut() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
  expect(document.title).toBe('Sign up');
  expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
  // The wrapper: progress bar on the Signup step, marketing copy and trusted-by strip.
  expect(
    screen.getByRole('navigation', { name: 'Onboarding progress' }).querySelector('[aria-current="step"]'),
  ).toHaveTextContent('Signup');
  expect(screen.getByText('Save 4 hours a week')).toBeInTheDocument();
  expect(
    screen.getByText('Trusted by thousands of SDRs, BDRs, Sales Ops and team leads'),
  ).toBeInTheDocument();
});

test('first_install=true changes the heading to a welcome text', async () => {
  renderApp('/signup?first_install=true', { preloadedState: signedOut() });
  expect(await screen.findByRole('heading', { level: 1, name: /^Welcome!/ })).toBeInTheDocument();
});

test('prefills name, email and password from the query', async () => {
  renderApp('/signup?name=Ada%20L&email=ada%40example.com&password=Secret1!', {
    preloadedState: signedOut(),
  });
  expect(await screen.findByLabelText(/^Name/)).toHaveValue('Ada L');
  expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
  expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveValue('Secret1!');
  expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText(/^Email/)).toBeRequired();
});

test('the CRM picker stores the chosen CRM and the banner follows', async () => {
  const { user } = renderApp('/signup', { preloadedState: signedOut() });
  await user.click(await screen.findByRole('combobox', { name: 'Your CRM' }));
  await user.click(await screen.findByRole('option', { name: 'HubSpot' }));
  expect(window.localStorage.getItem('software')).toBe('hubspot');
  expect(await screen.findByText('Chrome Extension for HubSpot.')).toBeInTheDocument();
  expect(screen.getByText('HubSpot Sync')).toBeInTheDocument();
});

test('a failed CRM list is only logged', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  server.use(mockApiError('getSoftwareOptions', 'down', { status: 500 }));
  renderApp('/signup', { preloadedState: signedOut() });
  await waitFor(() =>
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch software options', expect.anything()),
  );
  expect(screen.queryByRole('combobox', { name: 'Your CRM' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  consoleError.mockRestore();
});

test('the strength meter follows the password as it is typed', async () => {
  const { user } = renderApp('/signup', { preloadedState: signedOut() });
  const password = await screen.findByLabelText(/^Password/, { selector: 'input' });
  await user.type(password, 'abc');
  expect(await screen.findByText('Password strength: Too weak')).toBeInTheDocument();
  await user.type(password, 'de1');
  expect(screen.getByText('Password strength: Weak')).toBeInTheDocument();
  await user.type(password, 'A!');
  expect(screen.getByText('Password strength: Medium')).toBeInTheDocument();
  await user.type(password, 'xy');
  expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
});

test.each([
  ['Too weak', 'abc'],
  ['Weak', 'abcdef1'],
])('a %s password is refused with the exact message and no call', async (_level, password) => {
  const signup = spyOnApi('signup', signupAnswer());
  server.use(signup.handler);
  const { user } = renderFilled(password);
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_PASSWORD_MESSAGE);
  expect(signup.requests).toHaveLength(0);
});

test('sends the CRM, install flag, invitation token and UTM values from local storage, then goes to /connect', async () => {
  window.localStorage.setItem('software', 'demo-crm');
  window.localStorage.setItem('has_installed', 'true');
  window.localStorage.setItem('invitation_token', 'inv-token');
  window.localStorage.setItem('utm_source', 'newsletter');
  window.localStorage.setItem('utm_campaign', 'spring');
  const signup = spyOnApi('signup', signupAnswer(aUser({ has_installed: true })));
  server.use(signup.handler, mockSoftware(demo));
  const { user, router } = renderFilled();
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));

  await expectStubPage('connection/pages/ConnectPage');
  expect(router.state.location.pathname).toBe('/connect');
  expect(signup.requests[0].body).toEqual({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    password: STRONG,
    software: 'demo-crm',
    has_installed: true,
    invitation_token: 'inv-token',
    utm_source: 'newsletter',
    utm_medium: null,
    utm_campaign: 'spring',
    utm_term: null,
    utm_content: null,
  });
  // The invitation has served: it must not go with a later signup on this browser.
  expect(window.localStorage.getItem('invitation_token')).toBeNull();
});

test('a name of spaces only is refused with a sentence, before any call', async () => {
  const signup = spyOnApi('signup', signupAnswer());
  server.use(signup.handler);
  const query = new URLSearchParams({ name: '   ', email: 'ada@example.com', password: STRONG });
  const { user } = renderApp(`/signup?${query.toString()}`, { preloadedState: signedOut() });
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Name is required.');
  expect(signup.requests).toHaveLength(0);
});

describe('a visitor who is signed in already', () => {
  test('is told so instead of being offered a second account, and may continue', async () => {
    server.use(mockSoftware(demo));
    const { user, router } = renderApp('/signup', {
      preloadedState: signedIn(aUser({ email: 'ada@example.com', has_installed: true }), demo),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are already signed in' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as ada@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/connect'));
  });

  test('may log out here and sign up, keeping the invitation they came with', async () => {
    window.localStorage.setItem('invitation_token', 'inv-token');
    const logout = spyOnApi('logout', ok());
    server.use(logout.handler);
    const { user } = renderApp('/signup', { preloadedState: signedIn(aUser(), demo) });
    await user.click(await screen.findByRole('button', { name: 'Log out and create a new account' }));
    expect(await screen.findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(logout.requests).toHaveLength(1);
    expect(window.localStorage.getItem('invitation_token')).toBe('inv-token');
  });
});

test('UTM values in the landing URL are captured into local storage', async () => {
  renderApp('/signup?utm_source=ads&utm_medium=cpc&utm_term=crm&utm_content=hero&utm_campaign=q1', {
    preloadedState: signedOut(),
  });
  await screen.findByRole('button', { name: 'Sign up' });
  expect(window.localStorage.getItem('utm_source')).toBe('ads');
  expect(window.localStorage.getItem('utm_medium')).toBe('cpc');
  expect(window.localStorage.getItem('utm_campaign')).toBe('q1');
  expect(window.localStorage.getItem('utm_term')).toBe('crm');
  expect(window.localStorage.getItem('utm_content')).toBe('hero');
});

test('a new user whose extension is not installed goes to /install', async () => {
  server.use(mockApi('signup', signupAnswer(aUser({ has_installed: false, software: null }))));
  const { user, router } = renderFilled();
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Install the extension' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/install');
});

test('a `next` other than an invitation link does not skip the onboarding order', async () => {
  server.use(mockApi('signup', signupAnswer(aUser({ has_installed: false, software: null }))));
  const { user, router } = renderFilled(STRONG, '&next=%2Fdashboard%2Fbilling');
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Install the extension' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/install');
});

test('an invitee who found no free seat is told they joined on Free', async () => {
  const notice =
    "You joined Ada's organization on the Free plan: no Standard seat was free. Your admin can give you one once a seat is free.";
  server.use(mockApi('signup', { ...signupAnswer(aUser({ has_installed: false, software: null })), notice }));
  const { user } = renderFilled();
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));
  expect(await screen.findByText(notice)).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'Install the extension' })).toBeInTheDocument();
});

test('shows the loading state while the signup call runs', async () => {
  const answer = heldAnswer();
  server.use(
    mockApi('signup', signupAnswer(aUser({ has_installed: false, software: null })), {
      until: answer.until,
    }),
  );
  const { user, router } = renderFilled();
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));
  expect(await screen.findByRole('button', { name: 'Signing up...' })).toBeDisabled();
  answer.release();
  await waitFor(() => expect(router.state.location.pathname).toBe('/install'));
});

test.each([
  ['the server message as given', 'Email already registered', 'Email already registered'],
  ['Signup failed when the server sends no message', '', 'Signup failed'],
])('a refused signup shows %s', async (_case, serverText, shown) => {
  server.use(mockApiError('signup', serverText, { status: 409 }));
  const { user } = renderFilled();
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(shown);
});

test('a network failure shows Something went wrong', async () => {
  server.use(http.post(operationUrl('signup'), () => HttpResponse.error()));
  const { user } = renderFilled();
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
});

describe('Google sign-up', () => {
  let google: ReturnType<typeof fakeGoogleWidget>;

  beforeEach(() => {
    google = fakeGoogleWidget('Sign up with Google');
  });

  async function renderWithWidget() {
    const rendered = renderApp('/signup', { preloadedState: signedOut() });
    await screen.findByRole('button', { name: 'Sign up with Google' });
    expect(google.clientId()).toBe('google-client');
    return rendered;
  }

  test('sends the credential to google-auth as a signup, with the stored fields', async () => {
    window.localStorage.setItem('has_installed', 'true');
    window.localStorage.setItem('utm_term', 'crm');
    const googleAuth = spyOnApi('googleAuth', signupAnswer(aUser({ software: null })));
    server.use(googleAuth.handler);
    const { router } = await renderWithWidget();
    google.answer({ credential: 'google-id-token' });
    await expectStubPage('connection/pages/ConnectPage');
    expect(router.state.location.pathname).toBe('/connect');
    expect(googleAuth.requests[0].body).toEqual({
      token: 'google-id-token',
      type: 'signup',
      software: null,
      has_installed: true,
      invitation_token: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: 'crm',
      utm_content: null,
    });
  });

  test('a widget error shows the spec text', async () => {
    await renderWithWidget();
    google.answer({});
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign in failed. Please try again.');
  });

  test.each([
    ['the server message', 'Google account has no email', 'Google account has no email'],
    ['Google auth failed without a message', '', 'Google auth failed'],
  ])('a refused Google signup shows %s', async (_case, serverText, shown) => {
    server.use(mockApiError('googleAuth', serverText, { status: 401 }));
    await renderWithWidget();
    google.answer({ credential: 'bad' });
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  test('no answer at all shows An error occurred during Google signup', async () => {
    server.use(http.post(operationUrl('googleAuth'), () => HttpResponse.error()));
    await renderWithWidget();
    google.answer({ credential: 'token' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('An error occurred during Google signup')).toBeInTheDocument();
  });
});

describe('Google sign-up through the sandbox (no GOOGLE_CLIENT_ID)', () => {
  let sandbox: ReturnType<typeof fakeSandboxPopup>;
  beforeEach(() => {
    window.__APP_CONFIG__ = { googleSandbox: true };
    sandbox = fakeSandboxPopup();
  });
  afterEach(() => {
    sandbox.remove();
    jest.restoreAllMocks();
  });

  test('opens the sandbox page and signs up with the credential it hands back', async () => {
    const googleAuth = spyOnApi('googleAuth', signupAnswer(aUser({ software: null })));
    server.use(googleAuth.handler);
    const { user, router } = renderApp('/signup', { preloadedState: signedOut() });
    await user.click(await screen.findByRole('button', { name: 'Sign up with Google' }));
    const opened = new URL(String(sandbox.open.mock.calls[0]![0]));
    expect(opened.pathname).toBe('/sandbox/google/signin');
    expect(opened.searchParams.get('context')).toBe('signup');

    // A message from another window or origin is not the sandbox's answer.
    sandbox.answer({ credential: 'forged' }, { source: window });
    sandbox.answer({ credential: 'forged' }, { origin: 'https://evil.example' });
    sandbox.answer({ credential: 'sandbox-credential' });
    await expectStubPage('connection/pages/ConnectPage');
    expect(router.state.location.pathname).toBe('/connect');
    expect(googleAuth.requests).toHaveLength(1);
    expect(googleAuth.requests[0].body).toMatchObject({ token: 'sandbox-credential', type: 'signup' });
  });

  test.each([
    ['the page reports a widget failure', (s: typeof sandbox) => s.answer({ error: 'failed' })],
    ['the popup is blocked', (s: typeof sandbox) => s.open.mockImplementation(() => null)],
  ])('%s: the spec text', async (_case, fail) => {
    const { user } = renderApp('/signup', { preloadedState: signedOut() });
    const button = await screen.findByRole('button', { name: 'Sign up with Google' });
    if (_case.includes('blocked')) fail(sandbox);
    await user.click(button);
    if (!_case.includes('blocked')) fail(sandbox);
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign in failed. Please try again.');
  });

  test('no Google option at all when the server offers neither Google nor its sandbox', async () => {
    window.__APP_CONFIG__ = {};
    renderApp('/signup', { preloadedState: signedOut() });
    await screen.findByRole('button', { name: 'Sign up' });
    expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
  });
});
