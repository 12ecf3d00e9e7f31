/**
 * The Forgot Password pages with forgotPassword's one answer (issue 27 item 6): the server says the
 * same for every address, so the page shows that answer and goes on to the code step without
 * claiming the address has an account, for customers and sellers.
 */
import { MantineProvider } from '@mantine/core';
import { RESET_CODE_SENT } from '@market/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway } from '../../test-utils';
import { ForgotPassword } from './ForgotPassword';

afterEach(() => vi.unstubAllGlobals());

describe.each([
  ['customer', '/Customer/forgotPassword'],
  ['seller', '/orgSeller/forgotPassword'],
] as const)('the %s Forgot Password page', (kind, path) => {
  it('shows the neutral answer and leads to the code step, never saying the address has an account', async () => {
    const calls = fakeGateway({ [`POST ${path}`]: { message: RESET_CODE_SENT } });
    render(
      <MantineProvider>
        <MemoryRouter>
          <ForgotPassword kind={kind} />
        </MemoryRouter>
      </MantineProvider>,
    );
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'someone@example.lk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_CODE_SENT);
    expect(screen.getByLabelText(/^Code/)).toBeInTheDocument();
    expect(screen.getByText('If someone@example.lk has an account, enter the code we sent to it.')).toBeInTheDocument();
    expect(screen.queryByText(/we sent to someone@example\.lk/)).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`POST ${path}`]);
  });
});
