/**
 * The language switch (issue 33 item 1): a guest's choice changes the page, `<html lang>`, the
 * `lang` cookie and localStorage; a signed-in customer's page takes the account's language on
 * sign-in and a switch is saved with `PUT /Account/language` on the account's version (again on
 * the re-read version after a 409; a 404 keeps the cookie's choice).
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CustomerLayout, isGuestPath } from '../layouts/CustomerLayout';
import { QueryProvider } from '../lib/queryClient';
import { RequireSession } from '../session/session';
import { CUSTOMER, fakeGateway } from '../test-utils';
import { i18n } from './index';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  document.cookie = 'lang=; path=/; max-age=0';
  localStorage.clear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
});

function shop() {
  return render(
    <MantineProvider>
      <QueryProvider>
        <MemoryRouter initialEntries={['/Customer/AllItmes']}>
          <Routes>
            <Route
              path="/Customer"
              element={
                <RequireSession kind="customer" guestPaths={isGuestPath}>
                  <CustomerLayout />
                </RequireSession>
              }
            >
              <Route path="AllItmes" element={<p>listing</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </MantineProvider>,
  );
}

/** The header's switch (the burger menu's copy is the same control for phones). */
const switchOf = () => screen.getAllByRole('combobox', { name: /Language|භාෂාව|மொழி/ })[0]!;

describe('language switch', () => {
  it("a guest's choice: the page in Sinhala, <html lang>, the cookie and localStorage; nothing sent to the gateway", async () => {
    const calls = fakeGateway({ 'GET /Customer/me': { status: 401, body: { error: 'Unauthorized' } } });
    shop();
    expect(await screen.findByRole('link', { name: 'All Items' })).toBeInTheDocument();
    expect(switchOf()).toHaveValue('en');
    fireEvent.change(switchOf(), { target: { value: 'si' } });
    expect(await screen.findByRole('link', { name: 'සියලු භාණ්ඩ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'පිවිසෙන්න' })).toBeInTheDocument();
    expect(switchOf()).toHaveAccessibleName('භාෂාව');
    expect(document.documentElement.lang).toBe('si');
    expect(document.cookie).toContain('lang=si');
    expect(localStorage.getItem('lang')).toBe('si');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("signing in shows the account's language; a switch is saved on the account's version", async () => {
    const calls = fakeGateway({
      'GET /Customer/me': { ...CUSTOMER, language: 'ta', version: 3 },
      'PUT /Account/language': ({ body }: { body: unknown }) => ({ ...(body as object), version: 4 }),
      'GET /Customer/cart': { items: [] },
    });
    shop();
    expect(await screen.findByRole('link', { name: 'அனைத்துப் பொருட்கள்' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ta');
    fireEvent.change(switchOf(), { target: { value: 'si' } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/Account/language', body: { language: 'si', version: 3 } });
    expect(await screen.findByRole('link', { name: 'සියලු භාණ්ඩ' })).toBeInTheDocument();
    expect(document.cookie).toContain('lang=si');
  });

  it('a 409 re-reads the account and saves the choice again on the new version', async () => {
    let version = 3;
    const calls = fakeGateway({
      'GET /Customer/me': () => ({ ...CUSTOMER, language: 'en', version }),
      'PUT /Account/language': ({ body }: { body: unknown }) => {
        const b = body as { language: string; version: number };
        if (b.version !== 5) {
          version = 5; // someone else changed the account meanwhile
          return { status: 409, body: { error: 'The account has changed, reload and try again', code: 'stale-version' } };
        }
        return { language: b.language, version: 6 };
      },
      'GET /Customer/cart': { items: [] },
    });
    shop();
    expect(await screen.findByRole('link', { name: 'All Items' })).toBeInTheDocument();
    fireEvent.change(switchOf(), { target: { value: 'ta' } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { language: 'ta', version: 3 },
      { language: 'ta', version: 5 },
    ]);
    // The re-read account said English; the explicit choice stays.
    expect(await screen.findByRole('link', { name: 'அனைத்துப் பொருட்கள்' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ta');
  });

  it('a 404 (identity without the operation yet) keeps the choice in the cookie', async () => {
    fakeGateway({ 'GET /Customer/me': { ...CUSTOMER, version: 2 }, 'GET /Customer/cart': { items: [] } });
    shop();
    expect(await screen.findByRole('link', { name: 'All Items' })).toBeInTheDocument();
    fireEvent.change(switchOf(), { target: { value: 'si' } });
    expect(await screen.findByRole('link', { name: 'සියලු භාණ්ඩ' })).toBeInTheDocument();
    expect(document.cookie).toContain('lang=si');
  });
});
