/**
 * After the sale (issue 31 items 1 and 2): the shipment of an order (courier, tracking number with
 * the courier's public tracking page when known, expected delivery), the seller's "Mark as Shipped"
 * dialog that asks for it (courier and tracking number required here, though the server still
 * takes the documented `{ status }` alone), the customer's cancel dialog for a Confirmed order
 * (with the reason the seller is told; `PUT /Orders/cancel/{id}`) and, once shipped, why there is
 * no cancel button; and the status filter's "Cancelled by the customer" choice of the seller's and
 * admin's lists (`status=Cancelled&cancelledBy=customer`).
 */
import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { colomboDate, COURIERS, ORDER_STATUSES, type OrderStatus } from '@market/contracts';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { shopApi, type ItemOrder, type OrderFilters, type PackageOrder, type Shipment } from '../api/shop';
import { notifySuccess } from '../lib/notify';

type AnyOrder = ItemOrder | PackageOrder;

/** The kind of an order line from its id (`-I<n>` item, `-P<n>` package). */
export const kindOf = (id: string): 'item' | 'package' => (/-P\d+$/.test(id) ? 'package' : 'item');

/** The status filter's value for a customer's cancellations. */
const BY_CUSTOMER = 'Cancelled:customer';

/** The status filter's choices: each status, and Cancelled by the customer after Cancelled. */
export const STATUS_FILTER_OPTIONS = ORDER_STATUSES.flatMap((s) => [
  { value: s as string, label: s === 'AwaitingStock' ? 'Awaiting stock' : s },
  ...(s === 'Cancelled' ? [{ value: BY_CUSTOMER, label: 'Cancelled by the customer' }] : []),
]);

/** What a status filter choice sends to the order lists. */
export function statusFilter(value: string | null): Pick<OrderFilters, 'status' | 'cancelledBy'> {
  if (!value) return {};
  if (value === BY_CUSTOMER) return { status: 'Cancelled', cancelledBy: 'customer' };
  return { status: value as OrderStatus };
}

/** The courier, tracking number (linked to the courier's page when known) and expected day of a shipment. */
export function ShipmentLines({ shipment }: { shipment: Shipment }) {
  return (
    <Stack gap={0} data-testid="shipment">
      <Text size="sm">Courier: {shipment.courierName}</Text>
      <Text size="sm">
        Tracking number:{' '}
        {shipment.trackingUrl ? (
          <Anchor
            href={shipment.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Track ${shipment.trackingNumber} on the courier's site`}
          >
            {shipment.trackingNumber}
          </Anchor>
        ) : (
          shipment.trackingNumber
        )}
      </Text>
      {shipment.expectedDelivery && <Text size="sm">Expected delivery: {shipment.expectedDelivery}</Text>}
    </Stack>
  );
}

const fieldErrors = (err: unknown) => (err instanceof ApiError ? err.fields : {});
const message = (err: unknown) => (err instanceof Error ? err.message : 'Please try again!');

/**
 * The seller's "Mark as Shipped" dialog: courier (the list, or "Other" with its name), tracking
 * number and an optional expected delivery day, checked by the server (messages by field).
 */
export function ShipOrderDialog({
  order,
  opened,
  onClose,
  onDone,
}: {
  order: AnyOrder;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [courier, setCourier] = useState<string | null>(null);
  const [courierName, setCourierName] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [expectedDelivery, setExpectedDelivery] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!courier) missing.courier = 'Choose the courier';
    if (!trackingNumber.trim()) missing.trackingNumber = 'Give the tracking number';
    if (courier === 'other' && !courierName.trim()) missing.courierName = "Give the courier's name";
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await shopApi.setOrderStatus(kindOf(order._id), order._id, {
        status: 'Shipped',
        courier: courier as never,
        trackingNumber: trackingNumber.trim(),
        ...(courier === 'other' ? { courierName: courierName.trim() } : {}),
        ...(expectedDelivery ? { expectedDelivery } : {}),
        ...(order.version !== undefined ? { version: order.version } : {}),
      });
      notifySuccess('Your update saved!', `Order ${order._id}: Shipped`);
      onClose();
      onDone();
    } catch (err) {
      const f = fieldErrors(err);
      setErrors(f);
      if (Object.keys(f).length === 0) setFailure(message(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Ship order ${order._id}`} centered>
      <Stack gap="sm">
        <Text size="sm">The customer sees the courier and tracking number on the order and in the shipped e-mail.</Text>
        <Select
          label="Courier"
          placeholder="Choose the courier"
          required
          data={COURIERS.map((c) => ({ value: c.key, label: c.name }))}
          value={courier}
          error={errors.courier}
          onChange={(v) => (setCourier(v), setErrors({}))}
          comboboxProps={{ withinPortal: true }}
        />
        {courier === 'other' && (
          <TextInput
            label="Courier's name"
            required
            value={courierName}
            error={errors.courierName}
            onChange={(e) => (setCourierName(e.currentTarget.value), setErrors({}))}
          />
        )}
        <TextInput
          label="Tracking number"
          required
          value={trackingNumber}
          error={errors.trackingNumber}
          onChange={(e) => (setTrackingNumber(e.currentTarget.value), setErrors({}))}
        />
        <TextInput
          type="date"
          label="Expected delivery (optional)"
          value={expectedDelivery}
          min={colomboDate(new Date())}
          error={errors.expectedDelivery}
          onChange={(e) => (setExpectedDelivery(e.currentTarget.value), setErrors({}))}
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
          <Button loading={busy} onClick={() => void submit()}>
            Mark as Shipped
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The customer's cancel of an own order (issue 31 item 2): a Confirmed order gets "Cancel order",
 * which opens the dialog (reason, what happens to the payment); a shipped or delivered one says
 * why it can no longer be cancelled. Nothing for other statuses.
 */
export function CustomerCancel({ order, onDone }: { order: AnyOrder; onDone: () => void }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (order.status === 'Shipped' || order.status === 'Delivered')
    return (
      <Text size="sm" c="dimmed" data-testid="no-cancel">
        {order.status === 'Shipped' ? 'This order has been shipped' : 'This order was delivered'}, so it can no longer be cancelled.
      </Text>
    );
  if (order.status !== 'Confirmed') return null;
  const cod = order.CashOnDelivery !== undefined;
  const submit = async () => {
    if (reason.trim().length < 3) {
      setError('Say why you cancel the order');
      return;
    }
    setBusy(true);
    try {
      await shopApi.cancelMyOrder(kindOf(order._id), order._id, reason.trim(), order.version);
      notifySuccess(
        'Order cancelled',
        cod ? `Order ${order._id} is cancelled.` : `Order ${order._id} is cancelled; your refund is on its way.`,
      );
      setOpened(false);
      onDone();
    } catch (err) {
      setError(fieldErrors(err).reason ?? message(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="xs" variant="light" color="red" onClick={() => setOpened(true)} w="fit-content">
        Cancel order
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Cancel order ${order._id}?`} centered>
        <Stack gap="sm">
          <Text size="sm">
            {cod
              ? 'The seller will not ship it. Nothing was charged, so there is nothing to refund.'
              : 'The seller will not ship it, and what you paid for it is refunded to your card or PayPal account.'}
          </Text>
          <Textarea
            label="Why do you cancel it?"
            description="The seller is told."
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            error={error}
            onChange={(e) => (setReason(e.currentTarget.value), setError(undefined))}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpened(false)}>
              Keep the order
            </Button>
            <Button color="red" loading={busy} onClick={() => void submit()}>
              Cancel the order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
