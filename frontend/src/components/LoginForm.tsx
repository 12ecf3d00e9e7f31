/**
 * The sign-in form of the three login pages (spec 000 section 5 "Login: username and password
 * required"; section 8: failure shows 'Oops... Please Check Your Username & Password!' with the
 * server's error text). Remember me keeps the session for 30 days and the username on this device.
 * A 429 (docs/architecture.md, Rate limits: 10 failed logins lock the account for 15 minutes; the
 * gateway also limits logins per device) says so and for how long, from the answer's Retry-After,
 * instead of blaming the username and password.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFieldProps, useServerMessage } from '../i18n/serverMessage';
import { Alert, Button, Checkbox, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/client';
import { validateLogin } from '../lib/loginValidation';
import { waitText } from '../lib/retryAfter';
import { useDocumentTitle } from '../lib/documentTitle';

const REMEMBER_KEY = 'rememberMe';
const CHECK_CREDENTIALS = 'Oops... Please Check Your Username & Password!';

/** The alert of a failed login: title and text, in the page's language (`message` shows a server text in it). */
function failureOf(err: unknown, t: TFunction, message: (error: unknown) => string): { title: string; text: string } {
  const title = t('auth:checkCredentials', { defaultValue: CHECK_CREDENTIALS });
  if (!(err instanceof ApiError)) return { title, text: t('auth:tryAgain') };
  if (err.status !== 429) return { title, text: message(err) };
  const wait =
    err.retryAfterSeconds !== undefined ? t('auth:tryAgainIn', { wait: waitText(err.retryAfterSeconds) }) : t('auth:tryAgainLater');
  return /locked/i.test(err.message)
    ? { title: t('auth:accountLocked'), text: t('auth:accountLockedText', { wait }) }
    : { title: t('auth:tooManyAttempts'), text: t('auth:tooManyAttemptsText', { wait }) };
}
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
  useDocumentTitle(title);
  const { t } = useTranslation();
  const message = useServerMessage();
  const remembered = rememberMe && localStorage.getItem(REMEMBER_KEY) === 'true';
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: remembered ? (localStorage.getItem(USERNAME_KEY) ?? '') : '', password: '', rememberMe: remembered },
    validate: validateLogin,
  });
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
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
      setFailure(failureOf(err, t, message));
    } finally {
      setBusy(false);
    }
  });
  const field = useFieldProps(form);

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={420} mx="auto">
      <Title order={1} size="h2" ta="center" mb="lg">
        {title}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" title={failure.title} role="alert">
              {failure.text}
            </Alert>
          )}
          <TextInput label={t('auth:username')} autoComplete="username" required {...field('username')} />
          <PasswordInput label={t('auth:password')} autoComplete="current-password" required {...field('password')} />
          {rememberMe && <Checkbox label={t('auth:rememberMe')} {...form.getInputProps('rememberMe', { type: 'checkbox' })} />}
          <Button type="submit" loading={busy} fullWidth>
            {t('auth:login')}
          </Button>
          {children}
        </Stack>
      </form>
    </Paper>
  );
}
