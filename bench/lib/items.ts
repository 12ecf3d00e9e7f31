/**
 * Catalogue items written straight into a catalogue database for the benches: seeding
 * 100,000 items through the API would measure the seeding, not the reads. The documents have the
 * shape of services/catalogue's item model (prices in cents, LKR), spread over brands,
 * categories, prices, ratings and discounts so that every filter matches a share of them.
 */
import { Types, type Connection } from 'mongoose';

const BRANDS = ['Samsung', 'Apple', 'Google', 'Sony', 'Xiaomi', 'Huawei', 'Nokia', 'OnePlus'];
const CATEGORIES = ['Mobile Phones', 'Tablet / iPad / iPod', 'Gaming', 'Wearable', 'Other'];

/** The i-th bench item (deterministic). */
export function benchItem(i: number) {
  const price = 500_000 + ((i * 7919) % 60_000_000);
  return {
    _id: new Types.ObjectId(),
    Item_name: `Device ${i} ${BRANDS[i % BRANDS.length]} ${i % 97 === 0 ? 'Ultra' : 'Lite'}`,
    Brand: BRANDS[i % BRANDS.length],
    Model: `M-${i}`,
    Quantity: 1 + (i % 200),
    priceCents: price,
    finalPriceCents: price,
    Stock_keeping_unit: `BENCH-${i}`,
    skuKey: `BENCH-${i}`,
    Category: CATEGORIES[i % CATEGORIES.length],
    SellerID: new Types.ObjectId().toHexString(),
    ItemAvailabilityStatus: i % 10 !== 0,
    DiscountStatus: i % 5 === 0,
    DiscountPrecentage: i % 5 === 0 ? 10 : 0,
    rating: i % 3 === 0 ? null : 1 + (i % 5),
    ratingSum: 0,
    ratingCount: 0,
    Images: [],
    Color_family: [],
    createdAt: new Date(Date.now() - i * 1000),
    deleted: false,
    aggregateVersion: 1,
    pendingEvents: [],
    outboxLeaseUntil: null,
    stockReservations: [],
    soldOut: false,
  };
}

/**
 * Inserts items `from`..`to - 1` into the `items` collection of `db`, 1,000 per batch.
 * @returns milliseconds taken
 */
export async function insertBenchItems(db: Connection, from: number, to: number): Promise<number> {
  const t0 = performance.now();
  for (let i = from; i < to; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, to - i) }, (_, j) => benchItem(i + j));
    await db.collection('items').insertMany(batch as never[], { ordered: false });
  }
  return Math.round(performance.now() - t0);
}
