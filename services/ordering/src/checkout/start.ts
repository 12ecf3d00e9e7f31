/**
 * Start a checkout (`POST /checkout/session`; docs/architecture.md, Sagas): price the requested lines on
 * the server from the catalogue read model (domain/pricing.ts: FinalPrice or the package price,
 * plus Rs. 100 delivery and VAT; amounts stored in cents) and store the checkout `Open`.
 *
 * With an idempotency key the order number is derived from customer and key (domain/codes.ts),
 * so a retried request answers the checkout the first one made, even when both race in.
 *
 * Errors: 409 (`conflict`) with `{ line }` when a line cannot be bought (pricing's LineRefused:
 * deleted, unavailable, ...). Nothing is stored then.
 */
import type { CheckoutSessionSchema } from '@market/contracts';
import { conflict, isDuplicateKey } from '@market/platform';
import type { z } from 'zod';
import { newOrderId, orderIdForKey } from '../domain/codes';
import { LineRefused, priceCheckout } from '../domain/pricing';
import type { CheckoutDoc } from '../store/checkouts';
import type { CheckoutDeps } from './deps';
import { ownCheckout, readLines } from './read';

export interface StartCheckout {
  customerId: string;
  /** The parsed request (contracts' CheckoutSessionSchema). */
  request: z.output<typeof CheckoutSessionSchema>;
  /** The `Idempotency-Key` header, already checked (8 to 200 characters). */
  idempotencyKey?: string;
}

/** The checkout, and whether this call created it (false: an earlier call with the same key did). */
export async function startCheckout(
  d: Pick<CheckoutDeps, 'checkouts' | 'rm'>,
  { customerId, request, idempotencyKey: key }: StartCheckout,
): Promise<{ checkout: CheckoutDoc; created: boolean }> {
  const _id = key ? orderIdForKey(customerId, key) : newOrderId();
  if (key) {
    const existing = await d.checkouts.findById(_id).lean<CheckoutDoc>();
    if (existing && existing.customerId === customerId) return { checkout: existing, created: false };
  }
  const { items, packages } = await readLines(
    d,
    request.items.map((l) => l.itemId),
    request.packages.map((l) => l.packageId),
  );
  let priced;
  try {
    priced = priceCheckout(request, items, packages);
  } catch (err) {
    if (err instanceof LineRefused) throw conflict(err.message, { line: err.lineId });
    throw err;
  }
  const doc = {
    _id,
    customerId,
    status: 'Open' as const,
    ...priced,
    createdAt: new Date(),
    aggregateVersion: 0,
    pendingEvents: [],
  };
  try {
    await d.checkouts.create(doc);
  } catch (err) {
    if (!isDuplicateKey(err) || !key) throw err;
    // The same key raced in twice: answer the checkout the other request made.
    return { checkout: await ownCheckout(d, customerId, _id), created: false };
  }
  return { checkout: doc as CheckoutDoc, created: true };
}
