import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useEffect, useState } from 'react';
import { server, takeUnhandledRequests } from './msw/server';

function Greeting() {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void fetch(new Request('/api/me'))
      .then((response) => response.json() as Promise<{ name: string }>)
      .then((body) => {
        if (active) setName(body.name);
      });
    return () => {
      active = false;
    };
  }, []);
  return <p>{name ? `Hello, ${name}` : 'Loading...'}</p>;
}

test('renders a component with data from an MSW handler', async () => {
  server.use(http.get('/api/me', () => HttpResponse.json({ name: 'Ada' })));

  render(<Greeting />);

  expect(screen.getByText('Loading...')).toBeInTheDocument();
  expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
});

test('a request without a handler fails with a network error and is reported', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});

  await expect(fetch('/api/unhandled')).rejects.toThrow();

  expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('without a matching request handler'));
  // Taken here so the check after each test (setup.ts), which would fail this test, finds none.
  expect(takeUnhandledRequests()).toEqual(['GET http://localhost/api/unhandled']);
  consoleError.mockRestore();
});
