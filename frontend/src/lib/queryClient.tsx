/**
 * The web app's data layer:
 * one TanStack Query client at the root of the app. Reads are cached under query keys whose first
 * element names what they show ({@link Domain}); the same key asked twice at once is sent once
 * (StrictMode's double effects, two components), a page visited again shows its cached data at
 * once and refreshes it in the background (instant Back), and every successful write through the
 * gateway client marks the reads it changes as stale and refetches them ({@link domainsChangedBy}),
 * so what a person changed shows at once on every page.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { onApiWrite } from '../api/client';

/**
 * What a cached read shows; the first element of every query key.
 * `me`: the signed-in account (lives for the session, `session/session.tsx`); `people`:
 * customers, sellers, seller requests, admins; `reports`: dashboard and sales figures.
 */
export type Domain =
  | 'me'
  | 'items'
  | 'packages'
  | 'cart'
  | 'wishlist'
  | 'checkout'
  | 'orders'
  | 'history'
  | 'cards'
  | 'reviews'
  | 'messages'
  | 'people'
  | 'reports'
  | 'addresses'
  | 'local';

/** Signing in or out: every cached read belonged to the previous person. */
type Session = 'session';

/** Write path (without query string) → the domains whose reads it changes; first match wins. */
const RULES: [RegExp, Domain[] | Session][] = [
  [/\/(loginCustomer|loginSeller|loginAdmin|logout)$/, 'session'],
  // Writes that change nothing a page shows, and reads sent as POST.
  [/\/(forgotPassword|verifyCode|resetPassword|checkPassword|create-pdf)$/, []],
  [/^\/wishlist\/getByCustomerID\//, []],
  [/^\/ShoppingCart\//, ['cart']],
  [/^\/wishlist\//, ['wishlist']],
  [/^\/(items|Packages)\//, ['items', 'packages', 'cart', 'wishlist']],
  [/^\/checkout\/session$/, ['checkout']],
  // Paying moves the cart into orders and history and takes the stock.
  [/^\/(checkout\/[^/]+\/pay|paypal-transaction-complete)$/, ['checkout', 'cart', 'orders', 'history', 'items', 'packages']],
  [/^\/(Orders|PackageOrders)\//, ['orders', 'history', 'reports']],
  // A return's moves change its order's line, and its refund the payment history and reports (issue 31).
  [/^\/Returns(\/|$)/, ['orders', 'history', 'reports']],
  [/^\/paymentdetails\//, ['cards']],
  [/^\/review\//, ['reviews', 'items']],
  [/^\/(contact|contactsel)\//, ['messages']],
  // Conversations (issue 30 item 6): replies, read marks and help change the lists and unread counts.
  [/^\/threads\//, ['messages']],
  // Deleting an account: the person who deleted their own is leaving the area (a `me` asked again
  // would answer 401 and send them to the login page instead of where they are going); an admin
  // who deleted someone else is still who they were.
  [/^\/Customer\/addresses/, ['addresses']],
  [/^\/(Customer|orgSeller|orgseller|seller|Admin)\/delete\//, ['people']],
  [/^\/(Customer|orgSeller|orgseller|seller|Admin)\//, ['me', 'people']],
];

/**
 * The domains a successful write changes.
 * @param path - the gateway path without query string, e.g. `/ShoppingCart/updateSItem/{id}`
 * @returns the domains, `'session'` when the signed-in person changed (the whole cache is
 * dropped), or `'all'` for a write this table does not know (everything but `me` is refreshed)
 */
export function domainsChangedBy(path: string): Domain[] | Session | 'all' {
  for (const [pattern, domains] of RULES) if (pattern.test(path)) return domains;
  return 'all';
}

/**
 * A query client with the app's defaults: no automatic retry (errors show at once, with the
 * documents' messages), no refetch on window focus, cached data kept 5 minutes after its last
 * page closed and considered stale at once (shown, then refreshed in the background).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0, gcTime: 5 * 60_000 } },
  });
}

/** Marks the reads a write changed as stale and refetches them (shown or cached). */
function invalidateAfterWrite(client: QueryClient, path: string): void {
  const changed = domainsChangedBy(path);
  if (changed === 'session') {
    client.clear();
    return;
  }
  void client.invalidateQueries({
    // `local` reads (the older `useAsync(load, deps)` form) do not say what they show.
    predicate: (q) => (changed === 'all' ? q.queryKey[0] !== 'me' : q.queryKey[0] === 'local' || changed.includes(q.queryKey[0] as Domain)),
    refetchType: 'all',
  });
}

/**
 * Provides a query client to the tree (the app's root, or a test's page) and keeps it in step
 * with the gateway client's writes.
 * @param client - a given client (tests); by default one is created for the provider's lifetime
 */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(() => client ?? createQueryClient());
  useEffect(() => onApiWrite((_method, path) => invalidateAfterWrite(own, path)), [own]);
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
