/**
 * Cart, wishlist, wallet, checkout and order calls of the web app (spec 000 section 7;
 * docs/architecture.md, Money). Money on the wire is rupees. The server keeps cart quantities and prices
 * every checkout; the web app never sends a price.
 */
import type {
  CardView,
  CartView,
  CheckoutAnswerSchema,
  CheckoutLineAnswerSchema,
  CheckoutPay,
  DeliveryAddress,
  HistoryAnswerSchema,
  ItemOrderAnswerSchema,
  PackageOrderAnswerSchema,
  WishlistView,
} from '@market/contracts';
import type { z } from 'zod';
import type { BodyOf, QueryOf } from '@market/contracts/client';
import { gateway, type FormBody, type Page } from './client';

/** The status and month filters of the order lists. */
export type OrderFilters = FormBody<
  Pick<
    QueryOf<'get', '/Orders/getOrders'>,
    'status' | 'cancelledBy' | 'month' | 'OrderID' | 'SellerID' | 'customer' | 'from' | 'to' | 'sort'
  >
>;
type OrdersQuery = QueryOf<'get', '/Orders/getOrders'>;

/** A cash-on-delivery outcome (`OrderCodOutcomeSchema`). */
export type CodOutcome = BodyOf<'put', '/Orders/cod/{id}'>['outcome'];

/** A status a seller moves an order to (`OrderStatusChangeSchema`; the server refuses any other). */
type StatusChange = BodyOf<'put', '/Orders/status/{id}'>;

export type { CardView, CartView, WishlistView };

/** Which lines a cart line path names (contracts' CartLineKind). */
export type CartLineKind = 'items' | 'packages';

/** The wire shapes are the documented answer schemas (packages/contracts/src/ordering-answers.ts). */
export type CheckoutLine = z.output<typeof CheckoutLineAnswerSchema>;

export type Checkout = z.output<typeof CheckoutAnswerSchema>;

export type ItemOrder = z.output<typeof ItemOrderAnswerSchema>;

export type PackageOrder = z.output<typeof PackageOrderAnswerSchema>;

/** An order's shipment as answered (issue 31 item 1). */
export type Shipment = NonNullable<ItemOrder['Shipment']>;

export type HistoryRecord = z.output<typeof HistoryAnswerSchema>;

/** A card as the wallet form sends it (`POST /paymentdetails/add`). */
export type CardInput = BodyOf<'post', '/paymentdetails/add'>;

