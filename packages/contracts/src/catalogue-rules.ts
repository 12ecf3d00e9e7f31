/**
 * The catalogue's plain constants, messages and price rules (spec 001 section 5;
 * docs/architecture.md, Departures from the documents), without zod: the web app's shopper pages
 * import them and, with the package's
 * `sideEffects: false`, get none of the schemas (initial JavaScript). `./catalogue`
 * re-exports them beside its schemas.
 */
import { colomboDate } from './colomboTime';
import { formatLkr } from './money';

export const CATEGORIES = ['Mobile Phones', 'Tablet / iPad / iPod', 'Gaming', 'Wearable', 'Laptops', 'Other'] as const;
export const COLOURS = ['Black', 'White', 'Red', 'Gold', 'Silver', 'Yellow'] as const;
/** Model prefixes: New, Replacement, Refurbished, Personalized (spec 001 section 9). */
export const MODEL_PREFIXES = ['M', 'N', 'F', 'P'] as const;
export const MAX_ITEM_IMAGES = 3;
export const MAX_ITEM_QUANTITY = 200;
export const MAX_ITEM_PRICE = 1_000_000;
export const MAX_PACKAGE_PRICE = 2_000_000;

/**
 * Price bands on FinalPrice (docs/architecture.md, Departures from the documents): [0,10000),
 * [10000,20000), [20000,30000),
 * [30000,40000), [40000,∞), in rupees.
 */
export const PRICE_BANDS = [
  { id: '0', label: 'Under Rs. 10,000', min: 0, max: 10_000 },
  { id: '1', label: 'Rs. 10,000 - 20,000', min: 10_000, max: 20_000 },
  { id: '2', label: 'Rs. 20,000 - 30,000', min: 20_000, max: 30_000 },
  { id: '3', label: 'Rs. 30,000 - 40,000', min: 30_000, max: 40_000 },
  { id: '4', label: 'Rs. 40,000 and above', min: 40_000, max: Number.POSITIVE_INFINITY },
] as const;

/**
 * Most rows `GET /items/getItems` and `GET /Packages/getPackages` return without `page`/`limit`
 * (documented unpaged
 * calls are never cut silently). Up to it the answer is every matching item, read from the search
 * index with a point in time and search_after; above it the first this many come (in the asked
 * order) and the answer says so in its headers: `X-Total-Count` (all matching items) and
 * `X-Result-Truncated: true`.
 */
export const UNPAGED_SEARCH_LIMIT = 10_000;
/** The 400 for a page that starts past the first UNPAGED_SEARCH_LIMIT matches. */
export const PAGE_BEYOND_SEARCH_LIMIT = `Only the first ${UNPAGED_SEARCH_LIMIT.toLocaleString('en')} matches can be paged through: narrow the search with the filters`;

export const SKU_IN_USE = 'This Stock keeping unit is Already in use!';
export const DISCOUNT_RANGE = 'Discount should be with in a range of minimum 1% & maximum 80%';

/**
 * Discounted price in cents: price − price × percent / 100, rounded half up to the cent.
 * A percent with up to four decimals (e.g. 79.98) is applied exactly, in integers: in floating
 * point 100 − 79.98 is 20.019999…, which would round 9997500 × 20.02 % = 2001499.5 down.
 */
export function discountedCents(priceCents: number, percent: number): number {
  const scaled = Math.round(percent * 10_000);
  if (Math.abs(percent * 10_000 - scaled) < 1e-6) return Math.round((priceCents * (1_000_000 - scaled)) / 1_000_000);
  return Math.round((priceCents * (100 - percent)) / 100);
}

/** Whole-number rating: sum of stars / count, truncated; null without reviews. */
export function truncatedRating(sum: number, count: number): number | null {
  return count > 0 ? Math.floor(sum / count) : null;
}

export const NO_ITEMS = 'Cannot Create a Package Without Items';
export const NO_NAME = 'Cannot Create a Package Without a Name';
export const EMPTYING_PACKAGE = 'Cannot Delete All Items From a Package';
export const NOT_OWN_ITEMS = 'A package can contain only your own items';

