/**
 * The customer's side of returns on their orders (issue 31 items 3 and 4):
 * - a Delivered line within its window (`ReturnableUntil` in the future) offers "Request a return"
 *   with "Returnable until <day>" (Sri Lanka date); the dialog asks the quantity (1 to the line's
 *   `OQuantity`), the reason, a description and up to {@link RETURN_MAX_PHOTOS} photos (uploaded
 *   through `POST /images/upload`), checked with the contracts' `ReturnCreateSchema`, and sends
 *   `POST /Returns`;
 * - once the window closed, it says so instead (the server's `returnWindowClosed` words);
 * - a line with a return shows its state as a badge, with a link to the order's page from a card
 *   (the page shows the return itself: `ReturnPanel` of `./ReturnCard`).
 */
import { Alert, Anchor, Button, Group, Modal, NumberInput, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  colomboDate,
  colomboDateTime,
  RETURN_DESCRIPTION_MAX,
  RETURN_MAX_PHOTOS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  ReturnCreateSchema,
  returnTooMany,
  returnWindowClosed,
  type ReturnReason,
} from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { returnsApi } from '../../api/returns';
import type { ItemOrder, PackageOrder } from '../../api/shop';
import { schemaValidator } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { ImagesPicker } from '../ImagesPicker';
import { ReturnStatusBadge } from './ReturnParts';

type AnyOrder = ItemOrder | PackageOrder;

/** Whether the line can still be returned at `now`: Delivered, no return yet, its window still open. */
export function returnable(order: Pick<AnyOrder, 'status' | 'Return' | 'ReturnableUntil'>, now = new Date()): boolean {
  return order.status === 'Delivered' && !order.Return && !!order.ReturnableUntil && new Date(order.ReturnableUntil) > now;
}

/** The form's values: the body of `POST /Returns` as the inputs hold it (a quantity may be typed text). */
type RequestValues = {
  orderLineId: string;
  quantity: number | string;
  reason: ReturnReason | '';
  description: string;
  photos: string[];
};

/** The request dialog of one order line; `onDone` after the return was created. */
export function RequestReturnDialog({ order, onClose, onDone }: { order: AnyOrder; onClose: () => void; onDone: () => unknown }) {
  const max = order.OQuantity;
  const form = useForm<RequestValues>({
    mode: 'controlled',
    initialValues: { orderLineId: order._id, quantity: max, reason: '', description: '', photos: [] },
    validate: (values) => {
      const errors = schemaValidator(ReturnCreateSchema)(values) as Record<string, string>;
      if (!errors.quantity && Number(values.quantity) > max) errors.quantity = returnTooMany(max);
      return errors;
    },
    transformValues: (v) => ({ ...v, quantity: typeof v.quantity === 'string' ? Number(v.quantity) : v.quantity }),
  });
  const { submit, busy, failure } = useFormSubmit(form, async (values) => {
    const created = await returnsApi.request({ ...values, quantity: Number(values.quantity), reason: values.reason as ReturnReason });
    notifySuccess('Return requested', `The seller of ${created.product.name} has been told.`);
    onClose();
    await onDone();
  });
  return (
    <Modal opened onClose={onClose} title={`Return order ${order._id}`} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">The seller answers with how to send it back. Once they have it, what you paid for it is refunded.</Text>
          <NumberInput
            label="How many do you return?"
            description={max > 1 ? `You bought ${max}.` : undefined}
            min={1}
            max={max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            w={200}
            {...form.getInputProps('quantity')}
          />
          <Radio.Group label="Why do you return it?" required {...form.getInputProps('reason')}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt={6}>
              {RETURN_REASONS.map((r) => (
                <Radio key={r} value={r} label={RETURN_REASON_LABELS[r]} />
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Textarea
            label="What is wrong with it?"
            description="The seller reads this."
            required
            autosize
            minRows={3}
            maxLength={RETURN_DESCRIPTION_MAX}
            {...form.getInputProps('description')}
          />
          <ImagesPicker
            value={form.getValues().photos}
            onChange={(names) => form.setFieldValue('photos', names)}
            error={form.errors.photos as string | undefined}
            max={RETURN_MAX_PHOTOS}
            noun="photo"
            label={`Photos (optional, up to ${RETURN_MAX_PHOTOS})`}
            limitNote={(room) => `Up to ${RETURN_MAX_PHOTOS} photos: the first ${room} were used`}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" loading={busy}>
              Request the return
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The return line of an order card or page, for its customer: "Request a return" while the window
 * is open, the window closed, or the return's state (on a card, with a link to the order's page).
 */
export function CustomerReturnLine({ order, onDone, detailsTo }: { order: AnyOrder; onDone: () => unknown; detailsTo?: string }) {
  const [open, setOpen] = useState(false);
  if (order.Return)
    return (
      <Group gap="xs">
        <ReturnStatusBadge status={order.Return.status} />
        {detailsTo && (
          <Anchor component={Link} to={detailsTo} size="sm">
            See the return
          </Anchor>
        )}
      </Group>
    );
  if (order.status !== 'Delivered') return null;
  if (!returnable(order))
    return (
      <Text size="sm" c="dimmed" data-testid="return-window-closed">
        {order.ReturnableUntil
          ? `${returnWindowClosed(colomboDateTime(order.ReturnableUntil))}.`
          : 'The return window for this order has closed.'}
      </Text>
    );
  return (
    <>
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => setOpen(true)} w="fit-content">
          Request a return
        </Button>
        <Text size="sm" c="dimmed">
          Returnable until {colomboDate(new Date(order.ReturnableUntil!))}
        </Text>
      </Group>
      {open && <RequestReturnDialog order={order} onClose={() => setOpen(false)} onDone={onDone} />}
    </>
  );
}
