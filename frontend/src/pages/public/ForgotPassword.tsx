/**
 * /CustomerForgotPassword and /SellerForgotPassword (spec 000 section 4, spec 001 section 4):
 * e-mail → code (sent by e-mail, verified on the server) → new password. Texts as documented:
 * 'Code Verified Successfully!', 'Code Verified Unsuccessfully!', 'Code verification
 * unsuccessfull', the mismatch wording. The first step shows the server's one answer for every
 * address, 'If this address has an account, we sent a code', instead of the documented
 * 'User not found!' / 'Email has been sent!' pair that told who has an account (issue 27 item 6),
 * and the code step does not claim a code went out either.
 * The fields are checked with the service's own schemas and their messages shown at the field,
 * never the browser's validation bubbles.
 */
import { useTranslation } from 'react-i18next';
import { useServerMessage } from '../../i18n/serverMessage';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { ForgotPasswordSchema, VerifyCodeSchema } from '@market/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { identityApi } from '../../api/identity';
import { PublicPage } from '../../components/PublicPage';
import { notifySuccess } from '../../lib/notify';

export function ForgotPassword({ kind }: { kind: 'customer' | 'seller' }) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const message = useServerMessage();
  const loginPath = kind === 'customer' ? '/CustomerLogin' : '/SellerLogin';
  const mismatch = kind === 'customer' ? 'password mismatch!' : 'Password mismatch!';
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 0 ? message(err) : t('errorOccured'));
    } finally {
      setBusy(false);
    }
  };

  const [fieldError, setFieldError] = useState<{ email?: string; code?: string; password?: string }>({});
  /** The first message of `schema` for `field`, shown at the field; true when the value passes. */
  const check = (field: 'email' | 'code', ok: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
    const message = ok.error?.issues.find((i) => i.path[0] === field)?.message;
    setFieldError((f) => ({ ...f, [field]: message }));
    return message === undefined;
  };
  const sendCode = () =>
    check('email', ForgotPasswordSchema.safeParse({ email })) &&
    run(async () => {
      const res = await identityApi.forgotPassword(kind, email.trim());
      setInfo(message(res.message));
      setStep(1);
    });
  const verify = () =>
    check('code', VerifyCodeSchema.safeParse({ email, code })) &&
    run(async () => {
      const res = await identityApi.verifyCode(kind, email.trim(), code.trim());
      setInfo(message(res.message));
      setStep(2);
    });
  const reset = () => {
    const missing = !password ? 'Password is required' : undefined;
    setFieldError((f) => ({ ...f, password: missing }));
    if (missing) return;
    return run(async () => {
      if (password !== confirm) throw new ApiError(400, mismatch);
      await identityApi.resetPassword(kind, { email: email.trim(), code: code.trim(), password, confirmPassword: confirm });
      notifySuccess(t('passwordChanged'), t('passwordChangedText'));
      navigate(loginPath);
    });
  };

  return (
    <PublicPage>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Title order={2} mb="md">
          {t('forgotPassword')}
        </Title>
        <Stepper active={step} size="sm" mb="lg" allowNextStepsSelect={false}>
          <Stepper.Step label={t('stepEmail')} />
          <Stepper.Step label={t('stepCode')} />
          <Stepper.Step label={t('stepNewPassword')} />
        </Stepper>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {info && !error && (
            <Alert color="green" role="status">
              {info}
            </Alert>
          )}
          {step === 0 && (
            <form noValidate onSubmit={(e) => (e.preventDefault(), void sendCode())}>
              <Stack>
                <TextInput
                  label={t('email')}
                  type="email"
                  required
                  value={email}
                  error={fieldError.email && message(fieldError.email)}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                />
                <Button type="submit" loading={busy}>
                  {t('sendCode')}
                </Button>
              </Stack>
            </form>
          )}
          {step === 1 && (
            <form noValidate onSubmit={(e) => (e.preventDefault(), void verify())}>
              <Stack>
                <Text size="sm">{t('codeSentIf', { email: email.trim() })}</Text>
                <TextInput
                  label={t('code')}
                  required
                  autoComplete="one-time-code"
                  value={code}
                  error={fieldError.code && message(fieldError.code)}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
                <Button type="submit" loading={busy}>
                  {t('verifyCode')}
                </Button>
                <Button variant="subtle" onClick={() => void sendCode()} disabled={busy}>
                  {t('sendNewCode')}
                </Button>
              </Stack>
            </form>
          )}
          {step === 2 && (
            <form noValidate onSubmit={(e) => (e.preventDefault(), void reset())}>
              <Stack>
                <PasswordInput
                  label={t('newPassword')}
                  required
                  autoComplete="new-password"
                  value={password}
                  error={fieldError.password && message(fieldError.password)}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                />
                <PasswordInput
                  label={t('confirmPassword')}
                  required
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(e) => setConfirm(e.currentTarget.value)}
                />
                <Button type="submit" loading={busy}>
                  {t('changePassword')}
                </Button>
              </Stack>
            </form>
          )}
          <Anchor component={Link} to={loginPath} size="sm">
            {t('backToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </PublicPage>
  );
}
