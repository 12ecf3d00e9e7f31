/**
 * The three login pages after too many failed logins (docs/architecture.md, Rate limits:
 * "answered 429 with Retry-After"): they say the account is locked and for how long, not
 * "Check Your Username & Password!"; a wrong password still says that.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLogin, CustomerLogin, SellerLogin } from './Logins';

afterEach(() => vi.unstubAllGlobals());

/** Every call answers `status` with `error` and the given headers. */
function gatewayAnswering(status: number, error: string, headers: Record<string, string> = {}) {
  const fetch = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json', ...headers } })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(page: ReactNode) {
  render(
    <MantineProvider>
      <MemoryRouter>{page}</MemoryRouter>
    </MantineProvider>,
  );
}

async function logIn() {
  fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'nimal' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'Wrong#pass1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  return screen.findByRole('alert');
}

describe('login lockout', () => {
  const pages: [string, ReactNode][] = [
    ['customer', <CustomerLogin key="c" />],
    ['seller', <SellerLogin key="s" />],
    ['admin', <AdminLogin key="a" />],
  ];
  for (const [kind, page] of pages)
    it(`the ${kind} login says the account is locked and for how long`, async () => {
      gatewayAnswering(429, 'This account is locked after 10 failed logins', { 'Retry-After': '840' });
      show(page);
      const alert = await logIn();
      expect(alert).toHaveTextContent('Account locked');
      expect(alert).toHaveTextContent('Too many failed logins: this account is locked. Try again in 14 minutes.');
      expect(alert).not.toHaveTextContent('Check Your Username & Password');
    });

  it('says a lockout of under a minute in seconds, and a per-device limit as such', async () => {
    gatewayAnswering(429, 'Too many requests, please try again later', { 'Retry-After': '42' });
    show(<CustomerLogin />);
    const alert = await logIn();
    expect(alert).toHaveTextContent('Too many login attempts from this device. Try again in 42 seconds.');
    expect(alert).not.toHaveTextContent('Check Your Username & Password');
  });

  it('still says Check Your Username & Password for a wrong password', async () => {
    gatewayAnswering(401, 'Invalid Username or Password');
    show(<SellerLogin />);
    const alert = await logIn();
    expect(alert).toHaveTextContent('Oops... Please Check Your Username & Password!');
    expect(alert).toHaveTextContent('Invalid Username or Password');
  });
});

describe('an entry page for someone already signed in (issue 32 item 4)', () => {
  afterEach(() => localStorage.clear());

  it('sends a signed-in customer from the login page to their home, and shows it to a browser that never signed in', async () => {
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/Customer/me')
          ? new Response(JSON.stringify({ _id: 'c1', username: 'nimal', firstName: 'Nimal', lastName: 'Perera' }), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            })
          : new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const at = (path: string) =>
      render(
        <MantineProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/CustomerLogin" element={<CustomerLogin />} />
              <Route path="/Customer/Home" element={<p>customer home</p>} />
            </Routes>
          </MemoryRouter>
        </MantineProvider>,
      );
    const first = at('/CustomerLogin');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    first.unmount();

    localStorage.setItem('CustomerID', 'c1');
    at('/CustomerLogin');
    expect(await screen.findByText('customer home')).toBeInTheDocument();
  });
});
