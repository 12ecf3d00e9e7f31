/**
 * The web app's routes (spec 000 and 001 section 2). React Router matches paths
 * case-insensitively, so `/Customer/update/{id}` and `/Customer/Update/{id}` are one route; paths
 * that differ by more than case (e.g. `/Admin/DeleteRequest` and `/Admin/RequestDelete`) are
 * registered through {@link aliases}.
 *
 * Test screens of the documents (`/Customer/TestOrdersMerge`, `/Seller/TestpackageReport`) are not
 * shipped (docs/architecture.md, Departures from the documents).
 */
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router-dom';
import { NotFound } from './components/NotFound';
import { PublicPage } from './components/PublicPage';
import { CustomerLayout, isGuestPath } from './layouts/CustomerLayout';
import { meQuery, RequireSession } from './session/session';
import { areaLoader, lazyPage, prefetchOnMatch, preloadingPages, trackRouter } from './lib/lazyPage';
import { browsePrefetch } from './pages/customer/browseQueries';
import { TERMS_PATH } from './pages/public/termsPath';
import { Loading } from './components/Loading';

// Customer, seller, admin and rarely opened public pages: loaded when first shown (initial JS); a
// customer page's code is fetched as soon as its route matches, beside `me`.
const AllItems = lazyPage(() => import('./pages/customer/Browse'), 'AllItems');
const AllItemsFilterBy = lazyPage(() => import('./pages/customer/Browse'), 'AllItemsFilterBy');
const DiscountedItems = lazyPage(() => import('./pages/customer/Browse'), 'DiscountedItems');
const ItemDetails = lazyPage(() => import('./pages/customer/Browse'), 'ItemDetails');
const PackagesPage = lazyPage(() => import('./pages/customer/Browse'), 'PackagesPage');
const SellerPublicPage = lazyPage(() => import('./pages/customer/Browse'), 'SellerPublicPage');
const MyShoppingCart = lazyPage(() => import('./pages/customer/Cart'), 'MyShoppingCart');
const MyWishlist = lazyPage(() => import('./pages/customer/Cart'), 'MyWishlist');
const ConfirmPayment = lazyPage(() => import('./pages/customer/Checkout'), 'ConfirmPayment');
const ConfirmWalletPayment = lazyPage(() => import('./pages/customer/Checkout'), 'ConfirmWalletPayment');
const OrderConfirmation = lazyPage(() => import('./pages/customer/Checkout'), 'OrderConfirmation');
const SelectPayment = lazyPage(() => import('./pages/customer/Checkout'), 'SelectPayment');
const CustomerHome = lazyPage(() => import('./pages/customer/Home'), 'CustomerHome');
const MyOrders = lazyPage(() => import('./pages/customer/Orders'), 'MyOrders');
const MyPackageOrders = lazyPage(() => import('./pages/customer/Orders'), 'MyPackageOrders');
const MyOrder = lazyPage(() => import('./pages/customer/Orders'), 'MyOrder');
const PayCardId = lazyPage(() => import('./pages/customer/Orders'), 'PayCardId');
const PaymentDetails = lazyPage(() => import('./pages/customer/Orders'), 'PaymentDetails');
const PaymentHistory = lazyPage(() => import('./pages/customer/Orders'), 'PaymentHistory');
const AddCard = lazyPage(() => import('./pages/customer/Wallet'), 'AddCard');
const EditCard = lazyPage(() => import('./pages/customer/Wallet'), 'EditCard');
const MyWallet = lazyPage(() => import('./pages/customer/Wallet'), 'MyWallet');
// Conversations (issue 30 item 6): the contact forms start them; each area lists and answers its own.
const ContactSeller = lazyPage(() => import('./pages/customer/Messages'), 'ContactSeller');
const ContactUs = lazyPage(() => import('./pages/customer/Messages'), 'ContactUs');
const MyMessages = lazyPage(() => import('./pages/customer/Messages'), 'MyMessages');
const CustomerThread = lazyPage(() => import('./pages/customer/Messages'), 'CustomerThread');
const SellerInbox = lazyPage(() => import('./pages/seller/Messages'), 'SellerInbox');
const SellerThread = lazyPage(() => import('./pages/seller/Messages'), 'SellerThread');
const AdminInbox = lazyPage(() => import('./pages/admin/Messages'), 'AdminInbox');
const AdminThread = lazyPage(() => import('./pages/admin/Messages'), 'AdminThread');
const ItemReviews = lazyPage(() => import('./pages/customer/Reviews'), 'ItemReviews');
const MyReviews = lazyPage(() => import('./pages/customer/Reviews'), 'MyReviews');
const WriteReview = lazyPage(() => import('./pages/customer/Reviews'), 'WriteReview');
const CustomerMyProfile = lazyPage(() => import('./pages/customer/Profile'), 'CustomerMyProfile');
const CustomerUpdateProfile = lazyPage(() => import('./pages/customer/Profile'), 'CustomerUpdateProfile');
const AdminLayout = lazyPage(() => import('./layouts/AdminLayout'), 'AdminLayout');
const SellerLayout = lazyPage(() => import('./layouts/SellerLayout'), 'SellerLayout');
const AdminHome = lazyPage(() => import('./pages/admin/Home'), 'AdminHome');
const AdminAddAdmin = lazyPage(() => import('./pages/admin/People'), 'AdminAddAdmin');
const AdminAdmins = lazyPage(() => import('./pages/admin/People'), 'AdminAdmins');
const AdminCustomerDetails = lazyPage(() => import('./pages/admin/People'), 'AdminCustomerDetails');
const AdminCustomers = lazyPage(() => import('./pages/admin/People'), 'AdminCustomers');
const AdminDeleteRequests = lazyPage(() => import('./pages/admin/Sellers'), 'AdminDeleteRequests');
const AdminRequestSellerProfile = lazyPage(() => import('./pages/admin/Sellers'), 'AdminRequestSellerProfile');
const AdminSellerRequests = lazyPage(() => import('./pages/admin/Sellers'), 'AdminSellerRequests');
const AdminSellers = lazyPage(() => import('./pages/admin/Sellers'), 'AdminSellers');
const AdminViewSellerProfile = lazyPage(() => import('./pages/admin/Sellers'), 'AdminViewSellerProfile');
const AdminItems = lazyPage(() => import('./pages/admin/Catalogue'), 'AdminItems');
const AdminPackage = lazyPage(() => import('./pages/admin/Catalogue'), 'AdminPackage');
const AdminSellerItems = lazyPage(() => import('./pages/admin/Catalogue'), 'AdminSellerItems');
const AdminSellerPackages = lazyPage(() => import('./pages/admin/Catalogue'), 'AdminSellerPackages');
const SellerOrders = lazyPage(() => import('./pages/seller/Orders'), 'SellerOrders');
const SellerPackageOrders = lazyPage(() => import('./pages/seller/Orders'), 'SellerPackageOrders');
const SellerOrder = lazyPage(() => import('./pages/seller/Orders'), 'SellerOrder');
// Returns (issue 31 items 3 and 4): the seller's Returns tab and the admin's escalations and refunds due.
const SellerReturns = lazyPage(() => import('./pages/seller/Returns'), 'SellerReturns');
const AdminReturns = lazyPage(() => import('./pages/admin/Returns'), 'AdminReturns');
const SellerItemReviews = lazyPage(() => import('./pages/seller/Reviews'), 'SellerItemReviews');
const SellerReportedReviews = lazyPage(() => import('./pages/seller/Reviews'), 'SellerReportedReviews');
const SellerReviews = lazyPage(() => import('./pages/seller/Reviews'), 'SellerReviews');
const AdminReportedReviews = lazyPage(() => import('./pages/admin/Moderation'), 'AdminReportedReviews');
const AdminCustomerReport = lazyPage(() => import('./pages/admin/Reports'), 'AdminCustomerReport');
const AdminReviewReport = lazyPage(() => import('./pages/admin/Reports'), 'AdminReviewReport');
const AdminSellerReport = lazyPage(() => import('./pages/admin/Reports'), 'AdminSellerReport');
const AdminTransactions = lazyPage(() => import('./pages/admin/Reports'), 'AdminTransactions');
const AdminOrders = lazyPage(() => import('./pages/admin/Orders'), 'AdminOrders');
const AdminAudit = lazyPage(() => import('./pages/admin/Audit'), 'AdminAudit');
const AdminOrder = lazyPage(() => import('./pages/admin/Orders'), 'AdminOrder');
const ItemMonthlySales = lazyPage(() => import('./pages/seller/Sales'), 'ItemMonthlySales');
const PackageMonthlySales = lazyPage(() => import('./pages/seller/Sales'), 'PackageMonthlySales');
const Landing = lazyPage(() => import('./pages/public/Landing'), 'Landing');
const AdminLogin = lazyPage(() => import('./pages/public/Logins'), 'AdminLogin');
const CustomerLogin = lazyPage(() => import('./pages/public/Logins'), 'CustomerLogin');
const SellerLogin = lazyPage(() => import('./pages/public/Logins'), 'SellerLogin');
const CustomerRegistration = lazyPage(() => import('./pages/public/CustomerRegistration'), 'CustomerRegistration');
const ForgotPassword = lazyPage(() => import('./pages/public/ForgotPassword'), 'ForgotPassword');
const SellerRegistration = lazyPage(() => import('./pages/public/SellerRegistration'), 'SellerRegistration');
const TermsAndConditions = lazyPage(() => import('./pages/public/Terms'), 'TermsAndConditions');
const AddItem = lazyPage(() => import('./pages/seller/Items'), 'AddItem');
const Discount = lazyPage(() => import('./pages/seller/Items'), 'Discount');
const MyDiscountedItems = lazyPage(() => import('./pages/seller/Items'), 'MyDiscountedItems');
const SellerItems = lazyPage(() => import('./pages/seller/Items'), 'SellerItems');
const UpdateItem = lazyPage(() => import('./pages/seller/Items'), 'UpdateItem');
const ItemImport = lazyPage(() => import('./pages/seller/ItemImport'), 'ItemImport');
const SellerItemDetails = lazyPage(() => import('./pages/seller/ItemDetails'), 'SellerItemDetails');
const CreatePackage = lazyPage(() => import('./pages/seller/Packages'), 'CreatePackage');
const CreatePackageForm = lazyPage(() => import('./pages/seller/Packages'), 'CreatePackageForm');
const MyPackages = lazyPage(() => import('./pages/seller/Packages'), 'MyPackages');
const UpdatePackage = lazyPage(() => import('./pages/seller/Packages'), 'UpdatePackage');
const SellerMyProfile = lazyPage(() => import('./pages/seller/Profile'), 'SellerMyProfile');
const SellerPassword = lazyPage(() => import('./pages/seller/Profile'), 'SellerPassword');
const SellerUpdateProfile = lazyPage(() => import('./pages/seller/Profile'), 'SellerUpdateProfile');

