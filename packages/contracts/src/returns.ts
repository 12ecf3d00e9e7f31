/**
 * Returns (RMA) of delivered order lines (issue 31 item 3; the server data of item 4). Not in the
 * specification: the documents know no returns.
 *
 * A return is one aggregate of the ordering service, `_id` `RMA-<orderLineId>`: ONE return per item
 * order (`<OrderID>-I<n>`) or package order (`<OrderID>-P<n>`), for the whole line's quantity or part
 * of it. Its customer asks for it within {@link RETURN_WINDOW_DAYS} days of the line's Delivered
 * time; the seller approves (with return instructions) or rejects (with a reason); a rejected
 * customer may escalate to the marketplace's admins, who approve or close it for good. When the
 * seller marks the goods received the refund runs: card and PayPal through the payment provider
 * (Received → Refunded), cash on delivery by a bank transfer an admin records (Received → RefundDue
 * → Refunded). A return refunds the goods (unit price × quantity), never the delivery and VAT
 * charge, and never more than was paid for the line less what was already refunded for it.
 *
 * Every write names the `version` of the return it was based on; a stale one changes nothing and is
 * 409 {@link RETURN_CHANGED}. A move the return's state does not allow is 409
 * ({@link returnMoveRefused}). A return that is not the caller's (or a malformed id) is 404
 * {@link RETURN_NOT_FOUND}.
 *
 * Wire schemas here are shared by the ordering service (validation, events) and the web app.
 * Money on the wire is LKR rupees with two decimals, like every ordering answer
 * (`./ordering-answers.ts`); events carry integer cents.
 */
import { z } from 'zod';
import { rupeesAnswer } from './answer-fields';

