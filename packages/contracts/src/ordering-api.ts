/**
 * The ordering slice's operations (spec 000 section 7 "Cards", "Orders and history"; spec 001
 * section 7 "Orders"; docs/architecture.md, Departures from the documents for the checkout command
 * that replaces the client-driven order POSTs). Every list is scoped to the caller: a customer
 * their own, a seller the orders of their items and packages, an admin all.
 */
import type { ApiOperation } from './api';
import {
  ADD_ORDER_RETIRED,
  CardCreateSchema,
  CardUpdateSchema,
  CheckoutCancelSchema,
  CheckoutPaySchema,
  NOT_AWAITING_STOCK,
  CheckoutSessionSchema,
  HistoryListQuerySchema,
  OrderListQuerySchema,
  OrderCodOutcomeSchema,
  OrderResolveSchema,
  OrderStatusChangeSchema,
  OrderCustomerCancelSchema,
  ALREADY_SHIPPED,
  NOT_CANCELLABLE,
  ORDER_CHANGED,
  WalletCompleteSchema,
  COD_NOT_SHIPPED,
  COD_DELIVER_WITH_CASH,
  WRONG_CVV,
  CVC_LOCKED_ACCOUNT,
  CVC_LOCKED_CARD,
  MAX_WRONG_CVC_PER_ACCOUNT,
  MAX_WRONG_CVC_PER_CARD,
  WRONG_CVC_WINDOW_MINUTES,
} from './ordering';
import {
  CardAnswerSchema,
  CheckoutAnswerSchema,
  CustomerOrdersAnswerSchema,
  HistoryAnswerSchema,
  ItemOrderAnswerSchema,
  ItemOrderDetailAnswerSchema,
  PackageOrderAnswerSchema,
  PackageOrderDetailAnswerSchema,
} from './ordering-answers';
import { listAnswer, MessageAnswerSchema, PageQuerySchema, UNPAGED_CAP } from './paging';
import { UNPAGED_SEARCH_LIMIT } from './catalogue';

const notYours = 'Absent, or not yours';
/** A list's 200 answer (an unpaged list is never cut silently; see services' http/listAnswer.ts). */
const paged = `Array (documented shape): every matching row up to ${UNPAGED_CAP}, with header \`X-Total-Count\`; when more match, the first ${UNPAGED_CAP} in the list's order with headers \`X-Result-Truncated: true\` and \`X-Total-Count\` (use page/limit to read the rest). With page/limit: \`{ items, total, page, limit }\``;

