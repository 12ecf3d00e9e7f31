/**
 * The delivery address step of the pay page (issue 29, "Delivery addresses"): the customer types
 * where the order goes (recipient, phone of 10 digits from 0, address lines, city, one of the 25
 * districts, 5-digit postal code; contracts' DeliveryAddressSchema, the server's own rules), and
 * the pay commands carry it (`deliveryAddress`), so the checkout and each order keep a copy.
 *
 * The chosen address is kept per checkout in sessionStorage ({@link chosenAddress}) between the
 * payment-method page and the confirm pages. Not yet joined to the address book (identity's API
 * by helper F): preselecting the default and choosing a saved address come with it.
 */
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DeliveryAddressSchema, formatAddress, SRI_LANKA_DISTRICTS, type DeliveryAddress } from '@market/contracts';
import { useState } from 'react';

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

type Draft = Record<keyof DeliveryAddress, string>;
const EMPTY: Draft = { recipient: '', phone: '', line1: '', line2: '', city: '', district: '', postalCode: '' };

/** The step: the chosen address with Change, or the form to give one. `onChange` hears every choice. */
export function DeliveryAddressStep({ checkoutId, onChange }: { checkoutId: string; onChange?: (a: DeliveryAddress) => void }) {
  const [chosen, setChosen] = useState(() => chosenAddress.get(checkoutId));
  const [editing, setEditing] = useState(!chosen);
  const [draft, setDraft] = useState<Draft>(() => (chosen ? { ...chosen } : EMPTY));
  const [errors, setErrors] = useState<Partial<Record<keyof DeliveryAddress, string>>>({});
  // A field's message goes once it is edited; the next Deliver here checks it again.
  const edit = (name: keyof DeliveryAddress, value: string) => {
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const field = (name: keyof DeliveryAddress) => ({
    value: draft[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => edit(name, e.currentTarget.value),
  });
  const submit = () => {
    const parsed = DeliveryAddressSchema.safeParse({ ...draft, district: draft.district || undefined });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof DeliveryAddress] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    chosenAddress.set(checkoutId, parsed.data);
    setChosen(parsed.data);
    setEditing(false);
    onChange?.(parsed.data);
  };
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Delivery address
      </Title>
      {!editing && chosen ? (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" data-testid="chosen-address">
            {formatAddress(chosen)}
          </Text>
          <Button variant="default" size="xs" onClick={() => setEditing(true)}>
            Change
          </Button>
        </Group>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput label="Recipient" required autoComplete="name" {...field('recipient')} />
              <TextInput label="Phone Number" required inputMode="tel" autoComplete="tel" placeholder="07XXXXXXXX" {...field('phone')} />
            </SimpleGrid>
            <TextInput label="Address line 1" required autoComplete="address-line1" {...field('line1')} />
            <TextInput label="Address line 2" autoComplete="address-line2" {...field('line2')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <TextInput label="City" required autoComplete="address-level2" {...field('city')} />
              <Select
                label="District"
                required
                searchable
                data={[...SRI_LANKA_DISTRICTS]}
                value={draft.district || null}
                error={errors.district}
                onChange={(v) => edit('district', v ?? '')}
              />
              <TextInput label="Postal Code" required inputMode="numeric" autoComplete="postal-code" {...field('postalCode')} />
            </SimpleGrid>
            <Group>
              <Button type="submit">Deliver here</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
