/**
 * Owner-keyed sub-lists for the order lists' filters: besides its three lists
 * (the customer's, the seller's, everyone's; store/orders.ts), an order is kept in
 * - one status list per owner, `<list>:st:<status>` (e.g. `io:s:<sellerId>:st:Shipped`): it
 *   leaves the old status's lists and enters the new one's when its status changes;
 * - one month list per owner, `<list>:m:<YYYY-MM>` (the Sri Lanka month of `placedAt`, which never
 *   changes).
 *
 * Why sub-lists (and not the search index): these filters have an owner and few, fixed values, so
 * a list per owner and value answers a page with one head and one or two bucket reads by `_id`,
 * stays consistent with the order's own write (the seller who marks an order Shipped sees it under
 * Shipped at once, without waiting for a projection), and keeps answering without OpenSearch.
 * Before, a status or month filter walked every bucket of the owner's list: 10.5 s for a seller
 * with 100,000 orders (bench lists). A status AND a month, or a whole year, walks that owner's
 * month lists (bounded by the owner's orders in that period).
 *
 * Order of a sub-list: the order a row entered it, newest first; entries carry `t` = the time it
 * entered (status lists: `statusChangedAt`; month lists: `placedAt`), so a page is sorted the way
 * its slots run. Rows leave a status list when the order moves on, leaving holes, so a status
 * page is read by walking the list from its newest bucket and skipping them (the cost grows with
 * the page's position in the list, mostly the newest buckets for the statuses orders pass
 * through; Delivered, Cancelled and Rejected lists have no holes); month lists have none.
 *
 * An order keeps its slots in `filterSlots` (`{ 'st:Confirmed': { c, s, a }, 'm:2026-11': … }`),
 * given once per key, and only by the writer that claimed the key, so two writers listing the
 * same order at once (a pay and the saga) leave no hole; reruns and redeliveries write the same
 * entries again. The claim is the order's insert for the keys it starts with (store/orders.ts
 * `insertListedOrder` hands out their slots with its list slots), the status compare-and-set for
 * the status a settle moves it to (`settleOrders`), and otherwise a compare-and-set on the key
 * (`$exists: false`, {@link withFilterSlots}).
 */
import { colomboMonthKey } from '@market/contracts';
import { type ListRow, type OwnerLists, type SubListOf } from '@market/platform';
import type { Model } from 'mongoose';
import type { ListOwner, ListSlots, OrderKind } from './orders';

/** The fields of an order this module reads and writes. */
export interface FilterableOrder {
  _id: string;
  CustomerID: string;
  SellerID: string;
  status: string;
  placedAt: Date;
  statusChangedAt: Date;
  listSlots?: ListSlots;
  filterSlots?: Record<string, ListSlots>;
}

/** The sub-list key of a status, e.g. `st:Confirmed`. */
export const statusKey = (status: string) => `st:${status}`;

/** The sub-list key of the Sri Lanka month of a time, e.g. `m:2026-11`. */
export const monthKeyOf = (at: Date) => `m:${colomboMonthKey(new Date(at))}`;

/** The sub-list key of a month, e.g. `m:2026-01` for (2026, 1). */
export const monthKey = (year: number, month: number) => `m:${year}-${String(month).padStart(2, '0')}`;

/**
 * The owner list and key of a sub-list id (`io:s:<sellerId>:st:Shipped` → `io:s:<sellerId>`,
 * `st:Shipped`), null for any other list: the list store keeps a sub-list's counts in its owner
 * list's head, so an order's nine slots take three commands (ownerLists.ts `SubListOf`).
 */
export const orderSubListOf: SubListOf = (listId) => {
  const m = /^(.+):((?:st:[A-Za-z]+)|(?:m:\d{4}-\d{2}))$/.exec(listId);
  return m ? { owner: m[1]!, key: m[2]! } : null;
};

/** The id of an owner's sub-list, e.g. `io:s:<sellerId>:st:Shipped` or `po:all:m:2026-11`. */
export function filterListId(kind: OrderKind, owner: ListOwner, key: string): string {
  const k = kind === 'item' ? 'io' : 'po';
  return `${owner.by === 'a' ? `${k}:all` : `${k}:${owner.by}:${owner.id}`}:${key}`;
}

function ownersOf(o: Pick<FilterableOrder, 'CustomerID' | 'SellerID'>): [ListOwner, ListOwner, ListOwner] {
  return [{ by: 'c', id: o.CustomerID }, { by: 's', id: o.SellerID }, { by: 'a' }];
}

/** The sub-list keys an order is listed under now: its status's and its month's. */
export const currentFilterKeys = (o: Pick<FilterableOrder, 'status' | 'placedAt'>): string[] => [
  statusKey(o.status),
  monthKeyOf(o.placedAt),
];

/** Whether every key the order is listed under now already has its slots (none missing or still claimed). */
export const hasFilterSlots = (o: Pick<FilterableOrder, 'status' | 'placedAt' | 'filterSlots'>): boolean =>
  currentFilterKeys(o).every((key) => o.filterSlots?.[key] !== undefined && !isClaim(o.filterSlots[key]));

/** The ids of an order's three sub-lists of `key`: its customer's, its seller's and everyone's (in `ListSlots` order c, s, a). */
export function filterListIds(kind: OrderKind, o: Pick<FilterableOrder, 'CustomerID' | 'SellerID'>, key: string): string[] {
  return ownersOf(o).map((w) => filterListId(kind, w, key));
}

