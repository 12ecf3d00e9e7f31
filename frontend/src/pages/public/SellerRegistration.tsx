/**
 * /SellerRegistration, 'Start Your Business' (spec 001 sections 4-5): a company applies; an
 * admin accepts or declines, and the answer comes by e-mail.
 */
import { Alert, Anchor, Button, Checkbox, Grid, Paper, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SellerRequestFormSchema } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { identityApi } from '../../api/identity';
import { ImageUpload } from '../../components/ImageUpload';
import { TermsNote } from './Terms';
import { PublicPage } from '../../components/PublicPage';
import { applyServerErrors, schemaValidator } from '../../lib/forms';

export function SellerRegistration() {
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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

  const submit = form.onSubmit(async ({ terms: _t, ...body }) => {
    setBusy(true);
    setFailure(null);
    try {
      await identityApi.applyAsSeller(body);
      setSentTo(body.email);
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    } finally {
      setBusy(false);
    }
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
    <PublicPage size="md">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Title order={1} size="h2">
          Start Your Business
        </Title>
        <Text c="dimmed" mb="lg" size="sm">
          Already selling with us?{' '}
          <Anchor component={Link} to="/SellerLogin">
            Seller login
          </Anchor>
        </Text>
        <form onSubmit={submit} noValidate>
          <Grid>
            {failure && (
              <Grid.Col span={12}>
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              </Grid.Col>
            )}
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
              <ImageUpload
                label="Upload company logo"
                value={form.getValues().logo}
                onChange={(name) => form.setFieldValue('logo', name)}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Checkbox label="I agree to the terms & conditions" {...form.getInputProps('terms', { type: 'checkbox' })} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Button type="submit" loading={busy}>
                Send application
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