/** A lazily loaded page or area, with a loader while its code arrives. */
const later = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

/**
 * The same page under several paths, for the documents' alias routes (spec 000 and 001 section 2,
 * e.g. `/Admin/DeleteRequest` and `/Admin/RequestDelete`, `/Seller/UpdateItem/{id}` and
 * `/Seller/Update/{id}`).
 *
 * Only needed when the paths differ by more than letter case: React Router matches
 * case-insensitively unless a route sets `caseSensitive`, so `update/:id` already answers
 * `/Customer/Update/{id}`.
 *
 * @param paths - paths relative to the parent route, e.g. `['DeleteRequest', 'RequestDelete']`
 * @param element - the page rendered for each of them
 * @returns one route object per path, to spread into a `children` list
 * @example children: [...aliases(['ContactUs', 'contactus'], <ContactUs />)]
 */
export function aliases(paths: string[], element: ReactNode): RouteObject[] {
  return paths.map((path) => ({ path, element }));
}

export const routes: RouteObject[] = [
  // The landing and login pages load as their route matches (preloading), so the customer's pages
  // do not carry the login form and the shop window in their first script.
  ...preloadingPages([
    { path: '/', element: later(<Landing />) },
    { path: '/CustomerLogin', element: later(<CustomerLogin />) },
    { path: '/SellerLogin', element: later(<SellerLogin />) },
    { path: '/AdminLogin', element: later(<AdminLogin />) },
    { path: '/CustomerRegistration', element: later(<CustomerRegistration />) },
    { path: '/CustomerForgotPassword', element: later(<ForgotPassword kind="customer" />) },
    { path: '/SellerRegistration', element: later(<SellerRegistration />) },
    { path: '/SellerForgotPassword', element: later(<ForgotPassword kind="seller" />) },
    { path: TERMS_PATH, element: later(<TermsAndConditions />) },
  ]),
  {
    path: '/Customer',
    element: (
      <RequireSession kind="customer" guestPaths={isGuestPath}>
        <CustomerLayout />
      </RequireSession>
    ),
    // The area's `me`, its layout and its page's code load together (lib/lazyPage.ts).
    loader: areaLoader({ prefetch: (client) => void client.prefetchQuery(meQuery('customer')) }),
    children: preloadingPages([
      { index: true, element: <CustomerHome /> },
      { path: 'Home', element: <CustomerHome /> },
      { path: 'AllItmes', element: <AllItems />, handle: prefetchOnMatch(browsePrefetch.allItems) },
      { path: 'AllItemsFilterBy/:value', element: <AllItemsFilterBy />, handle: prefetchOnMatch(browsePrefetch.filterBy) },
      { path: 'DiscountedItems', element: <DiscountedItems />, handle: prefetchOnMatch(browsePrefetch.discounted) },
      { path: 'Packages', element: <PackagesPage /> },
      { path: 'ItemDetails/:id', element: <ItemDetails />, handle: prefetchOnMatch(browsePrefetch.item) },
      { path: 'Seller/:sellerId', element: <SellerPublicPage /> },
      { path: 'MyProfile', element: <CustomerMyProfile /> },
      { path: 'update/:id', element: <CustomerUpdateProfile /> },
      { path: 'Mywishlist', element: <MyWishlist /> },
      { path: 'MyShoppingCart', element: <MyShoppingCart /> },
      { path: 'MyWallet', element: <MyWallet /> },
      { path: 'addCard', element: <AddCard /> },
      { path: 'editCard/:id', element: <EditCard /> },
      { path: 'SelectPayment', element: <SelectPayment /> },
      { path: 'Confrim/:cardId', element: <ConfirmPayment /> },
      { path: 'confrimPayment', element: <ConfirmWalletPayment /> },
      { path: 'OrderConfirmation/:checkoutId', element: <OrderConfirmation /> },
      ...aliases(['MyOrders', 'Orders'], <MyOrders />),
      { path: 'MyOrders/:id', element: <MyOrder /> },
      ...aliases(['MyPackageOrders', 'PackageOrders'], <MyPackageOrders />),
      ...aliases(['paymentHistory', 'Payhis'], <PaymentHistory />),
      { path: 'purchaseHistoryExtended/:id', element: <PaymentDetails /> },
      { path: 'PaycardID', element: <PayCardId /> },
      { path: 'ItemReviews/:id', element: <ItemReviews /> },
      { path: 'WriteReview/:id', element: <WriteReview /> },
      { path: 'MyReviews', element: <MyReviews /> },
      { path: 'ContactUs', element: <ContactUs /> },
      { path: 'ContactSeller/:sellerId', element: <ContactSeller /> },
      { path: 'Messages', element: <MyMessages /> },
      { path: 'Messages/:id', element: <CustomerThread /> },
      { path: '*', element: <NotFound home="/Customer/Home" /> },
    ]),
  },
  {
    path: '/Seller',
    element: <RequireSession kind="seller">{later(<SellerLayout />)}</RequireSession>,
    loader: areaLoader({ prefetch: (client) => void client.prefetchQuery(meQuery('seller')), layout: SellerLayout }),
    children: preloadingPages([
      { index: true, element: <SellerItems /> },
      { path: 'Home', element: <SellerItems /> },
      { path: 'AddItem', element: <AddItem /> },
      { path: 'ImportItems', element: <ItemImport /> },
      // Spec 001 section 2 lists /Seller/Update/{id} and /Seller/itemDetails among the item routes.
      ...aliases(['UpdateItem/:id', 'Update/:id'], <UpdateItem />),
      { path: 'itemDetails', element: <SellerItemDetails /> },
      ...aliases(['AddDiscount/:id', 'UpdateDiscount/:id'], <Discount />),
      { path: 'MyDiscountedItems', element: <MyDiscountedItems /> },
      { path: 'CreatePackage', element: <CreatePackage /> },
      { path: 'CreatePackageForm', element: <CreatePackageForm /> },
      { path: 'MyPackages', element: <MyPackages /> },
      { path: 'UpdatePackage/:id', element: <UpdatePackage /> },
      { path: 'MyProfile', element: <SellerMyProfile /> },
      { path: 'updateProfile/:id', element: <SellerUpdateProfile /> },
      { path: 'sellerPassword', element: <SellerPassword /> },
      { path: 'Orders', element: <SellerOrders /> },
      { path: 'Orders/:id', element: <SellerOrder /> },
      { path: 'PackageOrders', element: <SellerPackageOrders /> },
      { path: 'Returns', element: <SellerReturns /> },
      { path: 'Reviews', element: <SellerReviews /> },
      ...aliases(['ItemReviews/:id', 'ItemRatings/:id'], <SellerItemReviews />),
      { path: 'Report/:id', element: <SellerReportedReviews /> },
      { path: 'Contact', element: <SellerInbox /> },
      { path: 'Contact/:id', element: <SellerThread /> },
      { path: 'ItemMonthlySales', element: <ItemMonthlySales /> },
      { path: 'PackageMonthlySales', element: <PackageMonthlySales /> },
      { path: '*', element: <NotFound home="/Seller/Home" /> },
    ]),
  },
  {
    path: '/Admin',
    element: <RequireSession kind="admin">{later(<AdminLayout />)}</RequireSession>,
    loader: areaLoader({ prefetch: (client) => void client.prefetchQuery(meQuery('admin')), layout: AdminLayout }),
    children: preloadingPages([
      { index: true, element: <AdminHome /> },
      { path: 'Home', element: <AdminHome /> },
      { path: 'ReportedReviews', element: <AdminReportedReviews /> },
      { path: 'Messages', element: <AdminInbox /> },
      { path: 'Messages/:id', element: <AdminThread /> },
      { path: 'Transactions', element: <AdminTransactions /> },
      { path: 'Orders', element: <AdminOrders /> },
      { path: 'Audit', element: <AdminAudit /> },
      { path: 'Orders/:id', element: <AdminOrder /> },
      { path: 'Returns', element: <AdminReturns /> },
      { path: 'SelReport', element: <AdminSellerReport /> },
      { path: 'CustomerReport', element: <AdminCustomerReport /> },
      { path: 'Reports/:id', element: <AdminReviewReport /> },
      { path: 'Sellers', element: <AdminSellers /> },
      { path: 'AllSellersRequest', element: <AdminSellerRequests /> },
      { path: 'RequestSellerProfile/:id', element: <AdminRequestSellerProfile /> },
      ...aliases(['DeleteRequest', 'RequestDelete'], <AdminDeleteRequests />),
      { path: 'viewSellerProfile/:id', element: <AdminViewSellerProfile /> },
      { path: 'Items', element: <AdminItems /> },
      { path: 'sellerItems/:id', element: <AdminSellerItems /> },
      { path: 'packages/:sellerId', element: <AdminSellerPackages /> },
      { path: 'Packagesss/:packageId', element: <AdminPackage /> },
      { path: 'Customers', element: <AdminCustomers /> },
      { path: 'Customers/Details/:id', element: <AdminCustomerDetails /> },
      { path: 'Admins', element: <AdminAdmins /> },
      { path: 'AddAdmin', element: <AdminAddAdmin /> },
      { path: '*', element: <NotFound home="/Admin/Home" /> },
    ]),
  },
  {
    path: '*',
    element: (
      <PublicPage>
        <NotFound />
      </PublicPage>
    ),
  },
];

/**
 * The app's router; `client` is the query cache the routes' reads ahead fill (prefetchOnMatch).
 * `hydrationData`: the loader data of a server-rendered page (src/entry-server.tsx), so the router
 * starts where the server's stood instead of running the loaders again.
 */
export const router = (client?: QueryClient, hydrationData?: HydrationState) =>
  trackRouter(() => createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined), client);