function orderOperations<P extends 'Orders' | 'PackageOrders'>(prefix: P, tag: string) {
  const order = prefix === 'Orders' ? ItemOrderAnswerSchema : PackageOrderAnswerSchema;
  const detail = prefix === 'Orders' ? ItemOrderDetailAnswerSchema : PackageOrderDetailAnswerSchema;
  return [
    {
      method: 'get',
      path: `/${prefix}/get/{id}`,
      tag,
      summary:
        'One order with its timeline and its payment (issue 30 item 8: the order page): for its customer, its seller, or an admin; anyone else gets 404',
      audience: ['customer', 'seller', 'admin'],
      added: true,
      response: detail,
      responses: { 200: 'The order with `Timeline` and `Payment`', 404: notYours },
    },
    {
      method: 'get',
      path: `/${prefix}/getOrders`,
      tag,
      summary: `${tag}: a customer's own, a seller's received, or all (admin); filters month, year, status, cancelledBy (customer, seller, admin, marketplace), OrderID, SellerID, customer (delivery name or phone), from/to (Sri Lanka days); sort newest (default), oldest, total-high, total-low`,
      audience: ['customer', 'seller', 'admin'],
      query: OrderListQuerySchema.extend(PageQuerySchema.shape),
      response: listAnswer(order),
      responses: { 200: paged, 400: 'Bad filter' },
    },
    {
      method: 'put',
      path: `/${prefix}/status/{id}`,
      tag,
      summary:
        "The seller moves an own order: Confirmed → Shipped or Cancelled, Shipped → Delivered. Shipped may carry the shipment (issue 31): `courier` (a key of the couriers list; `courierName` for `other`), `trackingNumber`, optional `expectedDelivery` (YYYY-MM-DD); the customer sees it on the order and in the shipped e-mail; `{ status }` alone still works. Cancelled gives its stock back, refunds it (the payment history shows PartiallyRefunded, or Refunded with delivery and VAT once every order of the checkout is cancelled) and e-mails the customer, shortly after the answer. Optional `version`: the order's version seen (stale: 409)",
      audience: ['seller'],
      added: true,
      body: OrderStatusChangeSchema,
      response: order,
      responses: {
        200: 'The order',
        400: '`{ error, fields }`',
        404: notYours,
        409: `Not allowed from the current status / ${COD_DELIVER_WITH_CASH} / ${ORDER_CHANGED}`,
      },
    },
    {
      method: 'put',
      path: `/${prefix}/cancel/{id}`,
      tag,
      summary:
        "The customer cancels an own order that is Confirmed and not shipped yet (issue 31 item 2), with the reason the seller is told: its stock goes back, the payment is refunded once (nothing for cash on delivery), the payment history and reports follow, and the customer and the seller are e-mailed, shortly after the answer. Optional `version`: the order's version seen (stale: 409)",
      audience: ['customer'],
      added: true,
      body: OrderCustomerCancelSchema,
      response: order,
      responses: {
        200: 'The order, Cancelled, with `StatusNote` `{ by: customer, reason }`',
        400: '`{ error, fields }`',
        404: notYours,
        409: `${ALREADY_SHIPPED} / ${NOT_CANCELLABLE} / ${ORDER_CHANGED}`,
      },
    },
    {
      method: 'put',
      path: `/${prefix}/resolve/{id}`,
      tag,
      summary:
        "An admin finishes any seller's order the seller cannot (issue 30: every saga ends; the unshipped orders of a removed seller are cancelled by themselves): Confirmed → Cancelled (stock back, refund, the customer e-mailed with the reason) or Shipped → Delivered. The reason is kept on the order as `statusNote`",
      audience: ['admin'],
      added: true,
      body: OrderResolveSchema,
      response: order,
      responses: {
        200: 'The order',
        400: '`{ error, fields }`',
        404: 'No such order',
        409: `Not allowed from the current status / ${COD_DELIVER_WITH_CASH} / changed meanwhile`,
      },
    },
    {
      method: 'put',
      path: `/${prefix}/cod/{id}`,
      tag,
      summary:
        "Cash on delivery (issue 29): the seller (or an admin, for any seller's order) says what happened at the door of a shipped order. `collected` → Delivered with the cash collected (the payment history counts it); `refused` → Cancelled, its stock released, nothing refunded, the customer e-mailed, and the refusal counted against cash on delivery for the customer",
      audience: ['seller', 'admin'],
      added: true,
      body: OrderCodOutcomeSchema,
      response: order,
      responses: {
        200: 'The order',
        400: '`{ error, fields }`',
        404: notYours,
        409: `${COD_NOT_SHIPPED} / not paid by cash on delivery / changed meanwhile`,
      },
    },
    {
      method: 'post',
      path: `/${prefix}/addOrder`,
      tag,
      summary: 'Retired: orders are placed by the checkout command and never carry client prices',
      audience: ['admin'],
      responses: { 410: ADD_ORDER_RETIRED },
    },
  ] as const satisfies readonly ApiOperation[];
}

