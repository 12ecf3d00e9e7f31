/**
 * /Customer/MyProfile and /Customer/update/{id} (also /Customer/Update/{id}) (spec 000 sections
 * 2, 4, 5): the profile, its edit with a Save / Don't save confirmation, password change with the
 * current password, and deletion: the password checked by the service first, then 'Are you
 * sure?', then the registration page. The profile also holds the delivery addresses (issue 29,
 * components/AddressBook.tsx).
 */
import {
  Avatar,
  Box,
  Button,
  Card,
  Checkbox,
  Divider,
  Grid,
  Group,
  PasswordInput,
  Select,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { CustomerUpdateSchema } from '@market/contracts';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { identityApi } from '../../api/identity';
import { ImageUpload } from '../../components/ImageUpload';
import { FieldGrid } from '../../components/Field';
import { NotFound } from '../../components/NotFound';
import { FormCard } from '../../components/FormCard';
import { PageHeader } from '../../components/PageHeader';
import { confirmDanger, confirmSave } from '../../lib/confirm';
import { applyServerErrors, schemaValidator } from '../../lib/forms';
import { imageUrl } from '../../lib/images';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../session/session';
import { AddressBookSection } from '../../components/AddressBook';

export function CustomerMyProfile() {
  const { profile } = useSession('customer');
  return (
    <>
      <PageHeader title="My Profile">
        <Button component={Link} to={`/Customer/update/${profile._id}`}>
          Edit profile
        </Button>
      </PageHeader>
      <Card withBorder padding="xl" maw={720}>
        <Group mb="lg">
          <Avatar src={imageUrl(profile.userImage)} size={96} radius={96} alt={`${profile.firstName}'s photo`} />
          <div>
            <Title order={2} size="h3">
              {profile.firstName} {profile.lastName}
            </Title>
            <Text c="dimmed">@{profile.username}</Text>
          </div>
        </Group>
        <FieldGrid
          rows={[
            { label: 'Email', value: profile.email },
            { label: 'Phone Number', value: profile.phoneNumber },
            { label: 'Birthday', value: profile.dob },
            { label: 'Gender', value: profile.gender },
            { label: 'Address', value: profile.address, wide: true },
            { label: 'Wishlist e-mails', value: profile.wishlistAlerts === false ? 'Off' : 'On (price drops, back in stock)', wide: true },
            {
              label: 'Member since',
              value: new Date(profile.newlyAddeddate).toLocaleDateString('en-LK', { dateStyle: 'long' }),
              wide: true,
            },
          ]}
        />
      </Card>
      <Box maw={720} mt="md" id="addresses">
        <AddressBookSection />
      </Box>
    </>
  );
}

export function CustomerUpdateProfile() {
  const { id } = useParams();
  const { profile, refresh } = useSession('customer');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [deletePassword, setDeletePassword] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: profile.phoneNumber,
      dob: profile.dob,
      gender: profile.gender as string,
      address: profile.address,
      userImage: profile.userImage,
      // Wishlist alerts: e-mails when a wish-listed item gets cheaper or is back in stock (on
      // unless switched off).
      wishlistAlerts: profile.wishlistAlerts !== false,
      currentPassword: '',
      password: '',
      confirmPassword: '',
    },
    validate: schemaValidator(CustomerUpdateSchema),
    transformValues: (v) => ({
      ...v,
      currentPassword: v.currentPassword || undefined,
      password: v.password || undefined,
      confirmPassword: v.confirmPassword || undefined,
    }),
  });

  if (id !== profile._id) return <NotFound home="/Customer/Home" />;

  const save = async (values: ReturnType<typeof form.getTransformedValues>) => {
    setFailure(null);
    try {
      await identityApi.updateCustomer(profile._id, values);
      await refresh();
      notifySuccess('Your Profie Has Been Successfully Updated!');
      navigate('/Customer/MyProfile');
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  const submit = form.onSubmit((values) => {
    confirmSave(() => save(values));
  });

  // Spec 000 section 5: the password first ('Please Enter Your Password!', 'Invalid Credentials!',
  // checked by the service, which counts it toward the login lockout), only then 'Are you sure?',
  // then the deletion, then the registration page (section 4: storage cleared, to registration).
  const remove = async () => {
    setDeleteError(null);
    if (!deletePassword) {
      setDeleteError('Please Enter Your Password!');
      return;
    }
    try {
      await identityApi.checkCustomerPassword(deletePassword);
    } catch (err) {
      setDeleteError(err instanceof ApiError ? (err.fields.password ?? err.message) : 'Please try again!');
      return;
    }
    confirmDanger({
      message: "Your account will be deleted. You won't be able to revert this!",
      onConfirm: async () => {
        try {
          await identityApi.deleteCustomer(profile._id, deletePassword);
        } catch (err) {
          setDeleteError(err instanceof ApiError ? (err.fields.password ?? err.message) : 'Please try again!');
          return;
        }
        // The deletion ended the session on the server; leaving the customer area unmounts it here.
        notifications.show({ title: 'Deleted!', message: 'Your account has been deleted.', color: 'green', autoClose: 1200 });
        localStorage.clear();
        navigate('/CustomerRegistration', { replace: true });
      },
    });
  };

  return (
    <>
      <PageHeader title="Edit Profile" />
      <FormCard onSubmit={submit} failure={failure} maw={760}>
        <ImageUpload
          label="Change photo"
          round
          value={form.getValues().userImage}
          onChange={(name) => form.setFieldValue('userImage', name)}
        />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="First Name" required {...form.getInputProps('firstName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last Name" required {...form.getInputProps('lastName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Email" value={profile.email} readOnly description="Cannot be changed" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Username" value={profile.username} readOnly description="Cannot be changed" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Phone Number" required inputMode="numeric" maxLength={10} {...form.getInputProps('phoneNumber')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput label="Birthday" type="date" required {...form.getInputProps('dob')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Select label="Gender" required data={['Male', 'Female']} {...form.getInputProps('gender')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Address" autosize minRows={2} {...form.getInputProps('address')} />
          </Grid.Col>
        </Grid>
        <Checkbox
          label="E-mail me about my wishlist"
          description="An e-mail when an item on your wishlist gets cheaper or is back in stock."
          {...form.getInputProps('wishlistAlerts', { type: 'checkbox' })}
        />
        <Divider label="Change password (optional)" labelPosition="left" />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('currentPassword')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <PasswordInput label="Confirm new password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          </Grid.Col>
        </Grid>
        <Group>
          <Button type="submit">Update</Button>
          <Button variant="default" component={Link} to="/Customer/MyProfile">
            Cancel
          </Button>
        </Group>
      </FormCard>

      <Card withBorder padding="xl" maw={760} mt="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
        <Title order={2} size="h4" c="red" mb="xs">
          Delete my account
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Enter your password to delete your account and its data.
        </Text>
        <form
          noValidate
          aria-label="Delete my account"
          onSubmit={(e) => {
            e.preventDefault();
            void remove();
          }}
        >
          <Group align="flex-start">
            <PasswordInput
              label="Your password"
              autoComplete="current-password"
              value={deletePassword}
              onChange={(e) => setDeletePassword(e.currentTarget.value)}
              error={deleteError}
              w={280}
            />
            <Button type="submit" color="red" mt={{ base: 0, xs: 25 }}>
              Delete
            </Button>
          </Group>
        </form>
      </Card>
    </>
  );
}
