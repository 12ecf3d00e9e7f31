/**
 * Cart, wishlist, wallet, checkout and order calls of the web app (spec 000 section 7; issue 5;
 * DESIGN.md section 6). Money on the wire is rupees. The server keeps cart quantities and prices
 * every checkout; the web app never sends a price.
 */
import type {
  CardView,
  CartView,
  CheckoutAnswerSchema,
  CheckoutLineAnswerSchema,
  CheckoutPay,
  HistoryAnswerSchema,
  ItemOrderAnswerSchema,
  PackageOrderAnswerSchema,
  WishlistView,
} from '@market/contracts';
import type { z } from 'zod';
import { api, query, type Page } from './client';

export type { CardView, CartView, WishlistView };

/** The wire shapes are the documented answer schemas (packages/contracts/src/ordering-answers.ts). */
export type CheckoutLine = z.output<typeof CheckoutLineAnswerSchema>;

export type Checkout = z.output<typeof CheckoutAnswerSchema>;

export type ItemOrder = z.output<typeof ItemOrderAnswerSchema>;

export type PackageOrder = z.output<typeof PackageOrderAnswerSchema>;

export type HistoryRecord = z.output<typeof HistoryAnswerSchema>;

export interface CardInput {
  cardowner: string;
  cardnumber: string;
  carddate: string;
  cardcvv: string;
}

export const shopApi = {
  wishlist: (customerId: string) => api<{ wishlistss: WishlistView }>('POST', `/wishlist/getByCustomerID/${customerId}`),
  addToWishlist: (itemIds: string[]) => api<{ wishlistss: WishlistView }>('POST', '/wishlist/addItems', { Items: itemIds }),
  setWishlist: (wishlistId: string, items: string[]) =>
    api<{ wishlistss: WishlistView }>('PUT', `/wishlist/update/${wishlistId}`, { Items: items }),

  cart: (customerId: string) => api<CartView>('GET', `/ShoppingCart/getOneCart/${customerId}`),
  setCart: (cart: Pick<CartView, '_id' | 'ItemIDs' | 'PackageIDs' | 'ItemQuantities' | 'PackageQuantities'>) =>
    api<CartView>('PUT', `/ShoppingCart/updateSItem/${cart._id}`, {
      ItemIDs: cart.ItemIDs,
      PackageIDs: cart.PackageIDs,
      ItemQuantities: cart.ItemQuantities,
      PackageQuantities: cart.PackageQuantities,
    }),

  cards: () => api<CardView[]>('GET', '/paymentdetails/get'),
  card: (id: string) => api<CardView>('GET', `/paymentdetails/getItem/${id}`),
  addCard: (card: CardInput) => api<CardView>('POST', '/paymentdetails/add', card),
  updateCard: (id: string, card: Partial<CardInput> & { carddate: string }) => api<CardView>('PUT', `/paymentdetails/update/${id}`, card),
  removeCard: (id: string) => api<{ message: string }>('DELETE', `/paymentdetails/delete/${id}`),

  /** Prices the lines on the server; the same key answers the same checkout (a retry). */
  startCheckout: (
    lines: { items: { itemId: string; quantity: number }[]; packages: { packageId: string; quantity: number }[] },
    idempotencyKey: string,
  ) => api<Checkout>('POST', '/checkout/session', lines, { 'Idempotency-Key': idempotencyKey }),
  checkout: (checkoutId: string) => api<Checkout>('GET', `/checkout/${checkoutId}`),
  pay: (checkoutId: string, how: CheckoutPay) => api<Checkout>('POST', `/checkout/${checkoutId}/pay`, how),
  payWithWallet: (checkoutId: string) => api<Checkout>('POST', '/paypal-transaction-complete', { checkoutId }),

  itemOrders: (page: number, limit: number, filters: { status?: string; month?: string } = {}) =>
    api<Page<ItemOrder>>('GET', `/Orders/getOrders${query({ page, limit, ...filters })}`),
  packageOrders: (page: number, limit: number, filters: { status?: string; month?: string } = {}) =>
    api<Page<PackageOrder>>('GET', `/PackageOrders/getOrders${query({ page, limit, ...filters })}`),
  setItemOrderStatus: (id: string, status: string) => api<ItemOrder>('PUT', `/Orders/status/${id}`, { status }),
  setPackageOrderStatus: (id: string, status: string) => api<PackageOrder>('PUT', `/PackageOrders/status/${id}`, { status }),

  history: (page: number, limit: number, q?: string) =>
    api<Page<HistoryRecord>>('GET', `/orderhistory/getItems${query({ page, limit, q })}`),
  historyRecord: (id: string) => api<HistoryRecord>('GET', `/orderhistory/get/${id}`),
};

const CHECKOUT_KEY = 'market.checkoutId';

/** The checkout being paid in this tab (kept across the payment screens). */
export const currentCheckout = {
  get: (): string | null => sessionStorage.getItem(CHECKOUT_KEY),
  set: (id: string) => sessionStorage.setItem(CHECKOUT_KEY, id),
  clear: () => sessionStorage.removeItem(CHECKOUT_KEY),
};
