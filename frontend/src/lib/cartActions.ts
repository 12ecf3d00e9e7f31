/**
 * Adding to the cart and the wishlist from any listing (spec 000 sections 4, 5 and 8): the cart
 * and wishlist live on the server, which refuses duplicates and unavailable lines with the
 * documents' messages; the notices use the documents' texts. Each addition is one line
 * (`POST /ShoppingCart/{cartId}/lines/...`), never a rewrite of the whole cart (issue 29).
 */
import { ITEM_IN_CART, ITEM_IN_WISHLIST, PACKAGE_IN_CART } from '@market/contracts/rules';
import { ApiError } from '../api/client';
import { shopApi } from '../api/shop';
import { notifyError, notifySuccess } from './notify';

/**
 * Adds an item (or a package) line to the customer's cart.
 * @param quantity - units of the line (the item page's picker, issue 32 item 3); 1 when absent
 */
export async function addToCart(customerId: string, line: { itemId?: string; packageId?: string }, quantity?: number): Promise<void> {
  try {
    const cart = await shopApi.cart(customerId);
    if (line.itemId && cart.ItemIDs.includes(line.itemId)) throw new ApiError(409, ITEM_IN_CART);
    if (line.packageId && cart.PackageIDs.includes(line.packageId)) throw new ApiError(409, PACKAGE_IN_CART);
    // One line, added to the cart as the server has it now: no other tab's line is rewritten.
    if (line.itemId) await shopApi.addCartLine(cart._id, 'items', line.itemId, undefined, quantity);
    else if (line.packageId) await shopApi.addCartLine(cart._id, 'packages', line.packageId);
    notifySuccess(line.itemId ? 'Item added to cart Successfully!' : 'Package added to cart Successfully!');
  } catch (err) {
    notifyError('Oops...', err);
  }
}

/** Adds an item to the customer's wishlist. */
export async function addToWishlist(customerId: string, itemId: string): Promise<void> {
  try {
    const { wishlistss } = await shopApi.wishlist(customerId);
    if (wishlistss.Items.includes(itemId)) throw new ApiError(409, ITEM_IN_WISHLIST);
    await shopApi.addToWishlist([itemId]);
    notifySuccess('Your Item has been added to your wishlist!');
  } catch (err) {
    notifyError('Oops...', err);
  }
}