/** Every state of a return, in the order a return normally moves through them. */
export const RETURN_STATES = [
  'Requested',
  'Approved',
  'Rejected',
  'Escalated',
  'Received',
  'RefundDue',
  'Refunded',
  'Closed',
  'Withdrawn',
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** States from which nothing moves any more. */
export const RETURN_FINAL_STATES: readonly ReturnState[] = ['Refunded', 'Closed', 'Withdrawn'];

/** States that still ask something of someone (the `open` count of `GET /Returns/counts`). */
export const RETURN_OPEN_STATES: readonly ReturnState[] = ['Requested', 'Approved', 'Rejected', 'Escalated', 'Received', 'RefundDue'];

/** Why a customer returns a line (issue 31 item 3). */
export const RETURN_REASONS = ['damaged', 'defective', 'not-as-described', 'wrong-item', 'changed-mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** What the web app and the e-mails show for each {@link RETURN_REASONS} key. */
export const RETURN_REASON_LABELS: Readonly<Record<ReturnReason, string>> = {
  damaged: 'Damaged',
  defective: 'Defective',
  'not-as-described': 'Not as described',
  'wrong-item': 'Wrong item',
  'changed-mind': 'Changed my mind',
};

/**
 * Days after the line's Delivered time during which a return may be requested (issue 31 item 3).
 * The ordering service reads its own value from env `RETURN_WINDOW_DAYS` (this is the default);
 * order answers give the resulting deadline as `ReturnableUntil`.
 */
export const RETURN_WINDOW_DAYS = 7;
/** Most photos one return carries. */
export const RETURN_MAX_PHOTOS = 3;
/** Shortest and longest description, characters after trimming. */
export const RETURN_DESCRIPTION_MIN = 10;
export const RETURN_DESCRIPTION_MAX = 1000;
/** Longest instructions / reason / bank reference, characters after trimming. */
export const RETURN_NOTE_MAX = 1000;

/** Who moved a return (its timeline's `by`). */
export const RETURN_ACTORS = ['customer', 'seller', 'admin', 'marketplace'] as const;
export type ReturnActor = (typeof RETURN_ACTORS)[number];

/** 404 of a return that does not exist or is not the caller's, and of a line that is not the caller's. */
export const RETURN_NOT_FOUND = 'Return not found';
/** 404 of `POST /Returns` naming an order line that is not the caller's (or does not exist). */
export const RETURN_LINE_NOT_FOUND = 'Order not found';
/** 409 of a write based on an older version of the return. */
export const RETURN_CHANGED = 'This return was changed meanwhile, please reload it and try again';
/** 409 of `POST /Returns` for a line that is not Delivered. */
export const RETURN_NOT_DELIVERED = 'Only a delivered order can be returned';
/** 409 of `POST /Returns` for a line that already has a return. */
export const RETURN_EXISTS = 'A return was already requested for this order';
/** 400 (`fields.quantity`) of `POST /Returns` asking to return more than the line holds. */
export const returnTooMany = (max: number) => `You can return at most ${max} of this order`;
/**
 * 409 of `POST /Returns` after the window: `closedOn` is when it closed, as every screen shows a
 * time (Sri Lanka, `yyyy-mm-dd HH:MM`; contracts' colomboDateTime).
 */
export const returnWindowClosed = (closedOn: string) => `The return window for this order closed on ${closedOn}`;
/** 409 of a move the return's state does not allow, e.g. `returnMoveRefused('approve', 'Refunded')`. */
export const returnMoveRefused = (action: ReturnAction, status: ReturnState) =>
  `This return is ${RETURN_STATE_LABELS[status].toLowerCase()} and cannot be ${RETURN_ACTION_PAST[action]}`;

/** What the web app and the e-mails show for each state. */
export const RETURN_STATE_LABELS: Readonly<Record<ReturnState, string>> = {
  Requested: 'Requested',
  Approved: 'Approved',
  Rejected: 'Rejected',
  Escalated: 'Escalated',
  Received: 'Received',
  RefundDue: 'Refund due',
  Refunded: 'Refunded',
  Closed: 'Closed',
  Withdrawn: 'Withdrawn',
};

/** The commands of `PUT /Returns/{id}/<action>`. */
export const RETURN_ACTIONS = ['approve', 'reject', 'escalate', 'close', 'withdraw', 'receive', 'refund-paid'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];
const RETURN_ACTION_PAST: Readonly<Record<ReturnAction, string>> = {
  approve: 'approved',
  reject: 'rejected',
  escalate: 'escalated',
  close: 'closed',
  withdraw: 'withdrawn',
  receive: 'marked received',
  'refund-paid': 'marked refunded',
};

const version = z
  .number({ error: 'version must be the version of the return you loaded' })
  .int('version must be the version of the return you loaded')
  .min(1, 'version must be the version of the return you loaded')
  .max(Number.MAX_SAFE_INTEGER)
  .describe('The `version` of the return you loaded: the write applies only if nothing changed since; otherwise 409');

const note = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(RETURN_NOTE_MAX, `At most ${RETURN_NOTE_MAX} characters`);

/** A photo: the name `POST /images/upload` answered (served by `GET /images/{name}`). */
export const ReturnPhotoSchema = z
  .string()
  .regex(/^[0-9a-f]{64}\.webp$/, 'Upload the photo first (POST /images/upload) and send the name it answered');

/** `_id` of an item order (`<OrderID>-I<n>`) or package order (`<OrderID>-P<n>`). */
export const OrderLineIdSchema = z
  .string({ error: 'orderLineId is required' })
  .trim()
  .regex(/^[A-Z0-9]{1,32}-[IP][1-9]\d{0,3}$/, 'orderLineId is the id of an item or package order, e.g. ABC123-I1');

/** `POST /Returns`: the customer asks to return (part of) a delivered order line. */
export const ReturnCreateSchema = z.object({
  orderLineId: OrderLineIdSchema,
  quantity: z
    .number({ error: 'quantity is a number' })
    .int('quantity is a whole number')
    .min(1, 'Return at least one')
    .max(1_000_000, 'quantity is too large'),
  reason: z.enum(RETURN_REASONS, { error: 'Choose a reason from the list' }),
  description: z
    .string({ error: 'Describe the problem' })
    .trim()
    .min(RETURN_DESCRIPTION_MIN, `Describe the problem in at least ${RETURN_DESCRIPTION_MIN} characters`)
    .max(RETURN_DESCRIPTION_MAX, `The description cannot be longer than ${RETURN_DESCRIPTION_MAX} characters`),
  photos: z
    .array(ReturnPhotoSchema, { error: 'photos is a list of uploaded image names' })
    .max(RETURN_MAX_PHOTOS, `Up to ${RETURN_MAX_PHOTOS} photos`)
    .default([]),
});
export type ReturnCreate = z.input<typeof ReturnCreateSchema>;

/** `PUT /Returns/{id}/approve` (seller; admin while Escalated): how to send the goods back. */
export const ReturnApproveSchema = z.object({ instructions: note('Say how to send the goods back'), version });
/** `PUT /Returns/{id}/reject` (seller), `/escalate` (customer), `/close` (admin): the reason. */
export const ReturnReasonSchema = z.object({ reason: note('Give the reason'), version });
/** `PUT /Returns/{id}/withdraw` (customer). */
export const ReturnVersionSchema = z.object({ version });
/** `PUT /Returns/{id}/receive` (seller): whether the goods can be sold again (their stock comes back). */
export const ReturnReceiveSchema = z.object({
  resellable: z.boolean({ error: 'Say whether the goods can be sold again (resellable: true or false)' }),
  version,
});
/** `PUT /Returns/{id}/refund-paid` (admin, cash on delivery): the bank transfer's reference. */
export const ReturnRefundPaidSchema = z.object({
  bankReference: z
    .string({ error: "Give the bank transfer's reference" })
    .trim()
    .min(3, "Give the bank transfer's reference")
    .max(100, 'The reference cannot be longer than 100 characters'),
  version,
});

/** `GET /Returns`: state filter, escalated ones only, paging (newest first). */
export const ReturnListQuerySchema = z.object({
  status: z.enum(RETURN_STATES, { error: 'Unknown status' }).optional(),
  escalated: z.enum(['true', 'false'], { error: 'escalated is true or false' }).optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page starts at 1').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit cannot be more than 100')
    .optional(),
});

/** One step of a return's timeline: the state reached, when (ISO, UTC), by whom, and the note given. */
export const ReturnTimelineEntrySchema = z.object({
  status: z.enum(RETURN_STATES),
  at: z.iso.datetime(),
  by: z.enum(RETURN_ACTORS),
  note: z.string().optional(),
});

/**
 * A return as its customer, its seller and the admins see it (every `/Returns` answer). Money in
 * rupees. `refund` is what the return refunds (unit price × quantity, capped at what is left of the
 * line's payment); `refundedAt` once it was paid back.
 */
export const ReturnAnswerSchema = z.object({
  /** `RMA-<OrderLineID>`. */
  ReturnID: z.string(),
  OrderLineID: z.string(),
  /** The checkout's order number. */
  OrderID: z.string(),
  kind: z.enum(['item', 'package']),
  SellerID: z.string(),
  CustomerID: z.string(),
  /** The item or package as bought: its id, name and first image ('' when none is kept). */
  product: z.object({ id: z.string(), name: z.string(), image: z.string().optional() }),
  /** How the checkout was paid: 'Card', 'PayPal' or 'CashOnDelivery'. */
  PaymentType: z.string(),
  quantity: z.number().int().min(1),
  unitPrice: rupeesAnswer('Unit price paid'),
  refund: rupeesAnswer('What this return refunds'),
  reason: z.enum(RETURN_REASONS),
  description: z.string(),
  photos: z.array(z.string()),
  status: z.enum(RETURN_STATES),
  /** The seller's (or, after escalation, the admin's) instructions for sending the goods back. */
  instructions: z.string().optional(),
  /** The seller's reason for rejecting. */
  rejection: z.string().optional(),
  /** The customer's reason for escalating a rejection. */
  escalation: z.string().optional(),
  /** The admin's reason for closing an escalated return. */
  decision: z.string().optional(),
  /** Set when the seller received the goods: whether they went back to stock. */
  resellable: z.boolean().optional(),
  /** Cash on delivery: the reference of the bank transfer an admin recorded. */
  bankReference: z.string().optional(),
  /** When the refund was paid (ISO, UTC). */
  refundedAt: z.iso.datetime().optional(),
  timeline: z.array(ReturnTimelineEntrySchema),
  /** The return's version (≥ 1, +1 per change): send it back with the next write. */
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ReturnAnswer = z.output<typeof ReturnAnswerSchema>;

/** `GET /Returns/counts`: how many of the caller's returns are in each state, and `open` (not final). */
export const ReturnCountsAnswerSchema = z.object({
  ...(Object.fromEntries(RETURN_STATES.map((s) => [s, z.number().int().min(0)])) as Record<ReturnState, z.ZodNumber>),
  open: z.number().int().min(0),
});
export type ReturnCounts = z.output<typeof ReturnCountsAnswerSchema>;

/**
 * What order answers carry about a line's return (`Return` on `GET /Orders/get/{id}`,
 * `/PackageOrders/get/{id}` and the list rows).
 */
export const OrderReturnRefSchema = z.object({ ReturnID: z.string(), status: z.enum(RETURN_STATES) });

/**
 * The data of every return event (topic `ordering.return.v1`, keyed by the return id; the return is
 * the aggregate, `aggregateVersion` its version). `ret` is the return as it is after the change,
 * money in cents, for the returns read model and the e-mails. ReturnReceived adds `items`, the units
 * to give back to stock when `resellable` (the item of an item order or every item of a package
 * order, each the returned quantity times); ReturnRefunded adds `amountCents` (what was paid back).
 */
export const ReturnEventDataSchema = z.object({
  ret: z.object({
    _id: z.string().min(1),
    orderId: z.string().min(1),
    orderLineId: z.string().min(1),
    kind: z.enum(['item', 'package']),
    productId: z.string(),
    productName: z.string(),
    sellerId: z.string(),
    customerId: z.string(),
    paymentType: z.string(),
    quantity: z.number().int().min(1),
    refundCents: z.number().int().min(0),
    reason: z.enum(RETURN_REASONS),
    status: z.enum(RETURN_STATES),
    escalated: z.boolean(),
    version: z.number().int().min(1),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  /** The note of this step (instructions, reason), for the e-mails. */
  note: z.string().optional(),
  resellable: z.boolean().optional(),
  items: z.array(z.object({ itemId: z.string().min(1), quantity: z.number().int().min(1) })).optional(),
  amountCents: z.number().int().min(0).optional(),
});
export type ReturnEventData = z.output<typeof ReturnEventDataSchema>;
