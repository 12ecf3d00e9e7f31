/**
 * Bulk edits of a seller's own items (issue 30 item 9; Daraz Seller Center and the Mercur vendor
 * panel offer the same): `POST /items/bulkUpdate` applies one change — a list price, the list
 * price moved by a percentage, the stock, a discount or availability — to up to MAX_BULK_ITEMS
 * selected items.
 *
 * Each item is written on its own, through the same use cases as the single-item forms (edit.ts:
 * `editItem`, `setDiscount`), as a compare-and-set on the version the seller's list showed, so
 * every item records its own ItemUpdated through the outbox and is indexed at once. One item's
 * outcome never stops the others: a stale one (a sale took stock since) is left as it is, one not
 * the seller's (or gone) is not found, one the change would break (a price moved past the
 * maximum, a discount out of range) is invalid with the form's message. Nothing is retried
 * automatically: the seller sees the list again and decides.
 */
import { DiscountSchema, ItemUpdateSchema, STALE_ITEM, type BulkItemChange, type ItemBulkUpdate } from '@market/contracts';
import { HttpError } from '@market/platform';
import { Types } from 'mongoose';
import { itemView, type ItemDoc } from '../store/items';
import type { ItemDeps } from './deps';
import { editItem, setDiscount } from './edit';
import { ownItem } from './read';

/** What happened to one selected item (contracts' ItemBulkUpdateAnswerSchema). */
export interface BulkOutcome {
  id: string;
  outcome: 'updated' | 'stale' | 'not-found' | 'invalid';
  error?: string;
  item?: ReturnType<typeof itemView>;
}

/** The list price, in rupees, `percent` % away from `priceCents`, rounded to the cent. */
export function movedPrice(priceCents: number, percent: number): number {
  return Math.round(priceCents * (1 + percent / 100)) / 100;
}

/** The single-item write the change makes to `item`; throws the form's 400 when it breaks a rule for it. */
function writeOne(d: ItemDeps, item: ItemDoc, version: number, change: BulkItemChange): Promise<ItemDoc> {
  const base = { version, via: 'version' as const };
  switch (change.kind) {
    case 'price':
      return editItem(d, item, base, ItemUpdateSchema.parse({ Price: change.Price }));
    case 'price-percent':
      return editItem(d, item, base, ItemUpdateSchema.parse({ Price: movedPrice(item.priceCents, change.percent) }));
    case 'stock':
      return editItem(d, item, base, ItemUpdateSchema.parse({ Quantity: change.Quantity }));
    case 'availability':
      return editItem(d, item, base, ItemUpdateSchema.parse({ ItemAvailabilityStatus: change.ItemAvailabilityStatus }));
    case 'discount':
      return setDiscount(
        d,
        item,
        base,
        DiscountSchema.parse({ DiscountStatus: change.DiscountStatus, DiscountPrecentage: change.DiscountPrecentage }),
      );
  }
}

/** The first message of a refused write (a zod issue or an HttpError), as the single-item form shows it. */
function refusal(err: unknown): string | null {
  if (err instanceof HttpError && err.status === 400) return err.message;
  const issues = (err as { issues?: { message: string }[] } | null)?.issues;
  return Array.isArray(issues) && issues[0] ? issues[0].message : null;
}

/**
 * Applies `body.change` to each of `body.items` that is `sellerId`'s, in order.
 * @returns one outcome per item sent
 */
export async function bulkUpdate(d: ItemDeps, sellerId: string, body: ItemBulkUpdate): Promise<BulkOutcome[]> {
  const out: BulkOutcome[] = [];
  for (const { id, version } of body.items) {
    let item: ItemDoc;
    try {
      item = await ownItem(d, sellerId, new Types.ObjectId(id));
    } catch {
      out.push({ id, outcome: 'not-found' });
      continue;
    }
    if (item.aggregateVersion !== version) {
      out.push({ id, outcome: 'stale', error: STALE_ITEM });
      continue;
    }
    try {
      out.push({ id, outcome: 'updated', item: itemView(await writeOne(d, item, version, body.change)) });
    } catch (err) {
      if (err instanceof HttpError && (err.status === 409 || err.status === 412)) out.push({ id, outcome: 'stale', error: STALE_ITEM });
      else {
        const message = refusal(err);
        if (message === null) throw err;
        out.push({ id, outcome: 'invalid', error: message });
      }
    }
  }
  return out;
}
