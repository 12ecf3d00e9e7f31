/**
 * Seller account screens (spec 001 sections 2, 4, 5): /Seller/MyProfile (with the deletion
 * request), /Seller/updateProfile/{id}, /Seller/sellerPassword.
 */
import { Avatar, Badge, Button, Card, Grid, Group, PasswordInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { SellerChangePasswordSchema, SellerUpdateSchema } from '@market/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { identityApi } from '../../api/identity';
import { ImageUpload } from '../../components/ImageUpload';
import { NotFound } from '../../components/NotFound';
import { FormCard } from '../../components/FormCard';
import { GridForm } from '../../components/GridForm';
import { PageHeader } from '../../components/PageHeader';
import { confirmSave, confirmThen } from '../../lib/confirm';
import { applyServerErrors, schemaValidator } from '../../lib/forms';
import { imageUrl } from '../../lib/images';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../session/session';
import { SellerDetails } from './ProfileDetails';

/**
 * The submit of the seller's account forms: after the save confirmation ("Save" or "Don't
 * save") it sends, then says 'Your update saved!' and goes back to My Profile; a refusal puts the
 * server's field messages on the inputs and the rest in `failure`, shown above the form.
 */
function useConfirmedSave<V>(form: UseFormReturnType<V>, send: (values: V) => Promise<unknown>) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.onSubmit((values) => {
    confirmSave(async () => {
      try {
        await send(values);
        notifySuccess('Your update saved!');
        navigate('/Seller/MyProfile');
      } catch (err) {
        setFailure(applyServerErrors(form, err));
      }
    });
  });
  return { submit, failure };
}

export function SellerMyProfile() {
  const { profile, refresh } = useSession('seller');
  const askDeletion = () =>
    confirmThen({
      title: 'Are you sure?',
      message: 'An administrator will review your request and remove your company, its items and packages.',
      confirm: 'Yes, request deletion',
      // The page shows the request as waiting before the notice says it was sent.
      action: async () => {
        await identityApi.setDeletionRequest(profile._id, true);
        await refresh();
      },
      done: ['Request sent', 'An administrator will review it.'],
      after: () => undefined,
    });
  const cancelDeletion = async () => {
    try {
      await identityApi.setDeletionRequest(profile._id, false);
      await refresh();
      notifySuccess('Your update saved!');
    } catch (err) {
      notifyError('Oops...', err);
    }
  };

  return (
    <>
      <PageHeader title="My Profile">
        <Button component={Link} to={`/Seller/updateProfile/${profile._id}`}>
          Edit profile
        </Button>
        <Button variant="default" component={Link} to="/Seller/sellerPassword">
          Change password
        </Button>
      </PageHeader>
      <Card withBorder padding="xl" maw={760}>
        <Group mb="lg">
          <Avatar src={imageUrl(profile.logo)} size={96} radius="md" alt={`${profile.companyname} logo`}>
            {profile.companyname.slice(0, 2).toUpperCase()}
          </Avatar>
          <div>
            <Title order={3}>{profile.companyname}</Title>
            <Text c="dimmed">@{profile.username}</Text>
            {profile.requestDelete && (
              <Badge color="red" mt={4}>
                Deletion requested
              </Badge>
            )}
          </div>
        </Group>
        <SellerDetails
          seller={profile}
          more={[
            {
              label: 'Selling since',
              value: new Date(profile.acceptedDate).toLocaleDateString('en-LK', { dateStyle: 'long' }),
              wide: true,
            },
          ]}
        />
      </Card>
      <Card withBorder padding="xl" maw={760} mt="lg">
        <Title order={4} mb="xs">
          Delete my seller account
        </Title>
        {profile.requestDelete ? (
          <Group>
            <Text size="sm">Your deletion request is waiting for an administrator.</Text>
            <Button variant="default" onClick={() => void cancelDeletion()}>
              Withdraw request
            </Button>
          </Group>
        ) : (
          <Group>
            <Text size="sm" c="dimmed">
              Ask an administrator to remove your company from the marketplace.
            </Text>
            <Button color="red" variant="light" onClick={askDeletion}>
              Request deletion
            </Button>
          </Group>
        )}
      </Card>
    </>
  );
}

export function SellerUpdateProfile() {
  const { id } = useParams();
  const { profile, refresh } = useSession('seller');
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      ownername: profile.ownername,
      mobile: profile.mobile,
      companyname: profile.companyname,
      address: profile.address,
      year: profile.year,
      description: profile.description,
      logo: profile.logo || undefined,
    },
    validate: schemaValidator(SellerUpdateSchema),
  });
  const { submit, failure } = useConfirmedSave(form, async (values) => {
    await identityApi.updateSeller(profile._id, values);
    await refresh();
  });
  if (id !== profile._id) return <NotFound home="/Seller/Home" />;

  return (
    <>
      <PageHeader title="Edit Profile" />
      <Card withBorder padding="xl" maw={760}>
        <GridForm onSubmit={submit} failure={failure}>
          <Grid.Col span={12}>
            <ImageUpload label="Change logo" value={form.getValues().logo} onChange={(name) => form.setFieldValue('logo', name)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Company Name" required {...form.getInputProps('companyname')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Owner's Name" required {...form.getInputProps('ownername')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Mobile Number" required inputMode="numeric" {...form.getInputProps('mobile')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Established Year" required inputMode="numeric" maxLength={4} {...form.getInputProps('year')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Email" value={profile.email} readOnly description="Cannot be changed" />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Physical Address" required {...form.getInputProps('address')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Description" required autosize minRows={3} {...form.getInputProps('description')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Group>
              <Button type="submit">Update</Button>
              <Button variant="default" component={Link} to="/Seller/MyProfile">
                Cancel
              </Button>
            </Group>
          </Grid.Col>
        </GridForm>
      </Card>
    </>
  );
}

export function SellerPassword() {
  const { profile } = useSession('seller');
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: schemaValidator(SellerChangePasswordSchema),
  });
  const { submit, failure } = useConfirmedSave(form, (values) => identityApi.changeSellerPassword(profile._id, values));
  return (
    <>
      <PageHeader title="Change Password" />
      <FormCard onSubmit={submit} failure={failure} maw={480}>
        <PasswordInput label="Current password" required autoComplete="current-password" {...form.getInputProps('currentPassword')} />
        <PasswordInput label="New password" required autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput label="Confirm new password" required autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Button type="submit">Save</Button>
      </FormCard>
    </>
  );
}
