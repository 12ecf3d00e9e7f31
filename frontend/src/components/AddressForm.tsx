/**
 * One delivery address as a person types it (issue 29, "Delivery addresses"): recipient, phone of
 * 10 digits from 0, address lines, city, one of the 25 districts, 5-digit postal code, checked
 * with contracts' DeliveryAddressSchema (the server's own rules) before anything is sent. Used by
 * the pay page's address step and the profile's address book.
 *
 * `onSubmit` gets the parsed address; it may answer field messages from the server (`address.x`
 * keys of a 400) to show at the fields.
 */
import { useServerMessage } from '../i18n/serverMessage';
import { useTranslation } from 'react-i18next';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DeliveryAddressSchema, SRI_LANKA_DISTRICTS, type DeliveryAddress } from '@market/contracts';
import { useState } from 'react';

type Draft = Record<keyof DeliveryAddress, string>;
type Errors = Partial<Record<keyof DeliveryAddress, string>>;
const EMPTY: Draft = { recipient: '', phone: '', line1: '', line2: '', city: '', district: '', postalCode: '' };

/** The messages of a 400 answer's `fields` (`address.phone` → `phone`). */
export function addressFieldErrors(fields: Record<string, string> | undefined): Errors {
  const out: Errors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const name = key.replace(/^address\./, '') as keyof DeliveryAddress;
    if (name in EMPTY) out[name] ??= message;
  }
  return out;
}

export function AddressForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  /** Values to start from (an entry being edited or completed). */
  initial?: Partial<Record<keyof DeliveryAddress, string>>;
  submitLabel: string;
  /** Saves the address; resolves to field messages to show, or nothing when done. */
  onSubmit: (address: DeliveryAddress) => Promise<Errors | void> | Errors | void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('shop');
  const message = useServerMessage();
  const [draft, setDraft] = useState<Draft>(() => {
    const d = { ...EMPTY };
    for (const k of Object.keys(EMPTY) as (keyof DeliveryAddress)[]) d[k] = initial?.[k] ?? '';
    return d;
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // A field's message goes once it is edited; the next submit checks it again.
  const edit = (name: keyof DeliveryAddress, value: string) => {
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const field = (name: keyof DeliveryAddress) => ({
    value: draft[name],
    error: errors[name] && message(errors[name]),
    onChange: (e: { currentTarget: { value: string } }) => edit(name, e.currentTarget.value),
  });
  const submit = async () => {
    const parsed = DeliveryAddressSchema.safeParse({ ...draft, district: draft.district || undefined });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof DeliveryAddress] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const serverErrors = await onSubmit(parsed.data);
      if (serverErrors) setErrors(serverErrors);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput label={t('addr.recipient')} required autoComplete="name" {...field('recipient')} />
          <TextInput label={t('addr.phone')} required inputMode="tel" autoComplete="tel" placeholder="07XXXXXXXX" {...field('phone')} />
        </SimpleGrid>
        <TextInput label={t('addr.line1')} required autoComplete="address-line1" {...field('line1')} />
        <TextInput label={t('addr.line2')} autoComplete="address-line2" {...field('line2')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput label={t('addr.city')} required autoComplete="address-level2" {...field('city')} />
          <Select
            label={t('addr.district')}
            required
            searchable
            data={[...SRI_LANKA_DISTRICTS]}
            value={draft.district || null}
            error={errors.district && message(errors.district)}
            onChange={(v) => edit('district', v ?? '')}
          />
          <TextInput label={t('addr.postalCode')} required inputMode="numeric" autoComplete="postal-code" {...field('postalCode')} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('addr.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
