/**
 * Ordering's plain constants, messages, statuses and card rules (spec 000 sections 4 and 9;
 * docs/architecture.md, Events and Departures from the documents), without zod: the web app's
 * shopper pages import them without the
 * schemas (initial JavaScript). `./ordering` re-exports them beside its schemas.
 */
/** Delivery and VAT added to every checkout, rupees (spec 000 section 9). */
export const DELIVERY_AND_VAT = 100;
export const DELIVERY_AND_VAT_CENTS = DELIVERY_AND_VAT * 100;
/** Length of the generated receipt number, alphanumeric (spec 000 section 9). */
export const RECEIPT_NO_LENGTH = 10;

export const WRONG_CVV = 'Wrong cvv/cvc number please enter correct cvv';
/**
 * Wrong CVCs allowed per saved card, and per account over all of its cards, within
 * {@link WRONG_CVC_WINDOW_MINUTES} (issue 27 item 5; docs/architecture.md, Rate limits). Once a
 * card or the account has used them, every pay with that card (or any card of the account)
 * answers 429 {@link CVC_LOCKED_CARD} / {@link CVC_LOCKED_ACCOUNT} with Retry-After until the
 * window ends, the right CVC included, and the customer is e-mailed once per window.
 */
export const MAX_WRONG_CVC_PER_CARD = 5;
export const MAX_WRONG_CVC_PER_ACCOUNT = 10;
export const WRONG_CVC_WINDOW_MINUTES = 15;
/** The 429 of a card locked after too many wrong CVCs; the pay page adds the wait from Retry-After. */
export const CVC_LOCKED_CARD = 'Too many wrong security codes for this card';
/** The 429 of an account locked after too many wrong CVCs over its cards. */
export const CVC_LOCKED_ACCOUNT = 'Too many wrong security codes on this account';
export const ORDER_PLACED = 'Your Order has been placed Successfully';
export const CARD_ADDED = 'New Payment Method Added Successfully';
export const CARD_UPDATED = 'Card Updated Successfully';
export const EMPTY_CHECKOUT = 'Your cart is empty';
export const CARD_EXPIRED = 'This card has expired';
/**
 * The 409 of saving (or editing into) a card the customer already has: the same number and
 * expiry, in the documents' style ('Item Already in Your Wishlist.').
 */
export const CARD_ALREADY_SAVED = 'This Card is Already in Your Wallet.';
export const ADD_ORDER_RETIRED = 'Orders are placed only through POST /checkout/session and POST /checkout/{checkoutId}/pay';

/** Card brands by the first digit of the number (spec 000 section 4); any other digit gives ''. */
export const CARD_BRANDS: Readonly<Record<string, string>> = { '3': 'American Express', '4': 'Visa', '5': 'Master', '6': 'Discover' };

/** The card type of a number: by its first digit, else empty (spec 000 section 4). */
export function cardTypeOf(cardnumber: string): string {
  return CARD_BRANDS[cardnumber.replace(/\D/g, '').charAt(0)] ?? '';
}

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * Whether an `MM/YY` expiry is this month or later, at `now`.
 * @returns false for a malformed value
 */
export function expiryNotPast(carddate: string, now: Date = new Date()): boolean {
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(carddate);
  if (!m) return false;
  const year = 2000 + Number(m[2]);
  const month = Number(m[1]);
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

/** Where a checkout stands in the saga (docs/architecture.md, Sagas). */
export const CHECKOUT_STATUSES = ['Open', 'AwaitingStock', 'Confirmed', 'Rejected'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Order statuses (docs/architecture.md, Departures from the documents): AwaitingStock → Confirmed / Rejected → Shipped → Delivered, Cancelled. */
export const ORDER_STATUSES = ['AwaitingStock', 'Confirmed', 'Rejected', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses a seller may move an order to, from each status. */
export const SELLER_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  AwaitingStock: [],
  Confirmed: ['Shipped', 'Cancelled'],
  Rejected: [],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

/**
 * The statuses an admin may move any seller's order to when resolving it (issue 30 items 1 and 2:
 * an order whose seller cannot finish it, e.g. one who left the marketplace): cancel an unshipped
 * one (stock back, refund) or mark a shipped one delivered. A shipped cash-on-delivery order is
 * finished with its cash outcome instead (`PUT /Orders/cod/{id}`).
 */
export const ADMIN_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  AwaitingStock: [],
  Confirmed: ['Cancelled'],
  Rejected: [],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

/** Why the marketplace cancelled the unshipped orders of a seller whose deletion an admin accepted (issue 30 item 2). */
export const SELLER_REMOVED_REASON = 'The seller has left the marketplace';

/** Payment types on an order-history record; CashOnDelivery: paid in cash to the courier (issue 29). */
export const PAYMENT_TYPES = ['Card', 'PayPal', 'CashOnDelivery'] as const;

/** How a payment type is said to people ('CashOnDelivery' → 'Cash on delivery'). */
export function paymentTypeLabel(type: string): string {
  return type === 'CashOnDelivery' ? 'Cash on delivery' : type;
}

/**
 * Cash on delivery (issue 29; README "Cash on delivery"): the largest checkout, in rupees, that may
 * be paid in cash at the door unless the installation sets `COD_LIMIT_RUPEES`, and the refusals
 * that close it for a customer: {@link COD_REFUSALS_ALLOWED} deliveries refused within
 * {@link COD_REFUSAL_WINDOW_DAYS} days.
 */
export const COD_LIMIT_RUPEES = 250_000;
export const COD_REFUSALS_ALLOWED = 2;
export const COD_REFUSAL_WINDOW_DAYS = 90;
export const COD_NEEDS_ADDRESS = 'Cash on delivery needs a delivery address';
export const COD_REFUSED =
  'Cash on delivery is not available for your account: two deliveries to you were refused in the last 90 days; please pay by card or PayPal';
export const COD_NOT_SHIPPED = 'Only a shipped cash-on-delivery order can be marked delivered or refused';
export const COD_NOT_COD = 'This order was not paid by cash on delivery';
export const COD_DELIVER_WITH_CASH = 'Mark a cash-on-delivery order delivered with "cash collected"';

/** The 409 of a cash-on-delivery pay over the limit, e.g. 'Cash on delivery is available for orders up to Rs. 250,000.00; …'. */
export function codOverLimitMessage(limitRupees: number): string {
  const amount = limitRupees.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `Cash on delivery is available for orders up to Rs. ${amount}; please pay by card or PayPal`;
}
