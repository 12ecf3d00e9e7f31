/** The seller area: MY ITEMS, MY PROFILE, ADD ITEM, CREATE PACKAGE, ORDERS, REVIEWS, REPORTS, CONTACT, SIGNOUT (spec 001 section 2). */
import { AreaShell } from '../components/AreaShell';
import { useAccountLanguage } from '../i18n/choose';
import { useUnreadThreads } from '../lib/unreadThreads';
import { imageUrl } from '../lib/images';
import { useReturnCounts } from '../lib/returnCounts';
import { useSession } from '../session/session';

export const SELLER_NAV = [
  { label: 'MY ITEMS', to: '/Seller/Home' },
  { label: 'MY PROFILE', to: '/Seller/MyProfile' },
  { label: 'ADD ITEM', to: '/Seller/AddItem' },
  { label: 'CREATE PACKAGE', to: '/Seller/CreatePackage' },
  { label: 'ORDERS', to: '/Seller/Orders' },
  { label: 'REVIEWS', to: '/Seller/Reviews' },
  { label: 'REPORTS', to: '/Seller/ItemMonthlySales' },
  { label: 'CONTACT', to: '/Seller/Contact' },
];

export function SellerLayout() {
  const { profile, logout } = useSession('seller');
  // The account's language becomes the page's on sign-in (issue 33 item 1).
  useAccountLanguage(profile);
  // Unread conversations beside CONTACT (issue 30 item 6).
  const unread = useUnreadThreads();
  // Returns waiting for the seller's answer beside ORDERS (issue 31 item 4); the Returns tab is reached from the orders.
  const returns = useReturnCounts();
  const badges: Record<string, { badge?: number; badgeNoun?: string }> = {
    '/Seller/Contact': { badge: unread },
    '/Seller/Orders': { badge: returns?.Requested, badgeNoun: 'returns waiting' },
  };
  return (
    <AreaShell
      area="Seller Centre"
      homePath="/Seller/Home"
      nav={SELLER_NAV.map((n) => ({ ...n, ...badges[n.to] }))}
      person={{ name: profile.companyname, image: imageUrl(profile.logo), profilePath: '/Seller/MyProfile' }}
      onLogout={logout}
      logoutLabel="SIGNOUT"
      account="seller"
    />
  );
}