export const ORDERING_OPERATIONS = [
  {
    method: 'get',
    path: '/paymentdetails/get',
    tag: 'Cards',
    summary: 'The own saved cards, numbers masked',
    audience: ['customer'],
    query: PageQuerySchema,
    response: listAnswer(CardAnswerSchema),
    responses: { 200: paged },
  },
  {
    method: 'get',
    path: '/paymentdetails/getItem/{id}',
    tag: 'Cards',
    summary: 'An own card, number masked',
    audience: ['customer'],
    response: CardAnswerSchema,
    responses: { 200: 'The card', 404: notYours },
  },
  {
    method: 'post',
    path: '/paymentdetails/add',
    tag: 'Cards',
    summary: 'Save a card: type from the first digit; only holder, type, last 4, expiry and keyed hashes are stored',
    audience: ['customer'],
    body: CardCreateSchema,
    response: CardAnswerSchema,
    responses: {
      201: 'The card (masked)',
      400: '`{ error, fields }`',
      409: "'This Card is Already in Your Wallet.' (`{ error, fields: { cardnumber } }`): the customer already saved this number with this expiry",
    },
  },
  {
    method: 'put',
    path: '/paymentdetails/update/{id}',
    tag: 'Cards',
    summary: 'Edit an own card: expiry, holder, or a new number with its CVC',
    audience: ['customer'],
    body: CardUpdateSchema,
    response: CardAnswerSchema,
    responses: {
      200: 'The card (masked)',
      400: '`{ error, fields }`',
      404: notYours,
      409: "'This Card is Already in Your Wallet.': another of the customer's cards has this number and expiry",
    },
  },
  {
    method: 'delete',
    path: '/paymentdetails/delete/{id}',
    tag: 'Cards',
    summary: 'Remove an own card',
    audience: ['customer'],
    response: MessageAnswerSchema,
    responses: { 200: 'Deleted', 404: notYours },
  },
  {
    method: 'post',
    path: '/checkout/session',
    tag: 'Checkout',
    summary:
      'Price the lines on the server (FinalPrice, package price, + Rs. 100 delivery & VAT). Header `Idempotency-Key` makes a retry answer the same checkout',
    audience: ['customer'],
    added: true,
    body: CheckoutSessionSchema,
    response: CheckoutAnswerSchema,
    responses: {
      201: '`{ checkoutId, OrderID, Amount, lines, status }`',
      400: '`{ error, fields }`',
      409: 'Item is not available Right now! / Package is not available Right now! / not enough stock',
    },
  },
  {
    method: 'get',
    path: '/checkout/{checkoutId}',
    tag: 'Checkout',
    summary: 'An own checkout and where its saga stands (Open, AwaitingStock, Confirmed, Rejected)',
    audience: ['customer'],
    added: true,
    response: CheckoutAnswerSchema,
    responses: { 200: 'The checkout', 404: notYours },
  },
  {
    method: 'post',
    path: '/checkout/{checkoutId}/pay',
    tag: 'Checkout',
    summary:
      'Pay an own checkout with a saved card and its CVC, the wallet provider, or cash on delivery (`{ paymentType: "cod", deliveryAddress }`: nothing is charged now; up to the limit, not for customers with two refused deliveries in 90 days); paying twice answers the first result',
    audience: ['customer'],
    added: true,
    body: CheckoutPaySchema,
    response: CheckoutAnswerSchema,
    responses: {
      200: 'The checkout with its receipt',
      400: WRONG_CVV,
      404: notYours,
      409: 'Item is not available Right now! / Package is not available Right now! (deleted, unavailable or outside its dates since pricing; the answer adds `unavailable: { items, packages }`, the ids of every such line: LinesUnavailableAnswerSchema) / the checkout changed / cash on delivery over the limit or refused for the account (the message says which)',
      429: `${CVC_LOCKED_CARD} (${MAX_WRONG_CVC_PER_CARD} wrong CVCs) / ${CVC_LOCKED_ACCOUNT} (${MAX_WRONG_CVC_PER_ACCOUNT} over its cards), for ${WRONG_CVC_WINDOW_MINUTES} minutes; Retry-After: the seconds left`,
    },
  },
  {
    method: 'post',
    path: '/checkout/{checkoutId}/cancel',
    tag: 'Checkout',
    summary:
      'An admin cancels a paid checkout still waiting for its stock decision (issue 30: every saga ends): the payment is refunded, the checkout and its orders become Rejected, the customer is told the reason; whatever stock the catalogue reserved for it goes back',
    audience: ['admin'],
    added: true,
    body: CheckoutCancelSchema,
    response: CheckoutAnswerSchema,
    responses: { 200: 'The checkout, Rejected', 400: '`{ error, fields }`', 404: 'No such checkout', 409: NOT_AWAITING_STOCK },
  },
  {
    method: 'post',
    path: '/paypal-transaction-complete',
    tag: 'Checkout',
    summary: 'The wallet provider completed: pays the checkout with its server-computed amount',
    audience: ['customer'],
    body: WalletCompleteSchema,
    response: CheckoutAnswerSchema,
    responses: {
      200: 'The checkout with its receipt',
      404: notYours,
      409: 'Item is not available Right now! / Package is not available Right now!, with `unavailable: { items, packages }` (as the pay command)',
    },
  },
  ...orderOperations('Orders', 'Item orders'),
  ...orderOperations('PackageOrders', 'Package orders'),
  {
    method: 'get',
    path: '/orderhistory/getItems',
    tag: 'Payment history',
    summary:
      "Order-history records, newest first: a customer's own, or all (admin); `q` searches receipt number and payment type (an admin's search is served by the transactions search index)",
    audience: ['customer', 'admin'],
    query: HistoryListQuerySchema.extend(PageQuerySchema.shape),
    response: listAnswer(HistoryAnswerSchema),
    responses: {
      200: paged,
      400: `Invalid input; or an admin's search page starting past the first ${UNPAGED_SEARCH_LIMIT.toLocaleString('en')} matches`,
      503: "`{ error }`: an admin's search while the search index is not reachable (everything else keeps working)",
    },
  },
  {
    method: 'get',
    path: '/orderhistory/get/{id}',
    tag: 'Payment history',
    summary: 'One order-history record (own, or admin)',
    audience: ['customer', 'admin'],
    response: HistoryAnswerSchema,
    responses: { 200: 'The record', 404: notYours },
  },
  {
    method: 'post',
    path: '/orderhistory/addItems',
    tag: 'Payment history',
    summary: 'Retired: history records are written by the checkout command',
    audience: ['admin'],
    responses: { 410: ADD_ORDER_RETIRED },
  },
  {
    method: 'get',
    path: '/customerOrders/getCusOrder',
    tag: 'Payment history',
    summary: 'Customer-order records `{ CustomerID, Orders }`: the own one, or all (admin; newest record first)',
    audience: ['customer', 'admin'],
    query: PageQuerySchema,
    response: listAnswer(CustomerOrdersAnswerSchema),
    responses: { 200: paged },
  },
] as const satisfies readonly ApiOperation[];
