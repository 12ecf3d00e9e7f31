/**
 * The logo of the seller application: a file dropped on the logo area is taken
 * like a picked one; a dropped file that is not a png, jpg or webp image says so and is not sent.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SellerRegistration } from './SellerRegistration';

afterEach(() => vi.unstubAllGlobals());

const STORED = `${'a'.repeat(64)}.webp`;

function gateway() {
  const fetch = vi.fn((input: string) =>
    Promise.resolve(
      new Response(
        JSON.stringify(input.endsWith('/images/upload') ? { name: STORED, thumbnail: STORED.replace('.webp', '-thumb.webp') } : {}),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show() {
  render(
    <MantineProvider>
      <MemoryRouter>
        <SellerRegistration />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.getByRole('group', { name: 'Upload company logo' });
}

describe('seller application logo', () => {
  it('says a dropped file of the wrong type cannot be the logo, and sends nothing', async () => {
    const fetch = gateway();
    const zone = show();
    const file = new File(['%PDF-1.7'], 'company-profile.pdf', { type: 'application/pdf' });
    fireEvent.dragOver(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(await screen.findByText('company-profile.pdf: only png, jpg, jpeg or webp images can be uploaded')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads a dropped png', async () => {
    const fetch = gateway();
    const zone = show();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/images\/upload$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
