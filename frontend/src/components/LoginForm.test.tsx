/**
 * The login form says what the services' LoginSchema says (spec 000 section 5: username and
 * password required), with the contracts' zod-free rule of the same messages.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from './LoginForm';

function show(onLogin = vi.fn(() => Promise.resolve())) {
  render(
    <MantineProvider>
      <LoginForm title="Customer Login" onLogin={onLogin} />
    </MantineProvider>,
  );
  return onLogin;
}

describe('LoginForm', () => {
  it('says what is missing and does not log in when submitted empty', async () => {
    const onLogin = show();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('logs in with the trimmed username once both fields are filled', async () => {
    const onLogin = show();
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: ' nimal ' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'Secret#pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(onLogin).toHaveBeenCalledWith('nimal', 'Secret#pass1', false));
  });
});
