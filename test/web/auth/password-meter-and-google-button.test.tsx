import { act, render, screen } from '@testing-library/react';
import GoogleSignInButton from '../../../src/web/features/auth/components/GoogleSignInButton';
import PasswordStrengthMeter from '../../../src/web/features/auth/components/PasswordStrengthMeter';
import { fakeGoogleWidget } from './fake-google';

describe('PasswordStrengthMeter', () => {
  test('shows nothing for an empty password', () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(container).toBeEmptyDOMElement();
  });

  test.each([
    ['abc', 'Too weak'],
    ['abcde1', 'Weak'],
    ['aB1!aB1!', 'Medium'],
    ['aB1!aB1!aB', 'Strong'],
  ])('%s reads %s', async (password, level) => {
    render(<PasswordStrengthMeter password={password} />);
    expect(screen.getByText(`Password strength: ${level}`)).toBeInTheDocument();
    // The bar's component arrives on first use (LazyLinearProgress).
    expect(await screen.findByRole('progressbar', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      level,
    );
  });
});

describe('GoogleSignInButton', () => {
  let google: ReturnType<typeof fakeGoogleWidget>;

  beforeEach(() => {
    google = fakeGoogleWidget('Sign in with Google');
  });

  afterEach(() => {
    delete window.google;
    delete window.__APP_CONFIG__;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  test('renders the widget with the configured client id and hands over the credential', async () => {
    const onCredential = jest.fn();
    const onError = jest.fn();
    render(
      <GoogleSignInButton
        clientId="client-1"
        context="signup"
        onCredential={onCredential}
        onError={onError}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(google.clientId()).toBe('client-1');

    google.answer({ credential: 'id-token' });
    expect(onCredential).toHaveBeenCalledWith('id-token');

    google.answer({});
    expect(onError).toHaveBeenCalledTimes(1);
  });

  test('reports an error when the script cannot load', async () => {
    delete window.google;
    const onError = jest.fn();
    render(
      <GoogleSignInButton clientId="client-1" context="login" onCredential={jest.fn()} onError={onError} />,
    );
    const script = document.head.querySelector<HTMLScriptElement>(
      'script[src="https://accounts.google.com/gsi/client"]',
    );
    expect(script).not.toBeNull();
    await act(async () => {
      script?.dispatchEvent(new Event('error'));
    });
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
