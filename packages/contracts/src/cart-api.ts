/**
 * The cart slice's operations (spec 000 section 7 "Wishlist", "Cart"). The customer is
 * always the signed-in caller; another customer's wishlist or cart answers 404.
 */
import type { ApiOperation } from './api';
import { CartAnswerSchema, WishlistAnswerSchema } from './cart-answers';
import {
  CART_CHANGED,
  CartLineWriteSchema,
  CartWriteSchema,
  ITEM_IN_CART,
  ITEM_IN_WISHLIST,
  ITEM_QUANTITY_ZERO,
  ITEM_UNAVAILABLE,
  LINE_NOT_IN_CART,
  LineRemovalQuerySchema,
  WISHLIST_CHANGED,
  WishlistWriteSchema,
} from './cart';

const notYours = 'Absent, or not yours';
/** The stale-write answers of a cart write naming a version (contracts' CART_CHANGED). */
const cartStale = `${CART_CHANGED} (the body also holds the current cart as \`cart\`; 412 when the version came as If-Match)`;
const wishlistStale = `${WISHLIST_CHANGED} (the body also holds the current wishlist as \`wishlistss\`; 412 when the version came as If-Match)`;
const ifMatch = [
  { name: 'If-Match', description: 'The `version` the change was based on (`"3"`), instead of the body or query `version`' },
] as const;

export const CART_OPERATIONS = [
  {
    method: 'post',
    path: '/wishlist/getByCustomerID/{customerId}',
    tag: 'Wishlist',
    summary: 'The own wishlist: `{ wishlistss: { _id, CustomerID, Items } }`',
    audience: ['customer'],
    response: WishlistAnswerSchema,
    responses: { 200: '`{ wishlistss }`', 404: notYours },
  },
  {
    method: 'put',
    path: '/wishlist/update/{wishlistId}',
    tag: 'Wishlist',
    summary: "Replace the own wishlist's Items (newly added items must be available; no duplicates)",
    audience: ['customer'],
    body: WishlistWriteSchema,
    response: WishlistAnswerSchema,
    headers: ifMatch,
    responses: {
      200: '`{ wishlistss }`',
      400: '`{ error, fields }`',
      404: notYours,
      409: `${ITEM_IN_WISHLIST} / ${ITEM_UNAVAILABLE} / ${wishlistStale}`,
      412: wishlistStale,
    },
  },
  {
    method: 'delete',
    path: '/wishlist/{wishlistId}/items/{itemId}',
    tag: 'Wishlist',
    summary: 'Remove one item from the own wishlist (safe to repeat); a `version` older than the wishlist is refused',
    audience: ['customer'],
    query: LineRemovalQuerySchema,
    headers: ifMatch,
    response: WishlistAnswerSchema,
    responses: { 200: '`{ wishlistss }`', 400: '`{ error, fields }`', 404: notYours, 409: wishlistStale, 412: wishlistStale },
    added: true,
  },
  {
    method: 'post',
    path: '/wishlist/addItems',
    tag: 'Wishlist',
    summary: 'Add items to the own wishlist',
    audience: ['customer'],
    body: WishlistWriteSchema,
    response: WishlistAnswerSchema,
    responses: { 201: '`{ wishlistss }`', 400: '`{ error, fields }`', 409: `${ITEM_IN_WISHLIST} / ${ITEM_UNAVAILABLE}` },
  },
  {
    method: 'get',
    path: '/ShoppingCart/getOneCart/{customerId}',
    tag: 'Cart',
    summary: 'The own cart: `{ _id, customerID, ItemIDs, PackageIDs, ItemQuantities, PackageQuantities }`',
    audience: ['customer'],
    response: CartAnswerSchema,
    responses: { 200: 'The cart', 404: notYours },
  },
  {
    method: 'put',
    path: '/ShoppingCart/updateSItem/{cartId}',
    tag: 'Cart',
    summary: "Replace the own cart's lines and quantities (a failed update changes nothing)",
    audience: ['customer'],
    body: CartWriteSchema,
    response: CartAnswerSchema,
    headers: ifMatch,
    responses: {
      200: 'The cart',
      400: `\`{ error, fields }\`, e.g. ${ITEM_QUANTITY_ZERO}`,
      404: notYours,
      409: `${ITEM_IN_CART} / ${ITEM_UNAVAILABLE} / Package is not available Right now! / ${cartStale}`,
      412: cartStale,
    },
  },
  {
    method: 'post',
    path: '/ShoppingCart/{cartId}/lines/{kind}/{lineId}',
    tag: 'Cart',
    summary: 'Add one item (`kind` items) or package (`packages`) line to the own cart, `quantity` units (default 1)',
    audience: ['customer'],
    body: CartLineWriteSchema,
    headers: ifMatch,
    response: CartAnswerSchema,
    responses: {
      200: 'The cart',
      400: '`{ error, fields }`',
      404: notYours,
      409: `${ITEM_IN_CART} / ${ITEM_UNAVAILABLE} / ${cartStale}`,
      412: cartStale,
    },
    added: true,
  },
  {
    method: 'put',
    path: '/ShoppingCart/{cartId}/lines/{kind}/{lineId}',
    tag: 'Cart',
    summary: "Set one line's quantity (`quantity` required) in the own cart",
    audience: ['customer'],
    body: CartLineWriteSchema,
    headers: ifMatch,
    response: CartAnswerSchema,
    responses: {
      200: 'The cart',
      400: `\`{ error, fields }\`, e.g. ${ITEM_QUANTITY_ZERO}`,
      404: `${notYours}; or ${LINE_NOT_IN_CART}`,
      409: cartStale,
      412: cartStale,
    },
    added: true,
  },
  {
    method: 'delete',
    path: '/ShoppingCart/{cartId}/lines/{kind}/{lineId}',
    tag: 'Cart',
    summary: 'Remove one line from the own cart (safe to repeat)',
    audience: ['customer'],
    query: LineRemovalQuerySchema,
    headers: ifMatch,
    response: CartAnswerSchema,
    responses: { 200: 'The cart', 400: '`{ error, fields }`', 404: notYours, 409: cartStale, 412: cartStale },
    added: true,
  },
  {
    method: 'post',
    path: '/ShoppingCart/createrCart',
    tag: 'Cart',
    summary: 'The own cart, created with these lines if the customer has none',
    audience: ['customer'],
    body: CartWriteSchema,
    response: CartAnswerSchema,
    responses: { 200: 'The existing cart', 201: 'The new cart', 400: '`{ error, fields }`', 409: ITEM_UNAVAILABLE },
  },
] as const satisfies readonly ApiOperation[];
