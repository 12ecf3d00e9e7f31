/**
 * The cart slice's operations (spec 000 section 7 "Wishlist", "Cart"). The customer is
 * always the signed-in caller; another customer's wishlist or cart answers 404.
 */
import type { ApiOperation } from './api';
import { CartAnswerSchema, WishlistAnswerSchema } from './cart-answers';
import { CartWriteSchema, ITEM_IN_CART, ITEM_IN_WISHLIST, ITEM_QUANTITY_ZERO, ITEM_UNAVAILABLE, WishlistWriteSchema } from './cart';

const notYours = 'Absent, or not yours';

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
    responses: { 200: '`{ wishlistss }`', 400: '`{ error, fields }`', 404: notYours, 409: `${ITEM_IN_WISHLIST} / ${ITEM_UNAVAILABLE}` },
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
    responses: {
      200: 'The cart',
      400: `\`{ error, fields }\`, e.g. ${ITEM_QUANTITY_ZERO}`,
      404: notYours,
      409: `${ITEM_IN_CART} / ${ITEM_UNAVAILABLE} / Package is not available Right now!`,
    },
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