/**
 * Reads the order by `_id` and gives each key it is listed under now ({@link currentFilterKeys})
 * its slots when it has none yet. Answers the order as stored afterwards (null when there is none,
 * or it has no list slots). Safe to run again, and concurrently.
 */
export async function withFilterSlots(
  lists: OwnerLists,
  kind: OrderKind,
  model: Model<FilterableOrder>,
  id: string,
): Promise<FilterableOrder | null> {
  let o = await model.findById(id).lean<FilterableOrder>();
  if (!o?.listSlots) return null;
  for (const key of currentFilterKeys(o)) {
    const have = o.filterSlots?.[key];
    if (have && !isClaim(have)) continue;
    // Only the writer that claims the key hands out its slots (a pay and the saga may list the
    // same order at once; two allocations would leave a hole in each list). A claim older than
    // CLAIM_TIMEOUT_MS (its writer died) is taken over.
    const claim = have ? (have as unknown as Claim).claim : undefined;
    if (claim !== undefined && Date.now() - claim <= CLAIM_TIMEOUT_MS) continue; // another writer is on it
    const field = `filterSlots.${key}`;
    const claimed = await model.updateOne(
      claim !== undefined ? { _id: id, [`${field}.claim`]: claim } : { _id: id, [field]: { $exists: false } },
      { $set: { [field]: { claim: Date.now() } } },
    );
    if (claimed.modifiedCount === 1) await giveFilterSlots(lists, kind, model, o, key);
    o = await model.findById(id).lean<FilterableOrder>();
    if (!o) return null;
  }
  return o;
}

/**
 * Hands out the slots of `key` to an order whose writer holds the key's claim (a claim it set
 * itself, or the status change that claimed it in the same write: store/orders.ts `settleOrders`).
 */
export async function giveFilterSlots(
  lists: OwnerLists,
  kind: OrderKind,
  model: Model<FilterableOrder>,
  o: Pick<FilterableOrder, '_id' | 'CustomerID' | 'SellerID'>,
  key: string,
): Promise<void> {
  const [c, s, a] = await lists.allocate(filterListIds(kind, o, key));
  await model.updateOne({ _id: o._id }, { $set: { [`filterSlots.${key}`]: { c: c!, s: s!, a: a! } } });
}

/**
 * The sub-list writes that bring an order's entries in line with the order given (no I/O): its
 * rows in the lists of its current status and month, and the entries to remove from the lists
 * of any other status. A key still being claimed is left to its claimer.
 */
export function filterEntryWrites(kind: OrderKind, o: FilterableOrder): { puts: ListRow[]; removes: Omit<ListRow, 'fields'>[] } {
  const now = currentFilterKeys(o);
  const puts: ListRow[] = [];
  const removes: Omit<ListRow, 'fields'>[] = [];
  for (const [key, slots] of Object.entries(o.filterSlots ?? {})) {
    if (isClaim(slots)) continue; // its claimer writes the entries
    const at = [slots.c, slots.s, slots.a];
    const ids = filterListIds(kind, o, key);
    if (now.includes(key)) {
      const t = new Date(key.startsWith('st:') ? o.statusChangedAt : o.placedAt).getTime();
      ids.forEach((listId, i) => puts.push({ listId, slot: at[i]!, key: o._id, fields: { t, s: o.status } }));
    } else {
      ids.forEach((listId, i) => removes.push({ listId, slot: at[i]!, key: o._id }));
    }
  }
  return { puts, removes };
}

/**
 * Brings the order's sub-list entries in line with the order as stored (read here by `_id`):
 * in the lists of its current status and its month, out of the lists of any other status.
 * Safe to run again, and concurrently.
 */
export async function listOrderFilters(lists: OwnerLists, kind: OrderKind, model: Model<FilterableOrder>, id: string): Promise<void> {
  const o = await withFilterSlots(lists, kind, model, id);
  if (!o) return;
  const { puts, removes } = filterEntryWrites(kind, o);
  await Promise.all([lists.putMany(puts), ...removes.map((r) => lists.remove(r.listId, r.slot, r.key))]);
}

/** A claim on a key, written in place of its slots by the writer that will hand them out. */
export const filterClaim = (): Claim => ({ claim: Date.now() });

/** A key being given its slots by one writer: `{ claim: ms }` in place of the slots. */
interface Claim {
  claim: number;
}
const isClaim = (v: unknown): boolean => typeof v === 'object' && v !== null && 'claim' in v;

/** How long a claim may stand before another writer takes it over, ms. */
const CLAIM_TIMEOUT_MS = 30_000;

/**
 * Gives every order written before the sub-lists existed its entries, once (a marker records
 * it). A one-off scan at start-up, not a request path.
 * @returns how many orders were listed
 */
export async function backfillOrderFilters(
  lists: OwnerLists,
  models: { item: Model<FilterableOrder>; package: Model<FilterableOrder> },
): Promise<number> {
  const MARKER = '$backfill:order-filters:v1';
  if (await lists.isMarked(MARKER)) return 0;
  let n = 0;
  for (const kind of ['item', 'package'] as const) {
    for (const o of await models[kind].find({}, { _id: 1 }).sort({ placedAt: 1, _id: -1 }).lean<{ _id: string }[]>()) {
      await listOrderFilters(lists, kind, models[kind], o._id);
      n++;
    }
  }
  await lists.mark(MARKER);
  return n;
}
