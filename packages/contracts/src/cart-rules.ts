/**
 * The cart's messages and line limit (spec 000 sections 4 and 8), without zod: the web
 * app's cart and listing pages import them without the schemas (initial JavaScript).
 * `./cart` re-exports them beside its schemas.
 */
export const ITEM_IN_CART = 'Item Already in Your Shopping Cart.';
export const PACKAGE_IN_CART = 'Package Already in Your Shopping Cart.';
export const ITEM_IN_WISHLIST = 'Item Already in Your Wishlist.';
export const ITEM_UNAVAILABLE = 'Item is not available Right now!';
export const PACKAGE_UNAVAILABLE = 'Package is not available Right now!';
export const ITEM_QUANTITY_ZERO = 'Item Quantity Cannot be reduced to zero';
export const PACKAGE_QUANTITY_ZERO = 'Package Quantity Cannot be reduced to zero';
/** Most units of one line a cart holds (the stock limit of an item, spec 001 section 9). */
export const MAX_LINE_QUANTITY = 200;
export const LINE_QUANTITY_MAX = `Quantity cannot be more than ${MAX_LINE_QUANTITY}`;
/**
 * A cart write based on an older version of the cart (another tab or device changed it since):
 * answered 409 (body `version`) or 412 (`If-Match`) with the current cart, nothing written.
 */
export const CART_CHANGED = 'Your cart changed on another device; here it is now.';
/** The same for a wishlist write (answered with the current wishlist). */
export const WISHLIST_CHANGED = 'Your wishlist changed on another device; here it is now.';
/** A quantity change or removal of a line the cart does not hold (404). */
export const LINE_NOT_IN_CART = 'This line is not in your cart any more.';
/** An `If-Match` that is not a version the cart or wishlist answered (400). */
export const BAD_CART_VERSION = 'If-Match must be the version you loaded';
/**
 * The refusal of a line asking for more units than the item has in stock: checkout's message
 * (services/ordering/src/domain/pricing.ts), also shown by the cart screen where the quantity is
 * raised.
 * @param stock - units the item has left (its `Quantity`)
 * @param name - the item's name
 */
export const onlyLeftInStock = (stock: number, name: string): string => `Only ${stock} of ${name} left in stock`;
