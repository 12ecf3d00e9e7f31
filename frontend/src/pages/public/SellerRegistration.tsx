/**
 * /SellerRegistration, 'Start Your Business' (spec 001 sections 4-5): a company applies; an
 * admin accepts or declines, and the answer comes by e-mail.
 */
import { Anchor, Grid, Paper, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SellerRequestFormSchema } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { identityApi } from '../../api/identity';
import { ImageUpload } from '../../components/ImageUpload';
import { PublicPage } from '../../components/PublicPage';
import { schemaValidator } from '../../lib/forms';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { RegistrationForm } from './RegistrationForm';

export function SellerRegistration() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      ownername: '',
      mobile: '',
      companyname: '',
      address: '',
      year: '',
      description: '',
      email: '',
      logo: undefined as string | undefined,
      terms: false,
    },
    validate: schemaValidator(SellerRequestFormSchema),
  });

  const submit = useFormSubmit(form, async ({ terms: _t, ...body }) => {
    await identityApi.applyAsSeller(body);
    setSentTo(body.email);
  });

  if (sentTo) {
    return (
      <PublicPage>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Title order={1} size="h2" mb="sm">
            Application received
          </Title>
          <Text mb="md">
            Thank you. We review every application and will write to <b>{sentTo}</b> with your sign-in details once it is accepted.
          </Text>
          <Anchor component={Link} to="/SellerLogin">
            Back to seller login
          </Anchor>
        </Paper>
      </PublicPage>
    );
  }

  return (
    <RegistrationForm
      title="Start Your Business"
      login={{ question: 'Already selling with us?', text: 'Seller login', to: '/SellerLogin' }}
      submit={submit}
      terms={{ label: 'I agree to the terms & conditions', ...form.getInputProps('terms', { type: 'checkbox' }) }}
      submitLabel="Send application"
    >
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Owner's Name" required {...form.getInputProps('ownername')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Mobile Number" required inputMode="numeric" placeholder="07XXXXXXXX" {...form.getInputProps('mobile')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Company Name" required {...form.getInputProps('companyname')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Established Year" required inputMode="numeric" maxLength={4} {...form.getInputProps('year')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput label="Physical Address" required {...form.getInputProps('address')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea label="Description" required autosize minRows={3} {...form.getInputProps('description')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <ImageUpload label="Upload company logo" value={form.getValues().logo} onChange={(name) => form.setFieldValue('logo', name)} />
      </Grid.Col>
    </RegistrationForm>
  );
}
