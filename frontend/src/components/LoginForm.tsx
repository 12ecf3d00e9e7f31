/**
 * The sign-in form of the three login pages (spec 000 section 5 "Login: username and password
 * required"; section 8: failure shows 'Oops... Please Check Your Username & Password!' with the
 * server's error text). Remember me keeps the session for 30 days and the username on this device.
 */
import { Alert, Button, Checkbox, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LoginSchema } from '@market/contracts';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/client';
import { schemaValidator } from '../lib/forms';

const REMEMBER_KEY = 'rememberMe';
const USERNAME_KEY = 'rememberedUsername';

export function LoginForm({
  title,
  onLogin,
  rememberMe = false,
  children,
}: {
  title: string;
  onLogin: (username: string, password: string, rememberMe: boolean) => Promise<void>;
  rememberMe?: boolean;
  children?: ReactNode;
}) {
  const remembered = rememberMe && localStorage.getItem(REMEMBER_KEY) === 'true';
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: remembered ? (localStorage.getItem(USERNAME_KEY) ?? '') : '', password: '', rememberMe: remembered },
    validate: schemaValidator(LoginSchema),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
      await onLogin(values.username.trim(), values.password, values.rememberMe);
      if (rememberMe) {
        localStorage.setItem(REMEMBER_KEY, String(values.rememberMe));
        if (values.rememberMe) localStorage.setItem(USERNAME_KEY, values.username.trim());
        else localStorage.removeItem(USERNAME_KEY);
      }
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'Please try again!');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={420} mx="auto">
      <Title order={2} ta="center" mb="lg">
        {title}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" title="Oops... Please Check Your Username & Password!" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="Username" autoComplete="username" required {...form.getInputProps('username')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          {rememberMe && <Checkbox label="Remember me" {...form.getInputProps('rememberMe', { type: 'checkbox' })} />}
          <Button type="submit" loading={busy} fullWidth>
            Login
          </Button>
          {children}
        </Stack>
      </form>
    </Paper>
  );
}
