/**
 * THE route table of the gateway (docs/architecture.md, Services): which service answers each documented
 * path. One declarative list, read top to bottom, first match wins; matching is
 * case-insensitive because the documents use `orgseller`/`orgSeller` and `update`/`Update` for
 * the same paths. Paths keep their documented form: the gateway forwards them unchanged.
 */

/** The services behind the gateway. */
export const SERVICES = ['identity', 'catalogue', 'cart', 'ordering', 'reviews', 'reporting'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface RouteRule {
  /** Anchored, case-insensitive pattern over the request path (no query string). */
  pattern: RegExp;
  service: ServiceName;
  /** What the rule covers, in the documents' words (for the OpenAPI page and readers). */
  covers: string;
}

/** `/<prefix>` itself or anything under it, case-insensitively. */
function under(...prefixes: string[]): RegExp {
  return new RegExp(`^/(?:${prefixes.join('|')})(?:/.*)?$`, 'i');
}

export const ROUTES: readonly RouteRule[] = [
  // Reporting owns every report, whatever the prefix, so it must come before the prefixes.
  {
    pattern: /^\/(?:Customer|orgSeller|items|Packages|orderhistory|review|Orders\/packing-slip)\/(?:(?:create|fetch)-pdf|fetch-csv)$/i,
    service: 'reporting',
    covers: 'every */create-pdf, */fetch-pdf and */fetch-csv (packing slips: /Orders/packing-slip/*)',
  },
  { pattern: under('reports'), service: 'reporting', covers: '/reports/{jobId}: report job state' },
  { pattern: /^\/Admin\/dashboard$/i, service: 'reporting', covers: 'dashboard counts' },
  { pattern: /^\/Admin\/audit$/i, service: 'reporting', covers: 'the audit log of admin decisions (issue 30 item 10)' },
  { pattern: under('Customer'), service: 'identity', covers: '/Customer/*' },
  { pattern: under('seller'), service: 'identity', covers: '/seller/* (seller requests)' },
  { pattern: under('orgseller'), service: 'identity', covers: '/orgseller/* and /orgSeller/*' },
  { pattern: under('Admin'), service: 'identity', covers: '/Admin/*' },
  { pattern: under('Account'), service: 'identity', covers: "/Account/*: the signed-in account's own settings (its language, issue 33)" },
  { pattern: under('items'), service: 'catalogue', covers: '/items/*' },
  { pattern: under('Packages'), service: 'catalogue', covers: '/Packages/*' },
  { pattern: under('images'), service: 'catalogue', covers: 'image files' },
  { pattern: under('wishlist'), service: 'cart', covers: '/wishlist/*' },
  { pattern: under('ShoppingCart'), service: 'cart', covers: '/ShoppingCart/*' },
  { pattern: under('paymentdetails'), service: 'ordering', covers: '/paymentdetails/*' },
  { pattern: under('Orders'), service: 'ordering', covers: '/Orders/*' },
  { pattern: under('PackageOrders'), service: 'ordering', covers: '/PackageOrders/*' },
  { pattern: under('orderhistory'), service: 'ordering', covers: '/orderhistory/*' },
  { pattern: under('customerOrders'), service: 'ordering', covers: '/customerOrders/*' },
  { pattern: under('paypal-transaction-complete'), service: 'ordering', covers: '/paypal-transaction-complete' },
  { pattern: under('checkout'), service: 'ordering', covers: '/checkout/*' },
  { pattern: under('Returns'), service: 'ordering', covers: '/Returns/*: returns of delivered orders (issue 31 item 3)' },
  { pattern: under('review'), service: 'reviews', covers: '/review/*' },
  { pattern: under('contact'), service: 'reviews', covers: '/contact/*' },
  { pattern: under('contactsel'), service: 'reviews', covers: '/contactsel/*' },
  { pattern: under('threads'), service: 'reviews', covers: '/threads/*: conversations' },
];

/**
 * The service that answers `path`, or null when no documented path matches.
 * @param path - request path without query string, e.g. `/orgSeller/get/123`
 */
export function resolveService(path: string): ServiceName | null {
  for (const rule of ROUTES) if (rule.pattern.test(path)) return rule.service;
  return null;
}
