/**
 * Request schemas, messages and constants of the ordering slice: payment cards, the checkout
 * command, orders and payment history (spec 000 sections 3-5, 7-9; spec 001 section 3;
 * docs/architecture.md, Events and Money). Money on the wire is LKR rupees (two decimals); ordering stores
 * integer cents.
 */
import { z } from 'zod';
import type { CardAnswerSchema } from './ordering-answers';
import { DeliveryAddressSchema } from './addresses';
import { searchText } from './paging';
import { COURIER_KEYS } from './couriers';
import { WRONG_CVV, EMPTY_CHECKOUT, CARD_EXPIRED, luhnValid, expiryNotPast, ORDER_STATUSES } from './ordering-rules';

export * from './ordering-rules';

const cardnumber = z
  .string({ error: 'Card number is required' })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{12,19}$/, 'Card number must have 12 to 19 digits')
      .refine(luhnValid, 'Invalid card number'),
  );
const carddate = z
  .string({ error: 'Expiry date is required' })
  .trim()
  .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry date must be MM/YY')
  .refine((v) => expiryNotPast(v), CARD_EXPIRED);
const cardcvv = z
  .string({ error: 'CVC is required' })
  .trim()
  .regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits');
const cardowner = z
  .string({ error: "Card holder's name is required" })
  .trim()
  .min(1, "Card holder's name is required")
  .max(60, "Card holder's name is too long")
  .regex(/^[\p{L} .'-]+$/u, "Card holder's name may contain letters only");

/**
 * `POST /paymentdetails/add`: documented fields. `cardtype` is derived on the server from the
 * number and `ownerID` is the caller; both are accepted and ignored.
 */
export const CardCreateSchema = z.object({
  cardowner,
  cardnumber,
  carddate,
  cardcvv,
  cardtype: z.string().optional(),
  ownerID: z.string().optional(),
});
export type CardCreate = z.input<typeof CardCreateSchema>;

/** `PUT /paymentdetails/update/{id}`: expiry and holder; a new number (with its CVC) replaces the card's. */
export const CardUpdateSchema = z
  .object({
    carddate,
    cardowner: cardowner.optional(),
    cardnumber: cardnumber.optional(),
    cardcvv: cardcvv.optional(),
    cardtype: z.string().optional(),
    ownerID: z.string().optional(),
  })
  .refine((v) => !v.cardnumber || v.cardcvv, { message: 'Enter the CVC of the new card', path: ['cardcvv'] });
export type CardUpdate = z.input<typeof CardUpdateSchema>;

/** A card as answered: never the full number, never the CVC (its answer schema's output). */
export type CardView = z.output<typeof CardAnswerSchema>;

const objectId = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{24}$/, 'Invalid id');
const lineQuantity = z
  .number({ error: 'Quantity is required' })
  .int()
  .min(1, 'Quantity must be at least 1')
  .max(200, 'Quantity cannot be more than 200');

/** `POST /checkout/session` (added; docs/architecture.md, Departures from the documents): the lines to buy; prices come from the server. */
export const CheckoutSessionSchema = z
  .object({
    items: z
      .array(z.object({ itemId: objectId, quantity: lineQuantity }))
      .max(100)
      .default([]),
    packages: z
      .array(z.object({ packageId: objectId, quantity: lineQuantity }))
      .max(100)
      .default([]),
  })
  .refine((v) => v.items.length + v.packages.length > 0, { message: EMPTY_CHECKOUT, path: ['items'] })
  .refine((v) => new Set(v.items.map((l) => l.itemId)).size === v.items.length, { message: 'An item is listed twice', path: ['items'] })
  .refine((v) => new Set(v.packages.map((l) => l.packageId)).size === v.packages.length, {
    message: 'A package is listed twice',
    path: ['packages'],
  });
export type CheckoutSession = z.input<typeof CheckoutSessionSchema>;

/**
 * The delivery address a pay command may carry (issue 29, not in the documents): copied onto the
 * checkout and each of its orders as `DeliverTo`. Optional, as the documents' client sends none.
 */
const deliveryAddress = DeliveryAddressSchema.optional();

/** `POST /checkout/{checkoutId}/pay`: a saved card with its CVC, or the wallet provider; optionally the delivery address. */
export const CheckoutPaySchema = z.union([
  z.object({
    cardId: objectId,
    cvv: z.string({ error: 'CVC is required' }).trim().min(1, 'CVC is required').max(4, WRONG_CVV),
    deliveryAddress,
  }),
  z.object({ paymentType: z.literal('wallet'), deliveryAddress }),
  /** Cash on delivery (issue 29): the address is required (400 COD_NEEDS_ADDRESS without one). */
  z.object({ paymentType: z.literal('cod'), deliveryAddress }),
]);
export type CheckoutPay = z.input<typeof CheckoutPaySchema>;

/** `POST /paypal-transaction-complete`: the wallet provider's completion for a checkout. */
export const WalletCompleteSchema = z.object({ checkoutId: z.string().trim().min(1, 'checkoutId is required').max(64), deliveryAddress });

/** 409 of an admin's cancel of a checkout that is no longer waiting for its stock decision. */
export const NOT_AWAITING_STOCK = 'Only an order still waiting for its stock decision can be cancelled here';

/**
 * `POST /checkout/{checkoutId}/cancel` (issue 30 item 1): an admin resolves a checkout stuck while
 * waiting for its stock decision (refund, `Rejected`), with the reason the customer is told.
 */
export const CheckoutCancelSchema = z.object({
  reason: z
    .string({ error: 'Say why the order is cancelled' })
    .trim()
    .min(3, 'Say why the order is cancelled')
    .max(500, 'The reason cannot be longer than 500 characters'),
});

/**
 * `PUT /Orders/cod/{id}` and `PUT /PackageOrders/cod/{id}` (issue 29): what happened at the door of
 * a shipped cash-on-delivery order: the cash was collected (→ Delivered) or the delivery refused
 * (→ Cancelled, stock released, nothing refunded).
 */
export const OrderCodOutcomeSchema = z.object({
  outcome: z.enum(['collected', 'refused'], { error: 'The outcome is collected or refused' }),
});

/**
 * `PUT /Orders/resolve/{id}` and `PUT /PackageOrders/resolve/{id}` (issue 30 items 1 and 2): an
 * admin finishes an order its seller cannot (ADMIN_STATUS_MOVES), with the reason the customer is
 * told and the order keeps.
 */
export const OrderResolveSchema = z.object({
  status: z.enum(['Delivered', 'Cancelled'], { error: 'The status is Delivered or Cancelled' }),
  reason: z
    .string({ error: 'Say why the order is resolved so' })
    .trim()
    .min(3, 'Say why the order is resolved so')
    .max(500, 'The reason cannot be longer than 500 characters'),
});

/** 409 of a customer's cancel of an order that has left the seller (issue 31 item 2). */
export const ALREADY_SHIPPED = 'This order has already been shipped, so it can no longer be cancelled';
/** 409 of a customer's cancel of an order that is not Confirmed (waiting for stock, rejected, delivered or cancelled). */
export const NOT_CANCELLABLE = 'Only a confirmed order that has not been shipped can be cancelled';
/** 409 of a write based on an older version of the order line (its `version`). */
export const ORDER_CHANGED = 'This order was changed meanwhile, please reload it and try again';

const lineVersion = z.number({ error: 'version is a number' }).int('version is a whole number').min(1).max(1_000_000).optional();

/** An expected delivery day, `YYYY-MM-DD` (Sri Lanka), today or within 120 days. */
const expectedDelivery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected delivery is a day, YYYY-MM-DD')
  .refine((d) => {
    const at = Date.parse(`${d}T00:00:00+05:30`);
    if (Number.isNaN(at) || !new Date(`${d}T00:00:00Z`).toISOString().startsWith(d)) return false;
    const today = Date.parse(`${new Date(Date.now() + 19_800_000).toISOString().slice(0, 10)}T00:00:00+05:30`);
    return at >= today && at <= today + 120 * 86_400_000;
  }, 'Expected delivery is a day from today to 120 days ahead');

/**
 * `PUT /Orders/status/{id}` and `PUT /PackageOrders/status/{id}` (added): the seller's status
 * change (spec 001 section 7: `{ status }`). A move to Shipped may carry the shipment (issue 31
 * item 1): `courier` (contracts' COURIERS key; `courierName` names an "other" one), `trackingNumber`
 * and optionally `expectedDelivery`. The documented client sends only `{ status }`, so the shipment
 * stays optional here (a Shipped move without it has no tracking to show); our web app's form
 * requires courier and tracking number. Courier and tracking number come together, only with
 * Shipped. `version` (optional): the line's version the seller saw; a stale one is 409.
 */
export const OrderStatusChangeSchema = z
  .object({
    status: z.enum(['Shipped', 'Delivered', 'Cancelled'], { error: 'Unknown status' }),
    courier: z.enum(COURIER_KEYS, { error: 'Choose a courier from the list' }).optional(),
    courierName: z.string().trim().min(2, "Give the courier's name").max(60, "The courier's name is too long").optional(),
    trackingNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, 'A tracking number is 4 to 40 letters, digits, spaces or dashes')
      .optional(),
    expectedDelivery: expectedDelivery.optional(),
    version: lineVersion,
  })
  .superRefine((b, ctx) => {
    const shipment =
      b.courier !== undefined || b.trackingNumber !== undefined || b.expectedDelivery !== undefined || b.courierName !== undefined;
    if (!shipment) return;
    if (b.status !== 'Shipped') {
      ctx.addIssue({ code: 'custom', path: ['courier'], message: 'A courier and tracking number go only with Shipped' });
      return;
    }
    if (!b.courier) ctx.addIssue({ code: 'custom', path: ['courier'], message: 'Choose the courier' });
    if (!b.trackingNumber) ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'Give the tracking number' });
    if (b.courier === 'other' && !b.courierName)
      ctx.addIssue({ code: 'custom', path: ['courierName'], message: "Give the courier's name" });
    if (b.courier !== undefined && b.courier !== 'other' && b.courierName !== undefined)
      ctx.addIssue({ code: 'custom', path: ['courierName'], message: 'A name is given only for another courier' });
  });
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

