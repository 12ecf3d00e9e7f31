/**
 * Server-side pricing of a checkout (docs/architecture.md, Departures from the documents: the
 * client's numbers are never used). Items cost their FinalPrice, packages their price; the
 * documented 100 rupees of delivery and VAT is added once (spec 000 section 9). Cents throughout.
 * A package sells only between its dates (issue 27 item 7).
 */
import {
  DELIVERY_AND_VAT_CENTS,
  ITEM_UNAVAILABLE,
  PACKAGE_UNAVAILABLE,
  onlyLeftInStock,
  packageOnSale,
  rupees,
  type CheckoutSessionSchema,
} from '@market/contracts';
import type { z } from 'zod';

export interface PricedLine {
  kind: 'item' | 'package';
  /** Item or package id. */
  id: string;
  name: string;
  image: string;
  quantity: number;
  unitPriceCents: number;
  sellerId: string;
  /** Package lines: the items of the package (each reserved `quantity` times). */
  itemIds: string[];
  /** The documented copy of the item or package kept on the order (money in rupees). */
  snapshot: Record<string, unknown>;
}

export interface ItemPrice {
  _id: string;
  Item_name: string;
  Brand: string;
  Model: string;
  Category: string;
  SellerID: string;
  Stock_keeping_unit: string;
  priceCents: number;
  finalPriceCents: number;
  ItemAvailabilityStatus: boolean;
  Quantity: number;
  Images: string[];
  deleted: boolean;
}

export interface PackagePrice {
  _id: string;
  packageName: string;
  seller: string;
  description: string;
  priceCents: number;
  image: string;
  packageAvailability: boolean;
  /** Its sale dates, `YYYY-MM-DD` Sri Lanka days (spec 001 section 3; every PackageCreated/Updated carries them). */
  startDate: string;
  endDate: string;
  content: { itemId: string; Item_name: string }[];
  deleted: boolean;
}

/**
 * Whether a package can be bought at `now`: known, not deleted, switched available by its
 * seller, and on sale today in Sri Lanka (contracts' packageOnSale: from its startDate to the end
 * of its endDate; issue 27 item 7). Checkout asks it when pricing and again when paying.
 */
export function packageSellable(pkg: PackagePrice | null | undefined, now: Date = new Date()): boolean {
  return (
    !!pkg && !pkg.deleted && pkg.packageAvailability && packageOnSale({ startDate: pkg.startDate ?? '', endDate: pkg.endDate ?? '' }, now)
  );
}

/**
 * Whether a package can be bought at `now` with its items as `items` holds them: sellable
 * ({@link packageSellable}) and every item in it still sold, neither gone, deleted nor switched off
 * (issue 30 item 3: a package whose item was deleted stayed on sale, charged, then refunded).
 * @param items - the read model's items, holding at least the package's content
 */
export function packageBuyable(
  pkg: PackagePrice | null | undefined,
  items: ReadonlyMap<string, ItemPrice>,
  now: Date = new Date(),
): boolean {
  if (!pkg || !packageSellable(pkg, now)) return false;
  return pkg.content.every((c) => {
    const item = items.get(c.itemId);
    return !!item && !item.deleted && item.ItemAvailabilityStatus;
  });
}

/** Why a line cannot be bought; `lineId` names it. */
export class LineRefused extends Error {
  constructor(
    message: string,
    readonly lineId: string,
  ) {
    super(message);
  }
}

/**
 * Prices the requested lines against the read model.
 * @param now - the moment a package's dates are checked against (Sri Lanka day)
 * @param items - the read model's items: the item lines' and every item inside the packages
 * @throws LineRefused when an item or package is unknown, deleted or unavailable, a package is
 *   outside its dates or holds an item no longer sold ({@link packageBuyable}), or an item line asks
 *   for more units than are in stock
 */
export function priceCheckout(
  request: z.output<typeof CheckoutSessionSchema>,
  items: ReadonlyMap<string, ItemPrice>,
  packages: ReadonlyMap<string, PackagePrice>,
  now: Date = new Date(),
): { lines: PricedLine[]; subtotalCents: number; amountCents: number } {
  const lines: PricedLine[] = [];
  for (const { itemId, quantity } of request.items) {
    const item = items.get(itemId);
    if (!item || item.deleted || !item.ItemAvailabilityStatus) throw new LineRefused(ITEM_UNAVAILABLE, itemId);
    if (item.Quantity < quantity) throw new LineRefused(onlyLeftInStock(item.Quantity, item.Item_name), itemId);
    lines.push({
      kind: 'item',
      id: itemId,
      name: item.Item_name,
      image: item.Images[0] ?? '',
      quantity,
      unitPriceCents: item.finalPriceCents,
      sellerId: item.SellerID,
      itemIds: [itemId],
      snapshot: {
        _id: itemId,
        Item_name: item.Item_name,
        Brand: item.Brand,
        Model: item.Model,
        Category: item.Category,
        Stock_keeping_unit: item.Stock_keeping_unit,
        Price: rupees(item.priceCents),
        FinalPrice: rupees(item.finalPriceCents),
        Images: item.Images,
        SellerID: item.SellerID,
      },
    });
  }
  for (const { packageId, quantity } of request.packages) {
    const pkg = packages.get(packageId);
    if (!pkg || !packageBuyable(pkg, items, now)) throw new LineRefused(PACKAGE_UNAVAILABLE, packageId);
    lines.push({
      kind: 'package',
      id: packageId,
      name: pkg.packageName,
      image: pkg.image,
      quantity,
      unitPriceCents: pkg.priceCents,
      sellerId: pkg.seller,
      itemIds: pkg.content.map((c) => c.itemId),
      snapshot: {
        _id: packageId,
        packageName: pkg.packageName,
        image: pkg.image,
        description: pkg.description,
        price: rupees(pkg.priceCents),
        seller: pkg.seller,
        content: pkg.content.map((c) => ({ _id: c.itemId, Item_name: c.Item_name })),
      },
    });
  }
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return { lines, subtotalCents, amountCents: subtotalCents + DELIVERY_AND_VAT_CENTS };
}
