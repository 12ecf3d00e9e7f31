/**
 * Cart and wishlist rules, without I/O (spec 000 sections 4 and 5; docs/architecture.md, Departures from the documents).
 *
 * - Wishlist and cart additions refuse duplicates ('Item Already in Your Wishlist.',
 *   'Item Already in Your Shopping Cart.', 'Package Already in Your Shopping Cart.').
 * - A line NEW to the cart or wishlist must be an available item or package
 *   ('Item is not available Right now!', 'Package is not available Right now!'); a line already
 *   there stays even when its item has become unavailable since (the customer removes it).
 * - Cart quantities: a line named in `ItemQuantities` / `PackageQuantities` takes that quantity
 *   (≥ 1, checked by the contracts' schema), a line not named keeps its quantity, a new line
 *   starts at 1 (spec 000 section 4: "starts at 1 and cannot go below 1"); removed lines lose theirs.
 *
 * Ids are compared lower-cased (the contracts accept either case of an ObjectId's hex).
 */
import {
  ITEM_IN_CART,
  ITEM_IN_WISHLIST,
  ITEM_UNAVAILABLE,
  PACKAGE_IN_CART,
  PACKAGE_UNAVAILABLE,
  type CartWrite,
  type WishlistWrite,
} from '@market/contracts';

/** Units per line, by item or package id. */
export type Quantities = Record<string, number>;

/** A cart's lines as stored: ids in the customer's order, and the units of each. */
export interface CartLines {
  ItemIDs: string[];
  PackageIDs: string[];
  itemQty: Quantities;
  packageQty: Quantities;
}

/** Which of the asked-about ids are available (known to the read model, not deleted, available). */
export interface AvailableIds {
  items: ReadonlySet<string>;
  packages: ReadonlySet<string>;
}

/** A refused change: answered 409 with `message`, also under `field`. */
export interface Refusal {
  message: string;
  field: string;
}

/** Either the new state or why the change is refused (nothing is then written). */
export type Decision<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** The empty cart of a new customer (spec 000 section 4: registration creates it). */
export const EMPTY_LINES: CartLines = { ItemIDs: [], PackageIDs: [], itemQty: {}, packageQty: {} };

/** An id as compared and stored: trimmed and lower-cased. */
export const normalId = (id: string): string => id.trim().toLowerCase();

