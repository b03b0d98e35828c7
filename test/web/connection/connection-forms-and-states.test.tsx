import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement } from 'react';
import ApiKeyForm from '../../../src/web/features/connection/components/ApiKeyForm';
import ConnectOptions from '../../../src/web/features/connection/components/ConnectOptions';
import ConnectionProgress from '../../../src/web/features/connection/components/ConnectionProgress';
import PreconnectForm from '../../../src/web/features/connection/components/PreconnectForm';
import SoftwareLogo from '../../../src/web/features/connection/components/SoftwareLogo';
import SoftwareNotFound from '../../../src/web/features/connection/components/SoftwareNotFound';

function renderInRouter(ui: ReactElement) {
  return { user: userEvent.setup(), ...render(<MemoryRouter>{ui}</MemoryRouter>) };
}

describe('ConnectionProgress', () => {
  test('connecting', () => {
    renderInRouter(<ConnectionProgress status="connecting" tryAgainHref="/connect" />);
    expect(screen.getByRole('heading', { name: 'Connecting...' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  test('testing', () => {
    renderInRouter(<ConnectionProgress status="testing" tryAgainHref="/connect" />);
    expect(screen.getByRole('heading', { name: 'Testing connection.' })).toBeInTheDocument();
  });

  test('success', () => {
    renderInRouter(
      <ConnectionProgress status="success" tryAgainHref="/connect" successHint="Next step soon" />,
    );
    expect(screen.getByRole('heading', { name: 'Successfully connected.' })).toBeInTheDocument();
    expect(screen.getByText('Next step soon')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('error with its text and the Try again link', () => {
    renderInRouter(
      <ConnectionProgress status="error" errorText="Verify failed" tryAgainHref="/connect-api-key" />,
    );
    expect(screen.getByRole('heading', { name: 'Connection Error.' })).toBeInTheDocument();
    expect(screen.getByText('Verify failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/connect-api-key');
  });
});

describe('SoftwareLogo', () => {
  test('shows the logo image when there is one', () => {
    render(<SoftwareLogo name="Demo CRM" logoUrl="/crm-logos/demo-crm.svg" />);
    expect(screen.getByRole('img', { name: 'Demo CRM logo' })).toHaveAttribute(
      'src',
      '/crm-logos/demo-crm.svg',
    );
  });

  test('shows the initial otherwise', () => {
    render(<SoftwareLogo name="pipedrive" logoUrl={null} />);
    expect(screen.getByLabelText('pipedrive logo')).toHaveTextContent('P');
  });
});

describe('SoftwareNotFound', () => {
  test('shows the text and a back link', () => {
    renderInRouter(<SoftwareNotFound text="Software not found." backHref="/dashboard/connection" />);
    expect(screen.getByText('Software not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard/connection');
  });
});

describe('ConnectOptions', () => {
  test.each([
    { showOAuth: true, showApiKey: false },
    { showOAuth: false, showApiKey: true },
    { showOAuth: true, showApiKey: true },
  ])('OAuth $showOAuth, API key $showApiKey', async ({ showOAuth, showApiKey }) => {
    const onOAuth = jest.fn();
    const { user } = renderInRouter(
      <ConnectOptions
        showOAuth={showOAuth}
        showApiKey={showApiKey}
        apiKeyHref="/connect-api-key"
        onOAuth={onOAuth}
      />,
    );
    const oauth = screen.queryByRole('button', { name: 'Connect with OAuth' });
    const apiKey = screen.queryByRole('link', { name: 'Connect with API Key' });
    expect(Boolean(oauth)).toBe(showOAuth);
    expect(Boolean(apiKey)).toBe(showApiKey);
    if (apiKey) expect(apiKey).toHaveAttribute('href', '/connect-api-key');
    if (oauth) {
      await user.click(oauth);
      expect(onOAuth).toHaveBeenCalledTimes(1);
    }
  });
});

describe('PreconnectForm', () => {
  const fields = [
    { id: 'data_centre', name: 'Data centre', type: 'text', placeholder: 'com, eu' },
    { id: 'domain', name: 'Domain', type: 'url', placeholder: 'https://...' },
  ];

  test('every field is required before submitting', async () => {
    const onSubmit = jest.fn();
    const { user } = renderInRouter(
      <PreconnectForm fields={fields} showOrganizationChoice={false} onSubmit={onSubmit} />,
    );
    expect(screen.getByLabelText(/Data centre/)).toBeRequired();
    expect(screen.getByPlaceholderText('com, eu')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/Data centre/), 'eu');
    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Domain is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Domain/), ' https://acme.example ');
    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    expect(onSubmit).toHaveBeenCalledWith({
      fields: [
        { id: 'data_centre', value: 'eu' },
        { id: 'domain', value: 'https://acme.example' },
      ],
    });
  });

  test('the organization choice defaults to No and sends the answer', async () => {
    const onSubmit = jest.fn();
    const { user } = renderInRouter(
      <PreconnectForm fields={[]} showOrganizationChoice onSubmit={onSubmit} />,
    );
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ fields: [], isOrganizationConnection: false });

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ fields: [], isOrganizationConnection: true });
  });

  test('shows an error text and disables the button while submitting', () => {
    renderInRouter(
      <PreconnectForm
        fields={fields}
        showOrganizationChoice={false}
        submitting
        errorText="Error during preconnect"
        onSubmit={jest.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error during preconnect');
    expect(screen.getByRole('button', { name: 'Connect with OAuth' })).toBeDisabled();
  });
});

describe('ApiKeyForm', () => {
  const fields = [
    { storageKey: 'api_key_1' as const, label: 'API key', placeholder: 'demo_...' },
    { storageKey: 'api_key_2' as const, label: 'User email', placeholder: 'you@company.com' },
  ];

  test('title with the CRM name, and all fields required', async () => {
    const onSubmit = jest.fn();
    const { user } = renderInRouter(
      <ApiKeyForm
        softwareName="Copper"
        fields={fields}
        createApiKeyUrl="https://copper.example/keys"
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Connect to Copper' })).toBeInTheDocument();
    expect(screen.getByLabelText('Copper logo')).toHaveTextContent('C');
    expect(screen.getByPlaceholderText('you@company.com')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Where do I find my API key?' })).toHaveAttribute(
      'href',
      'https://copper.example/keys',
    );

    await user.type(screen.getByRole('textbox', { name: /^API key/ }), 'demo_abc');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('User email is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/User email/), 'me@acme.example');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(onSubmit).toHaveBeenCalledWith({ api_key_1: 'demo_abc', api_key_2: 'me@acme.example' });
  });

  test('no fields', () => {
    renderInRouter(<ApiKeyForm softwareName="HubSpot" logoUrl="/h.svg" fields={[]} onSubmit={jest.fn()} />);
    expect(screen.getByText('No API key fields found for this software.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'HubSpot logo' })).toBeInTheDocument();
  });
});
