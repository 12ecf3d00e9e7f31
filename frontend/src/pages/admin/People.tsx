/**
 * Admin screens for people (spec 001 sections 2 and 5): /Admin/Customers (search by first name,
 * last name or username, remove), /Admin/Customers/Details/{id}, /Admin/Admins, /Admin/AddAdmin
 * (username suggested as first name + 5 random characters, editable; password generated and
 * e-mailed by the server). A customer's details page suspends or reinstates the account with a
 * reason (issue 30 item 10, components/AccountStanding.tsx); the list marks suspended customers.
 */
import { Avatar, Badge, Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AddAdminSchema } from '@market/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { identityApi, type Admin, type Customer } from '../../api/identity';
import { useSession } from '../../session/session';
import { FieldGrid } from '../../components/Field';
import { Pager, useSearch } from '../../components/ListControls';
import { LoadError, Loading } from '../../components/Loading';
import { FormCard } from '../../components/FormCard';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { confirmThen } from '../../lib/confirm';
import { schemaValidator } from '../../lib/forms';
import { imageUrl } from '../../lib/images';
import { notifySuccess } from '../../lib/notify';
import { useAsync } from '../../lib/useAsync';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { SearchedListPage } from '../../components/SearchedListPage';
import { AccountStanding, SuspendedBadge } from '../../components/AccountStanding';

const LIMIT = 10;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** First name + 5 random characters (spec 001 section 5), as a suggestion the admin may edit. */
export function suggestUsername(firstName: string): string {
  const base = firstName.replace(/[^A-Za-z0-9]/g, '').slice(0, 20);
  const bytes = crypto.getRandomValues(new Uint8Array(5));
  return base + Array.from(bytes, (b) => ALNUM[b % ALNUM.length]).join('');
}

export function AdminCustomers() {
  const s = useSearch();
  const list = useAsync(['people', 'listCustomers', s.q, s.page, LIMIT], () => identityApi.listCustomers(s.q, s.page, LIMIT));
  const remove = (c: Customer) =>
    confirmThen({
      message: `Remove ${c.firstName} ${c.lastName} (@${c.username})? You won't be able to revert this!`,
      action: () => identityApi.deleteCustomer(c._id),
      done: ['Deleted!', 'The customer has been removed.'],
      after: list.reload,
    });
  return (
    <SearchedListPage
      title="Customers"
      searchLabel="Search by first name, last name or username"
      search={s}
      list={list}
      empty={{ searched: 'No Result Found!', none: 'No customers yet.' }}
      limit={LIMIT}
    >
      {(rows) => (
        <DataTable
          minWidth={700}
          mt="md"
          headers={['Name', 'Username', 'Email', 'Joined', '']}
          rows={rows}
          cells={(c) => [
            <>
              <Group gap="sm" wrap="nowrap">
                <Avatar src={imageUrl(c.userImage)} size="sm" radius="xl" alt="" />
                <div>
                  {c.firstName} {c.lastName}
                  <SuspendedBadge account={c} />
                </div>
              </Group>
            </>,
            c.username,
            c.email,
            new Date(c.newlyAddeddate).toLocaleDateString('en-LK'),
            <>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button size="xs" variant="subtle" component={Link} to={`/Admin/Customers/Details/${c._id}`}>
                  Details
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => remove(c)}>
                  Remove
                </Button>
              </Group>
            </>,
          ]}
        />
      )}
    </SearchedListPage>
  );
}

export function AdminCustomerDetails() {
  const { id = '' } = useParams();
  const c = useAsync(['people', 'getCustomer', id], () => identityApi.getCustomer(id));
  if (c.loading && !c.data) return <Loading />;
  if (c.error !== undefined || !c.data) return <LoadError error={c.error} />;
  const x = c.data;
  return (
    <>
      <PageHeader title="Customer Details">
        <Button variant="default" component={Link} to="/Admin/Customers">
          Back
        </Button>
      </PageHeader>
      <Card withBorder padding="xl" maw={720}>
        <Group mb="lg">
          <Avatar src={imageUrl(x.userImage)} size={96} radius={96} alt={`${x.firstName}'s photo`} />
          <Title order={3}>
            {x.firstName} {x.lastName}
          </Title>
        </Group>
        <FieldGrid
          rows={[
            { label: 'Email', value: x.email },
            { label: 'Phone', value: x.phoneNumber },
            { label: 'Username', value: x.username },
            { label: 'Address', value: x.address },
          ]}
        />
      </Card>
      <AccountStanding kind="customer" account={x} name={`${x.firstName} ${x.lastName}`} onChanged={() => void c.reload()} />
    </>
  );
}

export function AdminAdmins() {
  const [page, setPage] = useState(1);
  const list = useAsync(['people', 'listAdmins', page, 20], () => identityApi.listAdmins(page, 20));
  const { profile } = useSession('admin');
  // Another admin's account can be disabled with a reason, or enabled again (issue 30 item 10).
  const status = (a: Admin) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {a.disabled ? (
        <Badge color="red" variant="light" title={a.disabled.reason}>
          Disabled
        </Badge>
      ) : (
        <Badge color="teal" variant="light">
          Active
        </Badge>
      )}
      {a._id !== profile._id && (
        <AccountStanding
          compact
          kind="admin"
          account={{ _id: a._id, version: a.version, suspended: a.disabled }}
          name={`${a.firstName} ${a.lastName}`}
          onChanged={() => void list.reload()}
        />
      )}
    </Group>
  );
  return (
    <>
      <PageHeader title="Admins">
        <Button component={Link} to="/Admin/AddAdmin">
          Create admin
        </Button>
      </PageHeader>
      {list.error !== undefined && <LoadError error={list.error} />}
      {list.loading && !list.data ? (
        <Loading />
      ) : (
        list.data && (
          <>
            <DataTable
              minWidth={760}
              stackOnPhone
              headers={['First Name', 'Last Name', 'Username', 'Email', 'Status']}
              rows={list.data.items}
              cells={(a) => [a.firstName, a.lastName, a.username, a.email, status(a)]}
            />
            <Pager page={page} total={list.data.total} limit={20} onChange={setPage} />
          </>
        )
      )}
    </>
  );
}

export function AdminAddAdmin() {
  const navigate = useNavigate();
  const [touchedUsername, setTouchedUsername] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', email: '', username: '' },
    validate: schemaValidator(AddAdminSchema),
    onValuesChange: (values, previous) => {
      if (!touchedUsername && values.firstName !== previous.firstName) {
        form.setFieldValue('username', values.firstName.trim() ? suggestUsername(values.firstName.trim()) : '');
      }
    },
  });
  const { submit, busy, failure } = useFormSubmit(form, async (values) => {
    await identityApi.addAdmin({ ...values, username: values.username || undefined });
    notifySuccess('New admin has been Created', 'Email has been sent!');
    navigate('/Admin/Admins');
  });
  return (
    <>
      <PageHeader title="Create Admin" />
      <FormCard onSubmit={submit} failure={failure} maw={520}>
        <TextInput label="First Name" required {...form.getInputProps('firstName')} />
        <TextInput label="Last Name" required {...form.getInputProps('lastName')} />
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        <TextInput
          label="Username"
          description="Suggested from the first name; you may change it."
          {...form.getInputProps('username')}
          onChange={(e) => {
            setTouchedUsername(true);
            form.setFieldValue('username', e.currentTarget.value);
          }}
        />
        <Text size="sm" c="dimmed">
          A password is generated and e-mailed to the new admin.
        </Text>
        <Button type="submit" loading={busy}>
          Create
        </Button>
      </FormCard>
    </>
  );
}