/**
 * The 400 of a package priced above its items bought one by one (issue 32 item 4, "a package may
 * cost more than its items"), on `price`, naming what the items cost together:
 * `A package cannot cost more than its items together (Rs. 61,000.00) !`, or null when the price is
 * not above it.
 * @param priceCents - the package's price, LKR cents
 * @param itemCents - the final price of each item in it (one of each: a package holds an item once), LKR cents
 */
export function packagePriceAboveItems(priceCents: number, itemCents: readonly number[]): string | null {
  const worth = itemCents.reduce((sum, c) => sum + c, 0);
  return priceCents > worth ? `A package cannot cost more than its items together (${formatLkr(worth)}) !` : null;
}

// ---------- a package's sale dates (issue 27 item 7; spec 000 and 001 section 3 "Package") ----------

/**
 * Where a package stands against its dates today: `upcoming` before its startDate, `on-sale` from
 * the first moment of its startDate to the last of its endDate, `ended` after. Days are Sri Lanka
 * calendar days (Asia/Colombo, UTC+05:30, the marketplace's one clock, colomboTime.ts), so a
 * package ending today sells until 23:59:59.999 Colombo time (18:29:59.999 UTC).
 */
export type PackageSaleState = 'upcoming' | 'on-sale' | 'ended';

/** A stored date as the package form sends it: `YYYY-MM-DD`. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The sale state of a package with `startDate` and `endDate` (`YYYY-MM-DD`, as stored) at `now`.
 * A date that is not `YYYY-MM-DD` (never written since the form's schema checks it) counts as
 * `ended`: such a package is neither listed nor sold (fail closed).
 */
export function packageSaleState(p: { startDate: string; endDate: string }, now: Date = new Date()): PackageSaleState {
  if (!DAY.test(p.startDate) || !DAY.test(p.endDate)) return 'ended';
  const today = colomboDate(now);
  if (today < p.startDate) return 'upcoming';
  return today > p.endDate ? 'ended' : 'on-sale';
}

/**
 * Whether a package is listed to customers and may be bought at `now` (its dates only; its
 * `packageAvailability` switch and deletion are checked beside this): the customer listing, a
 * customer's package page, the cart and checkout (start and pay) all ask this.
 */
export function packageOnSale(p: { startDate: string; endDate: string }, now: Date = new Date()): boolean {
  return packageSaleState(p, now) === 'on-sale';
}

/** How the seller's own list labels each state (their packages stay listed to them in every state). */
export const PACKAGE_SALE_LABELS: Readonly<Record<PackageSaleState, string>> = {
  upcoming: 'Not started yet',
  'on-sale': 'On sale',
  ended: 'Ended',
};

/**
 * The 400 of a package whose endDate is already past in Sri Lanka (a new package, or an edit that
 * moves the end into the past), in the form's own style ('End Date Required !').
 */
export const PACKAGE_END_PAST = 'End Date cannot be in the past !';

/** Whether `endDate` (`YYYY-MM-DD`) is today or later in Sri Lanka at `now`. */
export function endDateNotPast(endDate: string, now: Date = new Date()): boolean {
  return endDate >= colomboDate(now);
}

/**
 * Brands written as initials, shown in capitals (issue 32 item 4: the brand facet said "Lg",
 * "Htc", "Nec" beside cards saying "LG", "HTC"). The catalogue's facet value stays its normalised
 * key (services/catalogue/src/domain/search.ts `normalizeBrand`, e.g. `Lg`), which is also the
 * filter's value in links; only what a person reads changes.
 */
const BRAND_INITIALS = new Set(['lg', 'htc', 'nec', 'zte', 'tcl', 'hp', 'jbl', 'blu', 'hmd', 'msi', 'aoc', 'bq', 'rca']);

/** Brands with their own capitalisation. */
const BRAND_SPELLINGS: Readonly<Record<string, string>> = { oneplus: 'OnePlus', iqoo: 'iQOO', realme: 'realme' };

/**
 * The label of a normalised brand facet value: `Lg` → `LG`, `Htc` → `HTC`, `Oneplus` → `OnePlus`,
 * `Samsung` unchanged; word by word, so `Lg Display` → `LG Display`.
 */
export function brandLabel(brandKey: string): string {
  return brandKey
    .split(' ')
    .map((w) => {
      const lower = w.toLowerCase();
      return BRAND_INITIALS.has(lower) ? w.toUpperCase() : (BRAND_SPELLINGS[lower] ?? w);
    })
    .join(' ');
}