/**
 * `PUT /Orders/cancel/{id}` and `PUT /PackageOrders/cancel/{id}` (issue 31 item 2): the customer
 * cancels an own Confirmed order that is not shipped yet, with the reason its seller is told;
 * `version` (optional) is the line's version the customer saw (stale: 409).
 */
export const OrderCustomerCancelSchema = z.object({
  reason: z
    .string({ error: 'Say why you cancel the order' })
    .trim()
    .min(3, 'Say why you cancel the order')
    .max(500, 'The reason cannot be longer than 500 characters'),
  version: lineVersion,
});

/** Who cancelled an order, as the order lists filter it (issue 31 item 1). */
export const CANCELLED_BY = ['customer', 'seller', 'admin', 'marketplace'] as const;

/** How an order list can be sorted (issue 30 item 8). */
export const ORDER_SORTS = ['newest', 'oldest', 'total-high', 'total-low'] as const;

/** A `YYYY-MM-DD` calendar day query parameter named `name`. */
const colomboDay = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} is a day, YYYY-MM-DD`)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
      message: `${name} is a day, YYYY-MM-DD`,
    });

/** Filters of `GET /Orders/getOrders` and `GET /PackageOrders/getOrders` (scoped to the caller). */
export const OrderListQuerySchema = z.object({
  /** Month of TransitTime, `01`..`12`. */
  month: z
    .string()
    .regex(/^(0[1-9]|1[0-2])$/, 'Month must be 01 to 12')
    .optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Orders of one checkout (its OrderID). */
  OrderID: z.string().trim().max(32).optional(),
  /** An admin's list: the orders of one seller (issue 30 item 2: a seller's open orders before deletion). Narrows any list. */
  SellerID: z
    .string()
    .regex(/^[a-f0-9]{24}$/, 'SellerID is a seller id')
    .optional(),
  /**
   * Orders for a customer (issue 30 item 8): words of the delivery recipient's name, or their phone
   * number, as the order's delivery address has them.
   */
  customer: z.string().trim().max(60, 'Search by at most 60 characters').optional(),
  /** Cancelled orders by who cancelled them (issue 31: a customer's own cancellations); implies status Cancelled. */
  cancelledBy: z.enum(CANCELLED_BY, { error: 'cancelledBy is customer, seller, admin or marketplace' }).optional(),
  /** Placed on or after this Sri Lanka day, `YYYY-MM-DD` (issue 30 item 8). */
  from: colomboDay('from').optional(),
  /** Placed on or before this Sri Lanka day, `YYYY-MM-DD`. */
  to: colomboDay('to').optional(),
  /** Order of the rows: newest first (the default), oldest first, or by total, highest or lowest first. */
  sort: z.enum(ORDER_SORTS, { error: `sort is one of ${ORDER_SORTS.join(', ')}` }).optional(),
});

/** Filters of `GET /orderhistory/getItems`: search by receipt number or payment type (spec 000 section 5). */
export const HistoryListQuerySchema = z.object({ q: searchText(50) });
