/** The admin area: top bar Home, Sellers, Customers, Admins; side menu Items, seller report, Orders (issue 29), Transactions (spec 001 section 2). */
import { AreaShell } from '../components/AreaShell';
import { useAccountLanguage } from '../i18n/choose';
import { useReturnCounts } from '../lib/returnCounts';
import { useUnreadThreads } from '../lib/unreadThreads';
import { useSession } from '../session/session';

export const ADMIN_TOP_NAV = [
  { label: 'Home', to: '/Admin/Home' },
  { label: 'Sellers', to: '/Admin/Sellers' },
  { label: 'Customers', to: '/Admin/Customers' },
  { label: 'Admins', to: '/Admin/Admins' },
];

export const ADMIN_SIDE_NAV = [
  { label: 'Items', to: '/Admin/Items' },
  { label: 'Seller Report', to: '/Admin/SelReport' },
  { label: 'Orders', to: '/Admin/Orders' },
  // Escalated returns and cash-on-delivery refunds due (issue 31 item 4).
  { label: 'Returns', to: '/Admin/Returns' },
  { label: 'Transactions', to: '/Admin/Transactions' },
  { label: 'Customer Report', to: '/Admin/CustomerReport' },
  { label: 'Seller Requests', to: '/Admin/AllSellersRequest' },
  { label: 'Deletion Requests', to: '/Admin/DeleteRequest' },
  { label: 'Reported Reviews', to: '/Admin/ReportedReviews' },
  { label: 'Messages', to: '/Admin/Messages' },
  // Every admin decision, who and when (issue 30 item 10).
  { label: 'Audit Log', to: '/Admin/Audit' },
];

export function AdminLayout() {
  const { profile, logout } = useSession('admin');
  // The account's language becomes the page's on sign-in (issue 33 item 1).
  useAccountLanguage(profile);
  // Unread conversations (to the team, or asked to help with) beside Messages (issue 30 item 6).
  const unread = useUnreadThreads();
  const returns = useReturnCounts();
  const waiting = returns ? returns.Escalated + returns.RefundDue : 0;
  return (
    <AreaShell
      area="Administration"
      homePath="/Admin/Home"
      topNav={ADMIN_TOP_NAV}
      nav={ADMIN_SIDE_NAV.map((n) =>
        n.to === '/Admin/Messages'
          ? { ...n, badge: unread }
          : n.to === '/Admin/Returns'
            ? { ...n, badge: waiting, badgeNoun: 'waiting' }
            : n,
      )}
      person={{ name: `${profile.firstName} ${profile.lastName}` }}
      onLogout={logout}
      account="admin"
    />
  );
}