/** The first id that occurs twice in `ids`, or undefined. */
export function firstDuplicate(ids: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/** Ids of `next` that `current` lacks (the lines being added), in `next`'s order, once each. */
export function addedIds(current: readonly string[], next: readonly string[]): string[] {
  const have = new Set(current);
  return [...new Set(next.filter((id) => !have.has(id)))];
}

/** A cart write with ids and quantity keys normalised (see {@link normalId}). */
export function normalCartWrite(body: CartWrite): {
  ItemIDs: string[];
  PackageIDs: string[];
  ItemQuantities: Quantities;
  PackageQuantities: Quantities;
} {
  const keys = (q: Quantities | undefined): Quantities => Object.fromEntries(Object.entries(q ?? {}).map(([k, v]) => [normalId(k), v]));
  return {
    ItemIDs: body.ItemIDs.map(normalId),
    PackageIDs: body.PackageIDs.map(normalId),
    ItemQuantities: keys(body.ItemQuantities),
    PackageQuantities: keys(body.PackageQuantities),
  };
}

/** The wishlist's Items of a write, normalised (see {@link normalId}). */
export const normalWishlistItems = (body: WishlistWrite): string[] => body.Items.map(normalId);

function quantitiesOf(ids: readonly string[], asked: Quantities, kept: Quantities): Quantities {
  return Object.fromEntries(ids.map((id) => [id, asked[id] ?? kept[id] ?? 1]));
}

/**
 * Decides a whole-cart replacement (`PUT /ShoppingCart/updateSItem`, and the lines of a new cart
 * for `POST /ShoppingCart/createrCart` with `current` = {@link EMPTY_LINES}).
 * Checks, in this order: duplicate item ids, duplicate package ids, availability of added items,
 * availability of added packages. Quantities keyed by an id not in the new lines are ignored.
 * @param current - the stored lines
 * @param request - the normalised write (see {@link normalCartWrite})
 * @param available - availability of at least every id added by the request
 */
export function planCart(current: CartLines, request: ReturnType<typeof normalCartWrite>, available: AvailableIds): Decision<CartLines> {
  if (firstDuplicate(request.ItemIDs) !== undefined) return refuse(ITEM_IN_CART, 'ItemIDs');
  if (firstDuplicate(request.PackageIDs) !== undefined) return refuse(PACKAGE_IN_CART, 'PackageIDs');
  if (addedIds(current.ItemIDs, request.ItemIDs).some((id) => !available.items.has(id))) return refuse(ITEM_UNAVAILABLE, 'ItemIDs');
  if (addedIds(current.PackageIDs, request.PackageIDs).some((id) => !available.packages.has(id)))
    return refuse(PACKAGE_UNAVAILABLE, 'PackageIDs');
  return {
    ok: true,
    value: {
      ItemIDs: request.ItemIDs,
      PackageIDs: request.PackageIDs,
      itemQty: quantitiesOf(request.ItemIDs, request.ItemQuantities, current.itemQty),
      packageQty: quantitiesOf(request.PackageIDs, request.PackageQuantities, current.packageQty),
    },
  };
}

/**
 * Decides a whole-wishlist replacement (`PUT /wishlist/update`): no duplicates, and items new to
 * the wishlist must be available.
 * @param availableItems - availability of at least every id added by `next`
 */
export function planWishlistReplace(
  current: readonly string[],
  next: readonly string[],
  availableItems: ReadonlySet<string>,
): Decision<string[]> {
  if (firstDuplicate(next) !== undefined) return refuse(ITEM_IN_WISHLIST, 'Items');
  if (addedIds(current, next).some((id) => !availableItems.has(id))) return refuse(ITEM_UNAVAILABLE, 'Items');
  return { ok: true, value: [...next] };
}

/**
 * Decides an addition to a wishlist (`POST /wishlist/addItems`): an item already there, or named
 * twice, is a duplicate; every added item must be available. Answers the new Items.
 * @param availableItems - availability of at least every id in `adding`
 */
export function planWishlistAdd(
  current: readonly string[],
  adding: readonly string[],
  availableItems: ReadonlySet<string>,
): Decision<string[]> {
  if (firstDuplicate(adding) !== undefined || adding.some((id) => current.includes(id))) return refuse(ITEM_IN_WISHLIST, 'Items');
  if (adding.some((id) => !availableItems.has(id))) return refuse(ITEM_UNAVAILABLE, 'Items');
  return { ok: true, value: [...current, ...adding] };
}

/**
 * The lines without the given items and packages (deleted from the catalogue, or bought in a
 * confirmed order): their ids and quantities go; the other lines stay as they were, in order.
 */
export function withoutLines(lines: CartLines, itemIds: readonly string[], packageIds: readonly string[]): CartLines {
  const items = new Set(itemIds);
  const packages = new Set(packageIds);
  const keep = (q: Quantities, gone: Set<string>) => Object.fromEntries(Object.entries(q).filter(([id]) => !gone.has(id)));
  return {
    ItemIDs: lines.ItemIDs.filter((id) => !items.has(id)),
    PackageIDs: lines.PackageIDs.filter((id) => !packages.has(id)),
    itemQty: keep(lines.itemQty, items),
    packageQty: keep(lines.packageQty, packages),
  };
}

/** One line of a cart: `items` or `packages` (the contracts' CartLineKind), and its id. */
export interface LineRef {
  kind: 'items' | 'packages';
  id: string;
}

const idsOf = (lines: CartLines, kind: LineRef['kind']) => (kind === 'items' ? lines.ItemIDs : lines.PackageIDs);
const qtyOf = (lines: CartLines, kind: LineRef['kind']) => (kind === 'items' ? lines.itemQty : lines.packageQty);

/** `lines` with the ids and quantities of `kind` replaced. */
function withKind(lines: CartLines, kind: LineRef['kind'], ids: string[], qty: Quantities): CartLines {
  return kind === 'items' ? { ...lines, ItemIDs: ids, itemQty: qty } : { ...lines, PackageIDs: ids, packageQty: qty };
}

/**
 * Decides adding one line (`POST /ShoppingCart/{cartId}/lines/{kind}/{lineId}`): a line already
 * in the cart is a duplicate ('Item/Package Already in Your Shopping Cart.'); the item or package
 * must be available. The line goes last, with `quantity` units.
 * @param available - whether the line's item or package is available now
 */
export function planAddLine(current: CartLines, line: LineRef, quantity: number, available: boolean): Decision<CartLines> {
  const field = line.kind === 'items' ? 'ItemIDs' : 'PackageIDs';
  if (idsOf(current, line.kind).includes(line.id)) return refuse(line.kind === 'items' ? ITEM_IN_CART : PACKAGE_IN_CART, field);
  if (!available) return refuse(line.kind === 'items' ? ITEM_UNAVAILABLE : PACKAGE_UNAVAILABLE, field);
  return {
    ok: true,
    value: withKind(current, line.kind, [...idsOf(current, line.kind), line.id], { ...qtyOf(current, line.kind), [line.id]: quantity }),
  };
}

/**
 * The lines with one line's quantity set (`PUT .../lines/{kind}/{lineId}`).
 * @returns undefined when the cart does not hold that line (answered 404)
 */
export function withLineQuantity(current: CartLines, line: LineRef, quantity: number): CartLines | undefined {
  if (!idsOf(current, line.kind).includes(line.id)) return undefined;
  return withKind(current, line.kind, idsOf(current, line.kind), { ...qtyOf(current, line.kind), [line.id]: quantity });
}

/** The lines without one line (`DELETE .../lines/{kind}/{lineId}`); the same lines when it is not there. */
export function withoutLine(current: CartLines, line: LineRef): CartLines {
  return line.kind === 'items' ? withoutLines(current, [line.id], []) : withoutLines(current, [], [line.id]);
}

/** Units bought of one item or package line, by its id (an order's lines). */
export type BoughtUnits = ReadonlyMap<string, number>;

/**
 * The lines after a paid order (OrderConfirmed): each bought line loses the units bought, and
 * only a line left with none goes, so units added in another tab after checkout started stay
 * (issue 29 defect 3). Lines the order did not buy stay as they were.
 */
export function withoutBoughtUnits(lines: CartLines, items: BoughtUnits, packages: BoughtUnits): CartLines {
  const left = (ids: string[], qty: Quantities, bought: BoughtUnits) => {
    const units = Object.fromEntries(ids.map((id) => [id, (qty[id] ?? 1) - (bought.get(id) ?? 0)]));
    const kept = ids.filter((id) => (units[id] ?? 0) > 0);
    return { ids: kept, qty: Object.fromEntries(kept.map((id) => [id, units[id] ?? 1])) };
  };
  const i = left(lines.ItemIDs, lines.itemQty, items);
  const p = left(lines.PackageIDs, lines.packageQty, packages);
  return { ItemIDs: i.ids, itemQty: i.qty, PackageIDs: p.ids, packageQty: p.qty };
}

function refuse<T>(message: string, field: string): Decision<T> {
  return { ok: false, refusal: { message, field } };
}
