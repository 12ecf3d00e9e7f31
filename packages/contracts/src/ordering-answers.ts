/**
 * Answer schemas of the ordering slice (`ApiOperation.response`; spec 000 sections 3 and 7 "Cards",
 * "Orders and history"; spec 001 section 7 "Orders"; docs/architecture.md, Departures from the
 * documents): saved cards
 * (masked: never the full number, never the CVC), checkouts, item and package orders, order-history
 * and customer-order records, exactly as services/ordering sends them. Money is LKR rupees with two
 * decimals (ordering stores integer cents and divides by 100 on the way out).
 */
import { z } from 'zod';
import { DeliveryAddressSchema } from './addresses';
import { rupeesAnswer } from './answer-fields';
import { CHECKOUT_STATUSES, ORDER_STATUSES, PAYMENT_TYPES } from './ordering';
import { OrderReturnRefSchema } from './returns';

const rupees = rupeesAnswer;
const quantity = z.number().int().min(1);
/** Sri Lanka time with its offset, e.g. `2026-11-22T17:05:00.000+05:30` (the month is characters 6-7). */
const colomboTime = z.iso.datetime({ offset: true }).describe('ISO date-time in Sri Lanka time (+05:30)');
const orderNumber = z
  .string()
  .regex(/^[A-Z0-9]{1,32}$/)
  .describe('Order number of the checkout (12 letters and digits)');

/**
 * A saved card (spec 000 section 3 "Payment card"; docs/architecture.md, Departures from the
 * documents): holder, brand, expiry and
 * the number masked to its last 4 digits. The schema admits no full number and no CVC: `cardnumber`
 * must be the mask, and there is no field for the CVC or the stored hashes.
 */
export const CardAnswerSchema = z.object({
  _id: z.string(),
  /** The customer who saved it. */
  ownerID: z.string(),
  cardowner: z.string(),
  /** Brand by the first digit: 'American Express', 'Visa', 'Master', 'Discover', or ''. */
  cardtype: z.string(),
  /** Masked: `**** **** **** 4242`. */
  cardnumber: z.string().regex(/^\*{4} \*{4} \*{4} \d{4}$/, 'a masked card number'),
  last4: z.string().regex(/^\d{4}$/),
  /** Expiry, MM/YY. */
  carddate: z.string(),
});

/** One server-priced line of a checkout (docs/architecture.md, Money); money in rupees. */
export const CheckoutLineAnswerSchema = z.object({
  kind: z.enum(['item', 'package']),
  /** Item or package id. */
  id: z.string(),
  name: z.string(),
  /** The item's first image or the package's image ('' when none). */
  image: z.string(),
  quantity,
  unitPrice: rupees("Unit price (an item's FinalPrice, a package's price)"),
  total: rupees('unitPrice × quantity'),
});

/**
 * A checkout as its customer sees it (`POST /checkout/session`, `GET /checkout/{checkoutId}`, the
 * pay commands; docs/architecture.md, Sagas and Departures from the documents): the lines, the
 * totals in rupees, where the saga stands,
 * the receipt once paid and the reason once rejected.
 */
export const CheckoutAnswerSchema = z.object({
  checkoutId: orderNumber,
  /** Same as `checkoutId`: the order number the orders carry. */
  OrderID: orderNumber,
  status: z.enum(CHECKOUT_STATUSES),
  Subtotal: rupees('Sum of the line totals'),
  DeliveryAndVat: rupees('Delivery and VAT added once (spec 000 section 9: 100)'),
  Amount: rupees('Subtotal + DeliveryAndVat: what is charged'),
  lines: z.array(CheckoutLineAnswerSchema),
  /**
   * The delivery address the pay command carried (issue 29; not in the documents), copied onto each
   * of its orders. Absent when none was given (the documents' client): "No delivery address given".
   */
  DeliverTo: DeliveryAddressSchema.optional(),
  /**
   * Whether this checkout may be paid in cash on delivery (issue 29; README "Cash on delivery"):
   * `limit` in rupees, `reason` the text shown when it may not (over the limit, or deliveries to
   * the customer refused twice in 90 days). Sent with `GET /checkout/{checkoutId}` while Open.
   */
  cashOnDelivery: z.object({ available: z.boolean(), reason: z.string().optional(), limit: z.number() }).optional(),
  /** Present once paid: the order-history record made for it. */
  receipt: z
    .object({
      /** Id of the order-history record (`GET /orderhistory/get/{id}`). */
      _id: z.string(),
      RecieptNo: z.string(),
      PaymentType: z.enum(PAYMENT_TYPES),
      Amount: rupees('Amount charged'),
      /** When the payment was made, ISO date-time (UTC). */
      TransTime: z.iso.datetime(),
    })
    .optional(),
  /** Present once rejected (StockRejected; the payment is refunded). */
  rejection: z
    .object({
      itemId: z.string(),
      itemName: z.string(),
      reason: z.string(),
      /** What the customer is shown. */
      message: z.string(),
    })
    .optional(),
});

