/**
 * /CustomerRegistration (spec 000 sections 4-5): the signup form, checked with the same schema
 * the identity service uses; 'Email or Username Already Exists' on a duplicate; then to login.
 */
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../i18n/serverMessage';
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
  const { t } = useTranslation('auth');
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
    notifySuccess(t('registered'), t('registeredText'));
    navigate('/CustomerLogin');
  });

  const field = useFieldProps(form);
  return (
    <RegistrationForm
      title={t('registerTitle')}
      titleGap="xs"
      login={{ question: t('alreadyRegistered'), text: t('logIn'), to: '/CustomerLogin' }}
      submit={submit}
      failureTitle={t('oops')}
      terms={{ label: t('agreeTerms'), ...field('terms', { type: 'checkbox' }) }}
      submitLabel={t('signUp')}
    >
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('firstName')} required autoComplete="given-name" {...field('firstName')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('lastName')} required autoComplete="family-name" {...field('lastName')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('email')} type="email" required autoComplete="email" {...field('email')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('phoneNumber')} required inputMode="numeric" maxLength={10} autoComplete="tel" {...field('phoneNumber')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('birthday')} type="date" required max={today()} {...field('dob')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('gender')}
          required
          data={[
            { value: 'Male', label: t('male') },
            { value: 'Female', label: t('female') },
          ]}
          placeholder={t('select')}
          {...field('gender')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea label={t('address')} autosize minRows={2} autoComplete="street-address" {...field('address')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label={t('username')} required autoComplete="username" {...field('username')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <PasswordInput label={t('password')} required autoComplete="new-password" {...field('password')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <PasswordInput label={t('confirmPasswordCaps')} required autoComplete="new-password" {...field('confirmPassword')} />
      </Grid.Col>
    </RegistrationForm>
  );
}
