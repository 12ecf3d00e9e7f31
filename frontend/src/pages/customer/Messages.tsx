/**
 * The customer's conversations (issue 30 item 6): /Customer/ContactUs and
 * /Customer/ContactSeller/{sellerId} (spec 000 section 2: name letters only, e-mail pattern,
 * message required; `?item={itemId}` from an item's page ties the message to that item), each
 * message starting a conversation; /Customer/Messages (the customer's conversations) and
 * /Customer/Messages/{id} (one, with replies both ways).
 */
import { Button, Group, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ContactSchema } from '@market/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { catalogueApi } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { reviewsApi } from '../../api/reviews';
import { ThreadList, ThreadView } from '../../components/Conversation';
import { FormCard } from '../../components/FormCard';
import { PageHeader } from '../../components/PageHeader';
import { applyServerErrors, schemaValidator } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { tooManyText } from '../../lib/retryAfter';
import { useAsync } from '../../lib/useAsync';
import { useSession } from '../../session/session';

/** A valid item id from `?item=` (anything else is ignored). */
function itemParam(value: string | null): string | undefined {
  return value && /^[0-9a-f]{24}$/i.test(value) ? value : undefined;
}

/** A valid OrderID from `?order=` (anything else is ignored). */
function orderParam(value: string | null): string | undefined {
  return value && /^[A-Za-z0-9_-]{1,40}$/.test(value) ? value : undefined;
}

/** The contact form, to the admin or to one seller, optionally about an item (a 429 says how long to wait). */
function ContactForm({ sellerId, itemId, orderId }: { sellerId?: string; itemId?: string; orderId?: string }) {
  const { profile } = useSession('customer');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: `${profile.firstName} ${profile.lastName}`, email: profile.email, message: '' },
    validate: schemaValidator(ContactSchema),
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const about = orderId ? { orderid: orderId } : itemId ? { itemid: itemId } : {};
      const sent = sellerId
        ? await reviewsApi.contactSeller({ ...values, sellerid: sellerId, ...about })
        : await reviewsApi.contactAdmin({ ...values, ...about });
      notifySuccess('Your message has been sent!', 'Replies appear in My Messages.');
      navigate(`/Customer/Messages/${sent._id}`);
    } catch (err) {
      // Past the account's messages an hour (issue 27 item 8): how long to wait, from Retry-After.
      setFailure(err instanceof ApiError && err.status === 429 ? tooManyText(err) : applyServerErrors(form, err));
    }
  });
  return (
    <FormCard onSubmit={submit} failure={failure} maw={560}>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Email" type="email" description="Where we tell you about replies" {...form.getInputProps('email')} />
      <Textarea label="Message" minRows={5} maxLength={2000} {...form.getInputProps('message')} />
      <Group>
        <Button type="submit">Send</Button>
      </Group>
    </FormCard>
  );
}

/** The line naming the item a message is about, when the form was opened from its page. */
function AboutItem({ itemId, orderId }: { itemId?: string; orderId?: string }) {
  const item = useAsync(['items', 'getItem', itemId ?? ''], () => (itemId ? catalogueApi.getItem(itemId) : Promise.resolve(null)));
  if (orderId)
    return (
      <Text mb="md">
        About: <Link to="/Customer/MyOrders">Order {orderId}</Link>
      </Text>
    );
  if (!itemId || !item.data) return null;
  return (
    <Text mb="md">
      About:{' '}
      <Link to={`/Customer/ItemDetails/${itemId}`}>
        {item.data.Item_name} ({item.data.Brand})
      </Link>
    </Text>
  );
}

export function ContactUs() {
  const [params] = useSearchParams();
  const itemId = itemParam(params.get('item'));
  const orderId = orderParam(params.get('order'));
  return (
    <>
      <PageHeader title="Contact Us">
        <Button component={Link} to="/Customer/Messages" variant="default">
          My Messages
        </Button>
      </PageHeader>
      <Text c="dimmed" mb="md">
        Write to the marketplace's team; the answer appears in My Messages and we e-mail you when it does.
      </Text>
      <AboutItem itemId={itemId} orderId={orderId} />
      <ContactForm itemId={itemId} orderId={orderId} />
    </>
  );
}

export function ContactSeller() {
  const { sellerId = '' } = useParams();
  const [params] = useSearchParams();
  const itemId = itemParam(params.get('item'));
  const orderId = orderParam(params.get('order'));
  return (
    <>
      <PageHeader title="Contact the Seller">
        <Button component={Link} to="/Customer/Messages" variant="default">
          My Messages
        </Button>
      </PageHeader>
      <Title order={5} mb="md" c="dimmed">
        Your message goes to the seller of the item; their answer appears in My Messages.
      </Title>
      <AboutItem itemId={itemId} orderId={orderId} />
      <ContactForm sellerId={sellerId} itemId={itemId} orderId={orderId} />
    </>
  );
}

export function MyMessages() {
  return (
    <ThreadList
      title="My Messages"
      you="customer"
      basePath="/Customer/Messages"
      intro="Your messages to sellers and to the marketplace team, with their answers."
    />
  );
}

export function CustomerThread() {
  const { id = '' } = useParams();
  return <ThreadView id={id} backPath="/Customer/Messages" itemPath={(itemId) => `/Customer/ItemDetails/${itemId}`} />;
}
