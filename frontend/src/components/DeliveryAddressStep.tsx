/**
 * The delivery address step of the pay page (issue 29, "Delivery addresses"): where the order goes,
 * chosen from the customer's address book before any way to pay. The default address (when
 * complete) is chosen at once; "Change" lists the saved addresses to deliver to another, complete
 * one made from the profile, or add a new one inline (saved to the book, then chosen). A customer
 * with no complete address gets the form straight away.
 *
 * The pay commands carry the chosen address (`deliveryAddress`), so the checkout and each order
 * keep a copy and a later edit of the book never rewrites them. The choice is kept per checkout in
 * sessionStorage ({@link chosenAddress}) between the payment-method page and the confirm pages.
 */
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { DeliveryAddressSchema, formatAddress, MAX_ADDRESSES, type DeliveryAddress } from '@market/contracts';
import { useEffect, useState } from 'react';
import { identityApi } from '../api/identity';
import { deliveryAddressOf, missingText, useAddressBook, writeBook, type Book, type SavedAddress } from '../lib/addressBook';
import { AddressForm } from './AddressForm';
import { SavedAddressSummary } from './AddressBook';

const KEY = 'market.deliveryAddress';

/** The address chosen for a checkout in this tab (sessionStorage), or undefined. */
export const chosenAddress = {
  get(checkoutId: string): DeliveryAddress | undefined {
    try {
      const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { checkoutId?: string; address?: unknown } | null;
      if (!v || v.checkoutId !== checkoutId) return undefined;
      const parsed = DeliveryAddressSchema.safeParse(v.address);
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  },
  set(checkoutId: string, address: DeliveryAddress): void {
    sessionStorage.setItem(KEY, JSON.stringify({ checkoutId, address }));
  },
};

/** The entry to deliver to when nothing was chosen yet: the default if complete, else the first complete one. */
export function preselected(book: Book | undefined): SavedAddress | undefined {
  const complete = (book?.addresses ?? []).filter((a) => !a.incomplete);
  return complete.find((a) => a.isDefault) ?? complete[0];
}

/** The step: the chosen address with Change, or the saved addresses and the form. `onChange` hears every choice. */
export function DeliveryAddressStep({ checkoutId, onChange }: { checkoutId: string; onChange?: (a: DeliveryAddress) => void }) {
  const { t } = useTranslation('shop');
  const book = useAddressBook();
  const [chosen, setChosen] = useState(() => chosenAddress.get(checkoutId));
  const [choosing, setChoosing] = useState(false);
  /** The entry being completed, or 'new' for the add form. */
  const [form, setForm] = useState<string | 'new' | null>(null);
  const choose = (a: DeliveryAddress) => {
    chosenAddress.set(checkoutId, a);
    setChosen(a);
    setChoosing(false);
    setForm(null);
    onChange?.(a);
  };
  // The default is chosen as soon as the book is there (never over a choice made in this tab).
  const first = preselected(book.data);
  useEffect(() => {
    if (!chosen && first) choose(deliveryAddressOf(first));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per book answer
  }, [first?._id, book.data?.version]);

  const data = book.data;
  const noneComplete = data !== undefined && !first;
  // Without a complete address the form shows at once, prefilled from an incomplete entry.
  const incomplete = data?.addresses.find((a) => a.incomplete);
  const openForm = form ?? (noneComplete && !chosen ? (incomplete?._id ?? 'new') : null);
  const save = async (address: DeliveryAddress) => {
    // The book could not be read: deliver there without saving it (the order keeps its own copy).
    if (!data) return choose(address);
    const version = data.version;
    const target = openForm;
    const done = await writeBook(
      () => (target === 'new' || !target ? identityApi.addAddress(version, address) : identityApi.editAddress(target, version, address)),
      book.reload,
    );
    if (done && 'fields' in done) return done.fields;
    if (done) choose(address);
  };

  const editingEntry = openForm && openForm !== 'new' ? data?.addresses.find((a) => a._id === openForm) : undefined;
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('addr.title')}
      </Title>
      {book.error !== undefined && !data && (
        <Alert color="orange" mb="sm" title={t('addr.loadFailed')}>
          {t('addr.typeBelow')}{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => void book.reload()}>
            {t('addr.tryAgain')}
          </Button>
        </Alert>
      )}
      {chosen && !choosing && !openForm ? (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" data-testid="chosen-address">
            {formatAddress(chosen)}
          </Text>
          <Button variant="default" size="xs" style={{ flexShrink: 0 }} onClick={() => setChoosing(true)}>
            {t('addr.change')}
          </Button>
        </Group>
      ) : openForm || (book.error !== undefined && !data) ? (
        <Stack gap="xs">
          {editingEntry?.incomplete && (
            <Text size="sm" c="dimmed">
              {t('addr.fromProfile', { missing: missingText(editingEntry).toLowerCase() })}
            </Text>
          )}
          <AddressForm
            key={openForm ?? 'offline'}
            initial={editingEntry}
            submitLabel={t('addr.deliverHere')}
            onSubmit={save}
            onCancel={form ? () => setForm(null) : undefined}
          />
        </Stack>
      ) : data ? (
        <Stack gap="xs">
          {data.addresses.map((a) => (
            <Card key={a._id} withBorder padding="xs" data-testid="saved-address">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <SavedAddressSummary a={a} />
                {a.incomplete ? (
                  <Button size="xs" variant="default" style={{ flexShrink: 0 }} onClick={() => setForm(a._id)}>
                    {t('addr.complete')}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    style={{ flexShrink: 0 }}
                    onClick={() => choose(deliveryAddressOf(a))}
                    aria-label={t('addr.deliverToName', { address: formatAddress(deliveryAddressOf(a)) })}
                  >
                    {t('addr.deliverHere')}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
          <Group>
            <Button size="xs" onClick={() => setForm('new')} disabled={data.addresses.length >= MAX_ADDRESSES}>
              {t('addr.addNew')}
            </Button>
            {chosen && (
              <Button size="xs" variant="default" onClick={() => setChoosing(false)}>
                {t('addr.cancel')}
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Text c="dimmed">{t('addr.loading')}</Text>
      )}
    </Card>
  );
}
