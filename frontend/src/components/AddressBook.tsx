/**
 * "Delivery addresses" on the customer's profile (issue 29): the address book, default first, with
 * add, edit, make default and remove (after a confirmation). An entry made from the profile's
 * address is marked incomplete until its missing fields are filled in. Up to MAX_ADDRESSES.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatAddress, MAX_ADDRESSES } from '@market/contracts';
import { useState } from 'react';
import { identityApi } from '../api/identity';
import { deliveryAddressOf, missingText, useAddressBook, writeBook, type SavedAddress } from '../lib/addressBook';
import { confirmDanger } from '../lib/confirm';
import { notifySuccess } from '../lib/notify';
import { AddressForm } from './AddressForm';

/** One entry: its badges (Default, Incomplete), the address on one line, and what an incomplete one still needs. */
export function SavedAddressSummary({ a }: { a: SavedAddress }) {
  return (
    <Stack gap={4}>
      {(a.isDefault || a.incomplete) && (
        <Group gap="xs">
          {a.isDefault && (
            <Badge color="teal" size="sm">
              Default
            </Badge>
          )}
          {a.incomplete && (
            <Badge color="orange" size="sm">
              Incomplete
            </Badge>
          )}
        </Group>
      )}
      <Text size="sm">
        {a.incomplete ? [a.recipient, a.line1, a.phone].filter(Boolean).join(', ') : formatAddress(deliveryAddressOf(a))}
      </Text>
      {a.incomplete && (
        <Text size="xs" c="orange.9">
          {missingText(a)}
        </Text>
      )}
    </Stack>
  );
}

export function AddressBookSection() {
  const book = useAddressBook();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const data = book.data;
  const version = data?.version ?? 0;
  const write = <T,>(w: () => Promise<T>) => writeBook(w, book.reload);

  const save = async (id: string | 'new', address: Parameters<typeof identityApi.addAddress>[1]) => {
    const done = await write(() =>
      id === 'new' ? identityApi.addAddress(version, address) : identityApi.editAddress(id, version, address),
    );
    if (done && 'fields' in done) return done.fields;
    if (done) {
      notifySuccess(id === 'new' ? 'Address added' : 'Address saved');
      setEditing(null);
      await book.reload();
    }
  };

  return (
    <Card withBorder radius="md" data-testid="address-book">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Delivery addresses
        </Title>
        {editing === null && (
          <Button size="xs" onClick={() => setEditing('new')} disabled={!data || data.addresses.length >= MAX_ADDRESSES}>
            Add address
          </Button>
        )}
      </Group>
      {book.error !== undefined && !data && (
        <Alert color="red" title="Your addresses could not be loaded">
          <Button size="xs" variant="light" onClick={() => void book.reload()}>
            Try again
          </Button>
        </Alert>
      )}
      {!data && book.error === undefined && <Text c="dimmed">Loading your addresses…</Text>}
      {data && data.addresses.length === 0 && editing === null && (
        <Text c="dimmed">No delivery addresses yet. Add one to check out faster.</Text>
      )}
      {data && data.addresses.length >= MAX_ADDRESSES && (
        <Text size="sm" c="dimmed">
          You can keep up to {MAX_ADDRESSES} addresses.
        </Text>
      )}
      <Stack gap="sm">
        {editing === 'new' && <AddressForm submitLabel="Save address" onSubmit={(a) => save('new', a)} onCancel={() => setEditing(null)} />}
        {data?.addresses.map((a) =>
          editing === a._id ? (
            <AddressForm
              key={a._id}
              initial={a}
              submitLabel="Save address"
              onSubmit={(addr) => save(a._id, addr)}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <Card key={a._id} withBorder padding="sm" data-testid="saved-address">
              <Stack gap={6}>
                <SavedAddressSummary a={a} />
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setEditing(a._id)} disabled={editing !== null}>
                    {a.incomplete ? 'Complete' : 'Edit'}
                  </Button>
                  {!a.isDefault && (
                    <Button
                      size="xs"
                      variant="default"
                      disabled={editing !== null}
                      onClick={() =>
                        void write(() => identityApi.makeDefaultAddress(a._id, version)).then(
                          (d) => d && notifySuccess('Default address changed'),
                        )
                      }
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    disabled={editing !== null}
                    onClick={() =>
                      confirmDanger({
                        title: 'Remove this address?',
                        message: 'Orders already placed keep their own copy of it.',
                        confirm: 'Yes, remove it',
                        onConfirm: async () => {
                          const d = await write(() => identityApi.removeAddress(a._id, version));
                          if (d) notifySuccess('Address removed');
                        },
                      })
                    }
                  >
                    Remove
                  </Button>
                </Group>
              </Stack>
            </Card>
          ),
        )}
      </Stack>
    </Card>
  );
}
