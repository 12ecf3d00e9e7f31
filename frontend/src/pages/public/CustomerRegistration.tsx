/**
 * /CustomerRegistration (spec 000 sections 4-5): the signup form, checked with the same schema
 * the identity service uses; 'Email or Username Already Exists' on a duplicate; then to login.
 */
import { Alert, Anchor, Button, Checkbox, Grid, Paper, PasswordInput, Select, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CustomerSignupFormSchema } from '@market/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { identityApi } from '../../api/identity';
import { TermsNote } from './Terms';
import { PublicPage } from '../../components/PublicPage';
import { applyServerErrors, schemaValidator } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';

const today = () => new Date().toISOString().slice(0, 10);

export function CustomerRegistration() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      dob: '',
      gender: '' as string,
      address: '',
      username: '',
      password: '',
      confirmPassword: '',
      terms: false,
    },
    validate: schemaValidator(CustomerSignupFormSchema),
  });

  const submit = form.onSubmit(async ({ confirmPassword: _c, terms: _t, ...body }) => {
    setBusy(true);
    setFailure(null);
    try {
      await identityApi.registerCustomer(body);
      notifySuccess('Registration successful', 'Please log in with your username and password.');
      navigate('/CustomerLogin');
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <PublicPage size="md">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Title order={1} size="h2" mb="xs">
          Create your account
        </Title>
        <Text c="dimmed" mb="lg" size="sm">
          Already registered?{' '}
          <Anchor component={Link} to="/CustomerLogin">
            Log in
          </Anchor>
        </Text>
        <form onSubmit={submit} noValidate>
          <Grid>
            {failure && (
              <Grid.Col span={12}>
                <Alert color="red" role="alert" title="Oops...">
                  {failure}
                </Alert>
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="First Name" required autoComplete="given-name" {...form.getInputProps('firstName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Last Name" required autoComplete="family-name" {...form.getInputProps('lastName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Phone Number"
                required
                inputMode="numeric"
                maxLength={10}
                autoComplete="tel"
                {...form.getInputProps('phoneNumber')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Birthday" type="date" required max={today()} {...form.getInputProps('dob')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select label="Gender" required data={['Male', 'Female']} placeholder="Select" {...form.getInputProps('gender')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label="Address" autosize minRows={2} autoComplete="street-address" {...form.getInputProps('address')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Username" required autoComplete="username" {...form.getInputProps('username')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <PasswordInput label="Password" required autoComplete="new-password" {...form.getInputProps('password')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <PasswordInput label="Confirm Password" required autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Checkbox label="I agree with the terms & conditions" {...form.getInputProps('terms', { type: 'checkbox' })} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Button type="submit" loading={busy}>
                Sign up
              </Button>
            </Grid.Col>
            <Grid.Col span={12}>
              <TermsNote />
            </Grid.Col>
          </Grid>
        </form>
      </Paper>
    </PublicPage>
  );
}
