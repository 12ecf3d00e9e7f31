/**
 * Card rules (spec 000 sections 4 and 5; docs/architecture.md, Departures from the documents:
 * no card number or CVV kept in the browser): the raw number and CVC never persist. A card keeps its holder, brand (from the
 * first digit), last 4 digits, expiry, and keyed hashes (HMAC-SHA256 with a server secret) of
 * the number and of the CVC; the CVC hash is also keyed by the card's id, so equal CVCs of two
 * cards do not hash alike.
 */
import { CARD_ALREADY_SAVED, cardTypeOf } from '@market/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `value` under `secret`, hex. */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** The hash kept for a card's CVC. */
export function cvvHash(secret: string, cardId: string, cvv: string): string {
  return keyedHash(secret, `cvv:${cardId}:${cvv.trim()}`);
}

/** The hash kept for a card's number (digits only): lets the same card be recognised. */
export function numberHash(secret: string, digits: string): string {
  return keyedHash(secret, `pan:${digits}`);
}

/** Whether an entered CVC matches the stored hash (constant time). */
export function cvvMatches(secret: string, cardId: string, entered: string, stored: string): boolean {
  const a = Buffer.from(cvvHash(secret, cardId, entered), 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a card stores from a full number: brand and last 4 (spec 000 section 4). */
export function cardFacts(digits: string): { cardtype: string; last4: string } {
  return { cardtype: cardTypeOf(digits), last4: digits.slice(-4) };
}

/** The number as shown: `**** **** **** 4242`. */
export function maskedNumber(last4: string): string {
  return `**** **** **** ${last4}`;
}

/** The 409 of saving a card the customer already has (contracts' message). */
export const DUPLICATE_CARD = CARD_ALREADY_SAVED;

/**
 * Whether two saved cards are the same card: the same number (compared by its keyed hash, never
 * in clear) and the same expiry (MM/YY). A renewed card (same number, new expiry) is another card.
 */
export function sameCard(a: { numberHash: string; carddate: string }, b: { numberHash: string; carddate: string }): boolean {
  return a.numberHash === b.numberHash && a.carddate === b.carddate;
}
