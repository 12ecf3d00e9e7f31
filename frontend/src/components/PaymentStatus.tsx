/**
 * How a payment-history record's status is said (issue 29 for cash on delivery): "Pending — cash
 * on delivery" until the couriers collected it, then "Paid (cash on delivery)"; "Pending — awaiting
 * confirmation" while a card or PayPal payment waits for its stock decision (issue 30); "Partially
 * refunded" after some of a card or PayPal payment came back. Used by the customer's payment
 * history and the admin's transactions.
 */
import { Badge } from '@mantine/core';
import type { HistoryRecord } from '../api/shop';

/** The words for a record's status. */
export function paymentStatusLabel(h: Pick<HistoryRecord, 'status' | 'PaymentType'>): string {
  if (h.status === 'PendingCOD') return 'Pending — cash on delivery';
  // Taken, but the order is not confirmed yet (issue 30 item 5); refunded if it is not in time.
  if (h.status === 'AwaitingStock') return 'Pending — awaiting confirmation';
  if (h.status === 'Paid' && h.PaymentType === 'CashOnDelivery') return 'Paid (cash on delivery)';
  if (h.status === 'PartiallyRefunded') return 'Partially refunded';
  return h.status;
}

const COLOURS: Partial<Record<HistoryRecord['status'], string>> = {
  Paid: 'green',
  PendingCOD: 'orange',
  AwaitingStock: 'orange',
  Cancelled: 'red',
};

/** The status as a badge. */
export function PaymentStatusBadge({ record }: { record: Pick<HistoryRecord, 'status' | 'PaymentType'> }) {
  return (
    <Badge color={COLOURS[record.status] ?? 'gray'} variant="light" style={{ textTransform: 'none' }}>
      {paymentStatusLabel(record)}
    </Badge>
  );
}