/**
 * The 409 answer of `POST /checkout/{checkoutId}/pay` and `POST /paypal-transaction-complete` when
 * lines of the checkout are no longer sold (deleted, made unavailable, or a package outside its
 * dates since pricing; issue 29 item 5): the documents' message ('Item is not available Right
 * now!' when an item is among them, else 'Package is not available Right now!'), `fields.line`
 * the first such line, and `unavailable` the ids of every such line, so a client can name them.
 */
export const LinesUnavailableAnswerSchema = z.object({
  error: z.string(),
  fields: z.object({ line: z.string() }),
  unavailable: z.object({
    /** Item ids of the checkout's item lines no longer sold. */
    items: z.array(z.string()),
    /** Package ids of the checkout's package lines no longer sold. */
    packages: z.array(z.string()),
  }),
});

/** The copy of the item an item order keeps, as it was when bought (spec 000 section 3); money in rupees. */
export const OrderedItemAnswerSchema = z.object({
  _id: z.string(),
  Item_name: z.string(),
  Brand: z.string(),
  Model: z.string(),
  Category: z.string(),
  Stock_keeping_unit: z.string(),
  Price: rupees('List price'),
  FinalPrice: rupees('Price after discount, what was paid per unit'),
  Images: z.array(z.string()),
  SellerID: z.string(),
});

/** The copy of the package a package order keeps, as it was when bought; money in rupees. */
export const OrderedPackageAnswerSchema = z.object({
  _id: z.string(),
  packageName: z.string(),
  image: z.string(),
  description: z.string(),
  price: rupees('Package price'),
  /** The seller's id. */
  seller: z.string(),
  content: z.array(z.object({ _id: z.string(), Item_name: z.string() })),
});

/** Fields of every order line (spec 000 section 3 "Order"; order statuses: docs/architecture.md, Departures from the documents). */
const orderFields = {
  /** `<OrderID>-I<n>` (item orders) or `<OrderID>-P<n>` (package orders). */
  _id: z.string(),
  OrderID: orderNumber,
  SellerID: z.string(),
  CustomerID: z.string(),
  /** The customer's current name ('Former customer' once deleted). */
  CustomerName: z.string(),
  /**
   * Where to deliver: the customer's profile address and phone number as they are now; empty once
   * the customer is deleted.
   */
  DeliveryAddress: z.string(),
  CustomerPhone: z.string(),
  /**
   * The delivery address chosen at checkout (issue 29; not in the documents), a copy made when the
   * order was written: later edits of the customer's address book never change it. Absent when the
   * pay carried none (the documents' client); the web app then says "No delivery address given".
   */
  DeliverTo: DeliveryAddressSchema.optional(),
  OQuantity: quantity,
  TransitTime: colomboTime,
  status: z.enum(ORDER_STATUSES),
  /** Why the saga rejected it (Rejected orders only). */
  rejectionReason: z.string().optional(),
  /** When the status last changed, ISO date-time (UTC). */
  statusChangedAt: z.iso.datetime(),
  UnitPrice: rupees('Unit price paid'),
  TotalPrice: rupees('UnitPrice × OQuantity'),
  /**
   * Present only on an order paid in cash on delivery (issue 29): Pending until the seller marks it
   * delivered with the cash collected (Collected, CollectedAt) or the delivery refused (Refused).
   */
  CashOnDelivery: z
    .object({
      status: z.enum(['Pending', 'Collected', 'Refused']),
      Amount: rupees(
        "What the courier collects for this order: its total, plus the checkout's delivery and VAT on the checkout's first order",
      ),
      /** When the cash was collected, ISO date-time (UTC). */
      CollectedAt: z.iso.datetime().optional(),
    })
    .optional(),
  /**
   * Present when an admin or the marketplace, not the seller, last moved the order (issue 30): the
   * unshipped orders of a seller who left are cancelled by the marketplace; an admin resolves an
   * order its seller cannot finish. `reason` is what the customer is told; `at` ISO date-time (UTC).
   */
  StatusNote: z.object({ by: z.enum(['admin', 'marketplace', 'customer']), reason: z.string(), at: z.iso.datetime() }).optional(),
  /**
   * The shipment the seller gave with Shipped (issue 31 item 1): courier key (contracts' COURIERS)
   * and its name, tracking number, the courier's public tracking page when known, the expected
   * delivery day (`YYYY-MM-DD`, Sri Lanka) when given, and when it was shipped (ISO, UTC). Absent
   * on orders shipped without one (the documented client's `{ status }`).
   */
  Shipment: z
    .object({
      courier: z.string(),
      courierName: z.string(),
      trackingNumber: z.string(),
      trackingUrl: z.string().optional(),
      expectedDelivery: z.string().optional(),
      shippedAt: z.iso.datetime(),
    })
    .optional(),
  /** The order line's version (issue 31): sent back as `version` by a status change or cancel; a stale one is 409. */
  version: z.number().int().optional(),
  /**
   * Every status the order reached, oldest first (issue 30 item 8): `Placed` (paid), then each
   * status with when (ISO date-time, UTC) and, for a person's move, by whom.
   */
  Timeline: z.array(
    z.object({
      status: z.enum(['Placed', ...ORDER_STATUSES]),
      at: z.iso.datetime(),
      by: z.enum(['seller', 'admin', 'marketplace', 'customer']).optional(),
    }),
  ),
  /** The line's return (issue 31 item 3), when its customer asked for one: its id and state. */
  Return: OrderReturnRefSchema.optional(),
  /**
   * Delivered lines within the return window without a return (issue 31 item 3): the last moment a
   * return may be asked for (ISO, UTC), so the order page offers "Request a return".
   */
  ReturnableUntil: z.iso.datetime().optional(),
};

