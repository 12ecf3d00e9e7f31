/**
 * What the header and the listings show of the signed-in customer's own cart and wishlist (issue 32
 * item 3): the number of units in the cart (the header's badge) and the ids in the wishlist (filled
 * hearts). One read each, shared by every component through the query cache (the same key asked by
 * twenty cards is sent once), refreshed after every cart or wishlist write (lib/queryClient.tsx).
 * A guest reads nothing: no request, so no 401 in the console.
 */
import { shopApi } from '../api/shop';
import { useOptionalSession } from '../session/session';
import { useAsync } from './useAsync';

/** Units in a cart: the quantities of its item and package lines (1 for a line without one). */
export function cartUnits(cart: {
  ItemIDs: string[];
  PackageIDs: string[];
  ItemQuantities?: Record<string, number>;
  PackageQuantities?: Record<string, number>;
}): number {
  const items = cart.ItemIDs.reduce((n, id) => n + (cart.ItemQuantities?.[id] ?? 1), 0);
  return items + cart.PackageIDs.reduce((n, id) => n + (cart.PackageQuantities?.[id] ?? 1), 0);
}

/** The signed-in customer's cart units, or null for a guest (and until the cart has loaded). */
export function useCartCount(): number | null {
  const customerId = useOptionalSession('customer')?.profile._id ?? null;
  const cart = useAsync(['cart', 'cart', customerId], async () => (customerId ? shopApi.cart(customerId) : null));
  return customerId && cart.data ? cartUnits(cart.data) : null;
}

/** The ids in the signed-in customer's wishlist (empty for a guest and until it has loaded). */
export function useWishlistIds(): ReadonlySet<string> {
  const customerId = useOptionalSession('customer')?.profile._id ?? null;
  const list = useAsync(['wishlist', 'ids', customerId], async () =>
    customerId ? new Set((await shopApi.wishlist(customerId)).wishlistss.Items) : null,
  );
  return list.data ?? EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();
