/**
 * /CustomerRegistration (spec 000 sections 4-5): the signup form, checked with the same schema
 * the identity service uses; 'Email or Username Already Exists' on a duplicate; then to login.
 */
import { Grid, PasswordInput, Select, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CustomerSignupFormSchema } from '@market/contracts';
import { useNavigate } from 'react-router-dom';
import { identityApi } from '../../api/identity';
import { schemaValidator } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { RegistrationForm } from './RegistrationForm';

const today = () => new Date().toISOString().slice(0, 10);

export function CustomerRegistration() {
  const navigate = useNavigate();
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

  const submit = useFormSubmit(form, async ({ confirmPassword: _c, terms: _t, ...body }) => {
    await identityApi.registerCustomer(body);
    notifySuccess('Registration successful', 'Please log in with your username and password.');
    navigate('/CustomerLogin');
  });

  return (
    <RegistrationForm
      title="Create your account"
      titleGap="xs"
      login={{ question: 'Already registered?', text: 'Log in', to: '/CustomerLogin' }}
      submit={submit}
      failureTitle="Oops..."
      terms={{ label: 'I agree with the terms & conditions', ...form.getInputProps('terms', { type: 'checkbox' }) }}
      submitLabel="Sign up"
    >
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
    </RegistrationForm>
  );
}