/** An item order (`GET /Orders/getOrders` rows, `PUT /Orders/status/{id}`). */
export const ItemOrderAnswerSchema = z.object({ ...orderFields, Items: z.array(OrderedItemAnswerSchema) });

/**
 * A package order (`GET /PackageOrders/getOrders` rows, `PUT /PackageOrders/status/{id}`), with the
 * selling company's name and logo ('Former seller' and '' once deleted).
 */
export const PackageOrderAnswerSchema = z.object({
  ...orderFields,
  SellerCompany: z.object({ companyname: z.string(), logo: z.string() }),
  Packages: z.array(OrderedPackageAnswerSchema),
});

/**
 * How the checkout an order belongs to was paid (issue 30 item 8: the order detail page): its
 * payment-history record's id, receipt, type, status and amounts in rupees (the whole checkout's).
 */
export const OrderPaymentAnswerSchema = z.object({
  _id: z.string(),
  RecieptNo: z.string(),
  PaymentType: z.enum(PAYMENT_TYPES),
  status: z.enum(['AwaitingStock', 'Paid', 'PartiallyRefunded', 'Refunded', 'PendingCOD', 'Cancelled']),
  Amount: rupees('Amount charged for the whole checkout'),
  RefundedAmount: rupees('Amount refunded so far').optional(),
  CollectedAmount: rupees('Cash collected so far').optional(),
});

/** `GET /Orders/get/{id}` (issue 30 item 8): an item order with its payment. */
export const ItemOrderDetailAnswerSchema = ItemOrderAnswerSchema.extend({ Payment: OrderPaymentAnswerSchema });

/** `GET /PackageOrders/get/{id}` (issue 30 item 8): a package order with its payment. */
export const PackageOrderDetailAnswerSchema = PackageOrderAnswerSchema.extend({ Payment: OrderPaymentAnswerSchema });

/**
 * An order-history record (spec 000 section 3 "Payment history"; documented names, including the
 * documents' spellings `RecieptNo` and `PacakgeID`); Amount in rupees.
 */
export const HistoryAnswerSchema = z.object({
  _id: z.string(),
  RecieptNo: z.string(),
  PaymentType: z.enum(PAYMENT_TYPES),
  Amount: rupees('Amount charged'),
  TransTime: colomboTime,
  /** Ids of the items bought as item lines. */
  ItemList: z.array(z.string()),
  /** Ids of the packages bought. */
  PacakgeID: z.array(z.string()),
  CustomerID: z.string(),
  /** The customer's current name ('Former customer' once deleted), for the admin's transactions (spec 001 section 2). */
  CustomerName: z.string(),
  OrderID: orderNumber,
  /**
   * AwaitingStock while a card or PayPal payment is taken and its stock decision has not come
   * (issue 30 item 5: never "Paid" before the order is confirmed; a decision that does not come in
   * time refunds it), then Paid.
   * Refunded once the checkout was rejected or every one of its orders was cancelled by its
   * seller; PartiallyRefunded while only some were. Cash on delivery (issue 29): PendingCOD until
   * every order not cancelled is collected, then Paid; Cancelled when none was collected and all
   * were refused, cancelled or rejected (nothing was ever taken, so nothing is refunded).
   */
  status: z.enum(['AwaitingStock', 'Paid', 'PartiallyRefunded', 'Refunded', 'PendingCOD', 'Cancelled']),
  /** Cash on delivery: what the couriers collected so far, in rupees. */
  CollectedAmount: rupees('Cash collected so far').optional(),
  /** What was given back so far, in rupees (present once something was refunded by a cancellation). */
  RefundedAmount: rupees('Amount refunded so far').optional(),
});

/** A customer-order record (spec 000 section 3): the customer's order numbers. `_id` is the customer's id. */
export const CustomerOrdersAnswerSchema = z.object({
  _id: z.string(),
  CustomerID: z.string(),
  Orders: z.array(z.string()),
});
