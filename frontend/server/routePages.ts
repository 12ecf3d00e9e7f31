/**
 * Paths (lower case) → the page module they show (src/routes.tsx; React Router matches paths
 * case-insensitively). Used by the build (vite.config.ts: index.html modulepreloads the current
 * path's page chunks) and by the web server (server/webServer.ts: a server-rendered page links its
 * page's stylesheets, so it is styled without JavaScript). A path not listed here still works: its
 * page then loads when the route matches.
 */
export const ROUTE_PAGES: [RegExp, string][] = [
  [/^\/customer\/(allitmes|allitemsfilterby|discounteditems|packages|itemdetails)\b/, 'src/pages/customer/Browse.tsx'],
  [/^\/customer\/?(home\/?)?$/, 'src/pages/customer/Home.tsx'],
  [/^\/customer\/(myshoppingcart|mywishlist)\b/, 'src/pages/customer/Cart.tsx'],
  [/^\/customer\/(selectpayment|confrim|confrimpayment|orderconfirmation)\b/, 'src/pages/customer/Checkout.tsx'],
  [
    /^\/customer\/(myorders|orders|mypackageorders|packageorders|paymenthistory|payhis|purchasehistoryextended|paycardid)\b/,
    'src/pages/customer/Orders.tsx',
  ],
  [/^\/customer\/(mywallet|addcard|editcard)\b/, 'src/pages/customer/Wallet.tsx'],
  [/^\/customer\/(itemreviews|writereview|myreviews|contactus|contactseller)\b/, 'src/pages/customer/Reviews.tsx'],
  [/^\/customer\/(myprofile|update)\b/, 'src/pages/customer/Profile.tsx'],
  [/^\/$/, 'src/pages/public/Landing.tsx'],
  [/^\/(customer|seller|admin)login\/?$/, 'src/pages/public/Logins.tsx'],
  [/^\/termsandconditions\/?$/, 'src/pages/public/Terms.tsx'],
];

/** Where the build puts the server-rendering bundle, inside the web build (vite.config.ts); not served (a dot directory). */
export const SSR_DIR = '.ssr';
