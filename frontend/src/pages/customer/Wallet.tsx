/**
 * The wallet (spec 000 sections 2, 4, 5; docs/architecture.md, Departures from the documents):
 * /Customer/MyWallet (saved cards with Edit, Remove with confirmation, Add a New Payment),
 * /Customer/addCard (holder, number, expiry MM/YY, masked CVC, a live card preview, 'save my card'
 * and 'reset'), /Customer/editCard/{id} (expiry, holder, or a new number with its CVC). The server
 * derives the card type from the first digit and keeps only the last 4 digits and keyed hashes.
 */
import { Badge, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CARD_ADDED, CARD_UPDATED, CardCreateSchema, CardUpdateSchema, cardTypeOf } from '@market/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { shopApi, type CardView } from '../../api/shop';
import { FormCard } from '../../components/FormCard';
import { LoadError, Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { confirmDanger } from '../../lib/confirm';
import { applyServerErrors, schemaValidator } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAsync } from '../../lib/useAsync';

/**
 * The number as the preview shows it: groups of four, the unknown rest as dots. A saved card
 * whose number is not typed again shows its last four digits at the end, where they are on the
 * card ("•••• •••• •••• 1111").
 */
export function previewNumber(cardnumber: string, last4?: string): string {
  const digits = cardnumber.replace(/\D/g, '').slice(0, 19);
  const padded = digits === '' && last4 ? `${'•'.repeat(12)}${last4}` : digits.padEnd(16, '•');
  return padded.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * The expiry as it is typed, with the slash put in: "1230" → "12/30", "12" → "12", "1" → "1";
 * deleting back over the slash leaves the month.
 */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** A card picture that follows what is typed (spec 000 section 2 "a live card preview"). */
export function CardPreview({
  cardowner,
  cardnumber,
  carddate,
  knownBrand,
  last4,
}: {
  cardowner: string;
  cardnumber: string;
  carddate: string;
  /** The saved card's brand, while no new number is typed. */
  knownBrand?: string;
  /** The saved card's last four digits, while no new number is typed. */
  last4?: string;
}) {
  const brand = cardTypeOf(cardnumber) || knownBrand;
  return (
    <Card
      radius="lg"
      padding="lg"
      w={340}
      h={200}
      aria-label="Card preview"
      style={{ background: 'linear-gradient(135deg, #1c3d6e, #3b6fb6)', color: 'white' }}
    >
      <Group justify="space-between">
        <Text fw={700}>Lanka Pay</Text>
        <Text fw={700} data-testid="card-brand">
          {brand || 'Card'}
        </Text>
      </Group>
      <Text mt={40} size="xl" ff="monospace" style={{ letterSpacing: 2 }}>
        {previewNumber(cardnumber, last4)}
      </Text>
      <Group justify="space-between" mt="md">
        <Text size="sm" tt="uppercase">
          {cardowner || "Card holder's name"}
        </Text>
        <Text size="sm">{carddate || 'MM/YY'}</Text>
      </Group>
    </Card>
  );
}

export function MyWallet() {
  const cards = useAsync(['cards', 'cards'], () => shopApi.cards());
  const remove = (card: CardView) =>
    confirmDanger({
      onConfirm: async () => {
        try {
          await shopApi.removeCard(card._id);
          notifySuccess('Deleted!', 'Your card has been removed.');
          await cards.reload();
        } catch (err) {
          notifyError('Oops...', err);
        }
      },
    });
  return (
    <>
      <PageHeader title="My Wallet">
        <Button component={Link} to="/Customer/addCard">
          Add a New Payment
        </Button>
      </PageHeader>
      {cards.error !== undefined ? (
        <LoadError error={cards.error} />
      ) : !cards.data ? (
        <Loading />
      ) : cards.data.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          No saved cards yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {cards.data.map((c) => (
            <Card key={c._id} withBorder radius="md" padding="md">
              <Group justify="space-between">
                <Text fw={600}>{c.cardtype || 'Card'}</Text>
                <Badge variant="light">Expires {c.carddate}</Badge>
              </Group>
              <Text ff="monospace" mt="sm">
                {c.cardnumber}
              </Text>
              <Text size="sm" c="dimmed">
                {c.cardowner}
              </Text>
              <Group mt="md">
                <Button size="xs" variant="light" component={Link} to={`/Customer/editCard/${c._id}`}>
                  Edit
                </Button>
                <Button size="xs" color="red" variant="light" onClick={() => remove(c)}>
                  Remove
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

const EMPTY = { cardowner: '', cardnumber: '', carddate: '', cardcvv: '' };

export function AddCard() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: EMPTY, validate: schemaValidator(CardCreateSchema) });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      // The same card twice is refused by the service, which compares the whole number (by its
      // keyed hash) and the expiry: 409 CARD_ALREADY_SAVED on the card number field. Brand, last
      // four and expiry alone would refuse another card that shares them.
      await shopApi.addCard(values);
      notifySuccess(CARD_ADDED);
      navigate('/Customer/MyWallet');
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  });
  return (
    <>
      <PageHeader title="Add a New Payment" />
      <Group align="flex-start" gap="xl">
        <FormCard onSubmit={submit} failure={failure} maw={460}>
          <CardFields form={form} />
          <Group>
            <Button type="submit">save my card</Button>
            <Button variant="default" onClick={() => form.reset()}>
              reset
            </Button>
          </Group>
        </FormCard>
        <CardPreview {...form.getValues()} />
      </Group>
    </>
  );
}

function CardFields({ form, newNumberOptional = false }: { form: ReturnType<typeof useForm<typeof EMPTY>>; newNumberOptional?: boolean }) {
  return (
    <>
      <TextInput label="Card holder's name" autoComplete="cc-name" maxLength={60} {...form.getInputProps('cardowner')} />
      <TextInput
        label={newNumberOptional ? 'New card number (optional)' : 'Card number'}
        type="tel"
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={19}
        {...form.getInputProps('cardnumber')}
      />
      <Group grow>
        <TextInput
          label="Expiry date (MM/YY)"
          type="tel"
          placeholder="MM/YY"
          autoComplete="cc-exp"
          maxLength={5}
          {...form.getInputProps('carddate')}
          onChange={(e) => form.setFieldValue('carddate', formatExpiry(e.currentTarget.value))}
        />
        <PasswordInput
          label={newNumberOptional ? 'CVC of the new card' : 'CVC'}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          {...form.getInputProps('cardcvv')}
        />
      </Group>
    </>
  );
}

/**
 * Validation of the edit form with the service's schema: the expiry and holder always, a new
 * number only when one is typed (then its CVC is needed).
 * @returns the first message of each failing field
 */
export function validateCardEdit(v: typeof EMPTY): Record<string, string> {
  const newNumber = v.cardnumber.trim() !== '';
  const r = CardUpdateSchema.safeParse({
    carddate: v.carddate,
    cardowner: v.cardowner,
    ...(newNumber ? { cardnumber: v.cardnumber, cardcvv: v.cardcvv.trim() || undefined } : {}),
  });
  const errors: Record<string, string> = {};
  if (!r.success) for (const issue of r.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

export function EditCard() {
  const { id = '' } = useParams();
  const card = useAsync(['cards', 'card', id], () => shopApi.card(id));
  if (card.error !== undefined)
    return card.error && (card.error as { status?: number }).status === 404 ? (
      <NotFound home="/Customer/MyWallet" />
    ) : (
      <LoadError error={card.error} />
    );
  if (!card.data) return <Loading />;
  return <EditCardForm card={card.data} />;
}

function EditCardForm({ card }: { card: CardView }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { cardowner: card.cardowner, cardnumber: '', carddate: card.carddate, cardcvv: '' },
    validate: validateCardEdit,
  });
  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      await shopApi.updateCard(card._id, {
        carddate: v.carddate,
        cardowner: v.cardowner,
        ...(v.cardnumber ? { cardnumber: v.cardnumber, cardcvv: v.cardcvv } : {}),
      });
      notifySuccess(CARD_UPDATED);
      navigate('/Customer/MyWallet');
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  });
  const values = form.getValues();
  return (
    <>
      <PageHeader title="Edit card" />
      <Group align="flex-start" gap="xl">
        <FormCard onSubmit={submit} failure={failure} maw={460}>
          <Stack gap={2}>
            <Title order={5}>{card.cardtype || 'Card'}</Title>
            <Text ff="monospace">{card.cardnumber}</Text>
          </Stack>
          <CardFields form={form} newNumberOptional />
          <Group>
            <Button type="submit">Update</Button>
            <Button variant="default" component={Link} to="/Customer/MyWallet">
              Cancel
            </Button>
          </Group>
        </FormCard>
        <CardPreview
          cardowner={values.cardowner}
          cardnumber={values.cardnumber}
          last4={card.last4}
          carddate={values.carddate}
          knownBrand={card.cardtype}
        />
      </Group>
    </>
  );
}
