/**
 * The customer area: side navigation, top bar with username and image, footer (spec 000 section 2).
 * A guest (issue 32 item 1) sees the shop's catalogue pages ({@link isGuestPath}) in the same
 * frame, with Login and Register in the top bar and only the catalogue in the navigation. Both get
 * the header's search with suggestions; the signed-in customer also the cart with its count (issue
 * 32 item 3).
 */
import { AreaShell } from '../components/AreaShell';
import { CartBadge } from '../components/CartBadge';
import { HeaderSearch } from '../components/HeaderSearch';
import { useAccountLanguage } from '../i18n/choose';
import { useUnreadThreads } from '../lib/unreadThreads';
import { imageUrl } from '../lib/images';
import { usePendingAction } from '../lib/signInFirst';
import { useOptionalSession, useSession } from '../session/session';

export const CUSTOMER_NAV = [
  { label: 'Home', to: '/Customer/Home' },
  { label: 'All Items', to: '/Customer/AllItmes' },
  { label: 'Discounted Items', to: '/Customer/DiscountedItems' },
  { label: 'Promo Packages', to: '/Customer/Packages' },
  { label: 'My Wishlist', to: '/Customer/Mywishlist' },
  { label: 'My Cart', to: '/Customer/MyShoppingCart' },
  { label: 'My Orders', to: '/Customer/MyOrders' },
  { label: 'Payment History', to: '/Customer/paymentHistory' },
  { label: 'My Wallet', to: '/Customer/MyWallet' },
  { label: 'My Reviews', to: '/Customer/MyReviews' },
  { label: 'My Messages', to: '/Customer/Messages' },
  { label: 'Contact Us', to: '/Customer/ContactUs' },
  { label: 'My Profile', to: '/Customer/MyProfile' },
];

/**
 * The customer pages a guest may open (issue 32 item 1): home, the listings, an item and its
 * reviews. Everything else asks to sign in first and comes back afterwards.
 */
const GUEST_PATHS = [
  /^\/Customer\/?$/i,
  /^\/Customer\/Home\/?$/i,
  /^\/Customer\/AllItmes\/?$/i,
  /^\/Customer\/AllItemsFilterBy\/[^/]+\/?$/i,
  /^\/Customer\/DiscountedItems\/?$/i,
  /^\/Customer\/Packages\/?$/i,
  /^\/Customer\/ItemDetails\/[^/]+\/?$/i,
  /^\/Customer\/ItemReviews\/[^/]+\/?$/i,
  // A seller's public page (issue 32 item 1).
  /^\/Customer\/Seller\/[^/]+\/?$/i,
];

/** Whether `pathname` opens without signing in. */
export const isGuestPath = (pathname: string): boolean => GUEST_PATHS.some((p) => p.test(pathname));

/** The navigation a guest gets: the catalogue pages. */
const GUEST_NAV = CUSTOMER_NAV.filter((n) => isGuestPath(n.to));

function SignedInLayout() {
  const { profile, logout } = useSession('customer');
  // Unread conversations beside My Messages (issue 30 item 6).
  const unread = useUnreadThreads();
  // What the shopper asked for as a guest before signing in (lib/signInFirst.ts).
  usePendingAction(profile._id);
  // The account's language becomes the page's on sign-in (issue 33 item 1).
  useAccountLanguage(profile);
  return (
    <AreaShell
      area="Shop"
      homePath="/Customer/Home"
      nav={CUSTOMER_NAV.map((n) => (n.to === '/Customer/Messages' ? { ...n, badge: unread } : n))}
      person={{ name: profile.username, image: imageUrl(profile.userImage), profilePath: '/Customer/MyProfile' }}
      onLogout={logout}
      searchBox={<HeaderSearch />}
      headerActions={<CartBadge />}
      account="customer"
    />
  );
}

export function CustomerLayout() {
  const session = useOptionalSession('customer');
  if (session) return <SignedInLayout />;
  return (
    <AreaShell
      area="Shop"
      homePath="/Customer/Home"
      nav={GUEST_NAV}
      signIn={{ loginPath: '/CustomerLogin', registerPath: '/CustomerRegistration' }}
      searchBox={<HeaderSearch />}
    />
  );
}
