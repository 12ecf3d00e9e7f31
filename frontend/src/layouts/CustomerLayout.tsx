/** The customer area: side navigation, top bar with username and image, footer (spec 000 section 2). */
import { AreaShell } from '../components/AreaShell';
import { useUnreadThreads } from '../lib/unreadThreads';
import { imageUrl } from '../lib/images';
import { useSession } from '../session/session';

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

export function CustomerLayout() {
  const { profile, logout } = useSession('customer');
  // Unread conversations beside My Messages (issue 30 item 6).
  const unread = useUnreadThreads();
  return (
    <AreaShell
      area="Shop"
      homePath="/Customer/Home"
      nav={CUSTOMER_NAV.map((n) => (n.to === '/Customer/Messages' ? { ...n, badge: unread } : n))}
      person={{ name: profile.username, image: imageUrl(profile.userImage), profilePath: '/Customer/MyProfile' }}
      onLogout={logout}
    />
  );
}
