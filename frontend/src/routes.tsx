/**
 * The web app's routes (spec 000 and 001 section 2). React Router matches paths
 * case-insensitively, so `/Customer/update/{id}` and `/Customer/Update/{id}` are one route; paths
 * that differ by more than case (e.g. `/Admin/DeleteRequest` and `/Admin/RequestDelete`) are
 * registered through {@link aliases}.
 *
 * Test screens of the documents (`/Customer/TestOrdersMerge`, `/Seller/TestpackageReport`) are not
 * shipped (DESIGN.md section 6).
 */
import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFound } from './components/NotFound';
import { PublicPage } from './components/PublicPage';
import { AdminLayout } from './layouts/AdminLayout';
import { CustomerLayout } from './layouts/CustomerLayout';
import { SellerLayout } from './layouts/SellerLayout';
import { AdminHome } from './pages/admin/Home';
import { AdminAddAdmin, AdminAdmins, AdminCustomerDetails, AdminCustomers } from './pages/admin/People';
import {
  AdminDeleteRequests,
  AdminRequestSellerProfile,
  AdminSellerRequests,
  AdminSellers,
  AdminViewSellerProfile,
} from './pages/admin/Sellers';
import { AdminItems, AdminPackage, AdminSellerItems, AdminSellerPackages } from './pages/admin/Catalogue';
import { AllItems, AllItemsFilterBy, DiscountedItems, ItemDetails, PackagesPage } from './pages/customer/Browse';
import { MyShoppingCart, MyWishlist } from './pages/customer/Cart';
import { ConfirmPayment, ConfirmWalletPayment, OrderConfirmation, SelectPayment } from './pages/customer/Checkout';
import { CustomerHome } from './pages/customer/Home';
import { MyOrders, MyPackageOrders, PayCardId, PaymentDetails, PaymentHistory } from './pages/customer/Orders';
import { AddCard, EditCard, MyWallet } from './pages/customer/Wallet';
import { SellerOrders, SellerPackageOrders } from './pages/seller/Orders';
import { SellerItemReviews, SellerMessages, SellerReportedReviews, SellerReviews } from './pages/seller/Reviews';
import { ContactSeller, ContactUs, ItemReviews, MyReviews, WriteReview } from './pages/customer/Reviews';
import { AdminMessages, AdminReportedReviews } from './pages/admin/Moderation';
import { AdminCustomerReport, AdminReviewReport, AdminSellerReport, AdminTransactions } from './pages/admin/Reports';
import { ItemMonthlySales, PackageMonthlySales } from './pages/seller/Sales';
import { CustomerMyProfile, CustomerUpdateProfile } from './pages/customer/Profile';
import { CustomerRegistration } from './pages/public/CustomerRegistration';
import { ForgotPassword } from './pages/public/ForgotPassword';
import { Landing } from './pages/public/Landing';
import { AdminLogin, CustomerLogin, SellerLogin } from './pages/public/Logins';
import { SellerRegistration } from './pages/public/SellerRegistration';
import { TERMS_PATH, TermsAndConditions } from './pages/public/Terms';
import { AddItem, Discount, MyDiscountedItems, SellerItems, UpdateItem } from './pages/seller/Items';
import { SellerItemDetails } from './pages/seller/ItemDetails';
import { CreatePackage, CreatePackageForm, MyPackages, UpdatePackage } from './pages/seller/Packages';
import { SellerMyProfile, SellerPassword, SellerUpdateProfile } from './pages/seller/Profile';
import { RequireSession } from './session/session';

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
  { path: '/', element: <Landing /> },
  { path: '/CustomerLogin', element: <CustomerLogin /> },
  { path: '/CustomerRegistration', element: <CustomerRegistration /> },
  { path: '/CustomerForgotPassword', element: <ForgotPassword kind="customer" /> },
  { path: '/SellerLogin', element: <SellerLogin /> },
  { path: '/SellerRegistration', element: <SellerRegistration /> },
  { path: '/SellerForgotPassword', element: <ForgotPassword kind="seller" /> },
  { path: '/AdminLogin', element: <AdminLogin /> },
  { path: TERMS_PATH, element: <TermsAndConditions /> },
  {
    path: '/Customer',
    element: (
      <RequireSession kind="customer">
        <CustomerLayout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <CustomerHome /> },
      { path: 'Home', element: <CustomerHome /> },
      { path: 'AllItmes', element: <AllItems /> },
      { path: 'AllItemsFilterBy/:value', element: <AllItemsFilterBy /> },
      { path: 'DiscountedItems', element: <DiscountedItems /> },
      { path: 'Packages', element: <PackagesPage /> },
      { path: 'ItemDetails/:id', element: <ItemDetails /> },
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
      ...aliases(['MyPackageOrders', 'PackageOrders'], <MyPackageOrders />),
      ...aliases(['paymentHistory', 'Payhis'], <PaymentHistory />),
      { path: 'purchaseHistoryExtended/:id', element: <PaymentDetails /> },
      { path: 'PaycardID', element: <PayCardId /> },
      { path: 'ItemReviews/:id', element: <ItemReviews /> },
      { path: 'WriteReview/:id', element: <WriteReview /> },
      { path: 'MyReviews', element: <MyReviews /> },
      { path: 'ContactUs', element: <ContactUs /> },
      { path: 'ContactSeller/:sellerId', element: <ContactSeller /> },
      { path: '*', element: <NotFound home="/Customer/Home" /> },
    ],
  },
  {
    path: '/Seller',
    element: (
      <RequireSession kind="seller">
        <SellerLayout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <SellerItems /> },
      { path: 'Home', element: <SellerItems /> },
      { path: 'AddItem', element: <AddItem /> },
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
      { path: 'PackageOrders', element: <SellerPackageOrders /> },
      { path: 'Reviews', element: <SellerReviews /> },
      ...aliases(['ItemReviews/:id', 'ItemRatings/:id'], <SellerItemReviews />),
      { path: 'Report/:id', element: <SellerReportedReviews /> },
      { path: 'Contact', element: <SellerMessages /> },
      { path: 'ItemMonthlySales', element: <ItemMonthlySales /> },
      { path: 'PackageMonthlySales', element: <PackageMonthlySales /> },
      { path: '*', element: <NotFound home="/Seller/Home" /> },
    ],
  },
  {
    path: '/Admin',
    element: (
      <RequireSession kind="admin">
        <AdminLayout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <AdminHome /> },
      { path: 'Home', element: <AdminHome /> },
      { path: 'ReportedReviews', element: <AdminReportedReviews /> },
      { path: 'Messages', element: <AdminMessages /> },
      { path: 'Transactions', element: <AdminTransactions /> },
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
    ],
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

export const router = () => createBrowserRouter(routes);
