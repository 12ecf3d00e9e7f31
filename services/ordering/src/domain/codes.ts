/**
 * Generated numbers (spec 000 section 9): the 10-character alphanumeric receipt number, and the
 * order number a checkout shows (12 characters). A checkout made with an Idempotency-Key gets
 * its number from the key, so a retried request names the same checkout (docs/architecture.md, Departures from the documents).
 */
import { RECEIPT_NO_LENGTH } from '@market/contracts';
import { createHash, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Length of an order number. */
export const ORDER_ID_LENGTH = 12;

function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** A fresh receipt number: 10 random uppercase letters and digits. */
export const receiptNo = (): string => randomCode(RECEIPT_NO_LENGTH);

/** A fresh order number. */
export const newOrderId = (): string => randomCode(ORDER_ID_LENGTH);

/** The order number of a customer's checkout made with `idempotencyKey` (same inputs, same number). */
export function orderIdForKey(customerId: string, idempotencyKey: string): string {
  const digest = createHash('sha256').update(`${customerId}\n${idempotencyKey}`).digest();
  let out = '';
  for (let i = 0; i < ORDER_ID_LENGTH; i++) out += ALPHANUMERIC[digest[i]! % ALPHANUMERIC.length];
  return out;
}
