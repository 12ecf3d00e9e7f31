/**
 * Guest browsing (issue 32 item 1): a guest who presses Add to cart, Add to wishlist or Buy Now is
 * asked to sign in first, then comes back to the page they were on with the action done.
 *
 * The action waits in the tab's sessionStorage (`pendingShopAction`, JSON {@link PendingAction}
 * with the page it came from) while the login page runs; the customer area runs it once after
 * signing in ({@link usePendingAction}, CustomerLayout) and forgets it. An action older than ten
 * minutes is dropped: the shopper has moved on.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { beginCheckout } from './checkoutStart';
import { addToCart, addToWishlist } from './cartActions';
import { notifyError } from './notify';

/** What the guest asked for: a line in the cart, an item in the wishlist, or buying one item now. */
export type PendingAction =
  // `quantity`: what the item page's picker said (issue 32 item 3); 1 when absent.
  | { kind: 'cart'; itemId?: string; packageId?: string; quantity?: number }
  | { kind: 'wishlist'; itemId: string }
  | { kind: 'buy'; itemId: string; quantity?: number };

const KEY = 'pendingShopAction';
/** How long an action waits for the sign-in (ms). */
const MAX_AGE_MS = 10 * 60_000;

interface Stored {
  action: PendingAction;
  from: string;
  at: number;
}

/** The customer's login page, which returns to `from` (pages/public/Logins.tsx). */
const LOGIN = '/CustomerLogin';

/** A function that keeps `action` and sends the guest to sign in, to come back to this page. */
export function useSignInFirst(): (action: PendingAction) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (action: PendingAction) => {
      const from = `${location.pathname}${location.search}`;
      sessionStorage.setItem(KEY, JSON.stringify({ action, from, at: Date.now() } satisfies Stored));
      navigate(LOGIN, { state: { from } });
    },
    [navigate, location.pathname, location.search],
  );
}

/** The kept action, removed as it is read; null when there is none, it is too old or unreadable. */
export function takePendingAction(now = Date.now()): PendingAction | null {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Stored;
    return now - stored.at <= MAX_AGE_MS ? stored.action : null;
  } catch {
    return null;
  }
}

/**
 * Runs the action a guest asked for before signing in, once, when the signed-in customer
 * `customerId` is known (cart and wishlist say so in a notice; Buy Now opens the payment choice).
 */
export function usePendingAction(customerId: string | undefined): void {
  const navigate = useNavigate();
  const ran = useRef(false);
  useEffect(() => {
    if (!customerId || ran.current) return;
    ran.current = true;
    const action = takePendingAction();
    if (!action) return;
    if (action.kind === 'cart')
      void addToCart(customerId, action.itemId ? { itemId: action.itemId } : { packageId: action.packageId }, action.quantity);
    else if (action.kind === 'wishlist') void addToWishlist(customerId, action.itemId);
    else
      void beginCheckout({ items: [{ itemId: action.itemId, quantity: action.quantity ?? 1 }], packages: [] }, { fromCart: false }).then(
        () => navigate('/Customer/SelectPayment'),
        (err: unknown) => notifyError('Oops...', err),
      );
  }, [customerId, navigate]);
}