export const shopApi = {
  wishlist: (customerId: string) => gateway.call('post', '/wishlist/getByCustomerID/{customerId}', { params: { customerId } }),
  addToWishlist: (itemIds: string[]) => gateway.call('post', '/wishlist/addItems', { body: { Items: itemIds } }),
  /**
   * Removes one item; `version` is the wishlist's version the page showed, so a removal from a
   * page another device has changed since is refused (409, WISHLIST_CHANGED) instead of applied.
   */
  removeFromWishlist: (wishlistId: string, itemId: string, version: number) =>
    gateway.call('delete', '/wishlist/{wishlistId}/items/{itemId}', { params: { wishlistId, itemId }, query: { version } }),

  cart: (customerId: string) => gateway.call('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId } }),
  /**
   * The web app changes the cart one line at a time (issue 29): adding, setting a quantity or
   * removing one line never rewrites the others. `version` is the cart's version the page showed;
   * a change based on an older cart is refused (409, CART_CHANGED) and the page shows the cart as
   * it is now. Adding from a listing names no version (a duplicate is refused by the server).
   */
  addCartLine: (cartId: string, kind: CartLineKind, lineId: string, version?: number, quantity?: number) =>
    gateway.call('post', '/ShoppingCart/{cartId}/lines/{kind}/{lineId}', {
      params: { cartId, kind, lineId },
      body: { version, ...(quantity ? { quantity } : {}) },
    }),
  setCartLineQuantity: (cartId: string, kind: CartLineKind, lineId: string, quantity: number, version: number) =>
    gateway.call('put', '/ShoppingCart/{cartId}/lines/{kind}/{lineId}', { params: { cartId, kind, lineId }, body: { quantity, version } }),
  removeCartLine: (cartId: string, kind: CartLineKind, lineId: string, version: number) =>
    gateway.call('delete', '/ShoppingCart/{cartId}/lines/{kind}/{lineId}', { params: { cartId, kind, lineId }, query: { version } }),

  cards: () => gateway.call('get', '/paymentdetails/get') as Promise<CardView[]>,
  card: (id: string) => gateway.call('get', '/paymentdetails/getItem/{id}', { params: { id } }),
  addCard: (card: CardInput) => gateway.call('post', '/paymentdetails/add', { body: card }),
  updateCard: (id: string, card: BodyOf<'put', '/paymentdetails/update/{id}'>) =>
    gateway.call('put', '/paymentdetails/update/{id}', { params: { id }, body: card }),
  removeCard: (id: string) => gateway.call('delete', '/paymentdetails/delete/{id}', { params: { id } }),

  /** Prices the lines on the server; the same key answers the same checkout (a retry). */
  startCheckout: (lines: BodyOf<'post', '/checkout/session'>, idempotencyKey: string) =>
    gateway.call('post', '/checkout/session', { body: lines, headers: { 'Idempotency-Key': idempotencyKey } }),
  checkout: (checkoutId: string) => gateway.call('get', '/checkout/{checkoutId}', { params: { checkoutId } }),
  pay: (checkoutId: string, how: CheckoutPay) => gateway.call('post', '/checkout/{checkoutId}/pay', { params: { checkoutId }, body: how }),
  /** The wallet's completion; `deliveryAddress` (optional) is copied onto the checkout and its orders. */
  /** An admin cancels a paid checkout stuck waiting for its stock decision (refunded; issue 30). */
  cancelStuckCheckout: (checkoutId: string, reason: string) =>
    gateway.call('post', '/checkout/{checkoutId}/cancel', { params: { checkoutId }, body: { reason } }),
  payWithWallet: (checkoutId: string, deliveryAddress?: DeliveryAddress) =>
    gateway.call('post', '/paypal-transaction-complete', { body: { checkoutId, ...(deliveryAddress ? { deliveryAddress } : {}) } }),

  itemOrders: (page: number, limit: number, filters: OrderFilters = {}) =>
    gateway.call('get', '/Orders/getOrders', { query: { page, limit, ...filters } as OrdersQuery }) as Promise<Page<ItemOrder>>,
  packageOrders: (page: number, limit: number, filters: OrderFilters = {}) =>
    gateway.call('get', '/PackageOrders/getOrders', { query: { page, limit, ...filters } as OrdersQuery }) as Promise<Page<PackageOrder>>,
  /** One order with its timeline and payment (issue 30 item 8); the kind is read from the id (`-I<n>` / `-P<n>`). */
  order: (id: string) =>
    /-P\d+$/.test(id)
      ? gateway.call('get', '/PackageOrders/get/{id}', { params: { id } })
      : gateway.call('get', '/Orders/get/{id}', { params: { id } }),
  setItemOrderStatus: (id: string, status: string) =>
    gateway.call('put', '/Orders/status/{id}', { params: { id }, body: { status } as StatusChange }),
  setPackageOrderStatus: (id: string, status: string) =>
    gateway.call('put', '/PackageOrders/status/{id}', { params: { id }, body: { status } as StatusChange }),
  /** The seller's status change with its shipment and the version seen (issue 31 item 1). */
  setOrderStatus: (kind: 'item' | 'package', id: string, body: StatusChange) =>
    kind === 'item'
      ? gateway.call('put', '/Orders/status/{id}', { params: { id }, body })
      : gateway.call('put', '/PackageOrders/status/{id}', { params: { id }, body }),
  /** The customer cancels an own Confirmed, unshipped order with a reason (issue 31 item 2). */
  cancelMyOrder: (kind: 'item' | 'package', id: string, reason: string, version?: number) =>
    kind === 'item'
      ? gateway.call('put', '/Orders/cancel/{id}', { params: { id }, body: { reason, version } })
      : gateway.call('put', '/PackageOrders/cancel/{id}', { params: { id }, body: { reason, version } }),
  /** An admin finishes any seller's order (issue 30): cancel an unshipped one (refund) or mark a shipped one delivered, with the reason the customer sees. */
  resolveOrder: (kind: 'item' | 'package', id: string, status: 'Cancelled' | 'Delivered', reason: string) =>
    kind === 'item'
      ? gateway.call('put', '/Orders/resolve/{id}', { params: { id }, body: { status, reason } })
      : gateway.call('put', '/PackageOrders/resolve/{id}', { params: { id }, body: { status, reason } }),
  /** What happened at the door of a shipped cash-on-delivery order (issue 29): cash collected, or delivery refused. */
  setCodOutcome: (kind: 'item' | 'package', id: string, outcome: CodOutcome) =>
    kind === 'item'
      ? gateway.call('put', '/Orders/cod/{id}', { params: { id }, body: { outcome } })
      : gateway.call('put', '/PackageOrders/cod/{id}', { params: { id }, body: { outcome } }),

  history: (page: number, limit: number, q?: string) =>
    gateway.call('get', '/orderhistory/getItems', { query: { page, limit, q } }) as Promise<Page<HistoryRecord>>,
  historyRecord: (id: string) => gateway.call('get', '/orderhistory/get/{id}', { params: { id } }),
};

const CHECKOUT_KEY = 'market.checkoutId';

/** The checkout being paid in this tab (kept across the payment screens). */
export const currentCheckout = {
  get: (): string | null => sessionStorage.getItem(CHECKOUT_KEY),
  set: (id: string) => sessionStorage.setItem(CHECKOUT_KEY, id),
  clear: () => sessionStorage.removeItem(CHECKOUT_KEY),
};
