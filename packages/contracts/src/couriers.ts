/**
 * Couriers an order is shipped with (issue 31 item 1): the usual Sri Lankan couriers plus "Other",
 * and the public tracking page of those whose page address we know, so the customer's timeline and
 * the shipped e-mail link to it. A courier without a known page (or "Other") shows the tracking
 * number alone. Pure data and functions, no I/O.
 */

/** One courier: `key` is what the wire carries; `trackingUrl` has `{n}` for the tracking number. */
export interface Courier {
  key: string;
  name: string;
  trackingUrl?: string;
}

/** The couriers a seller picks from, in the order the form offers them ("Other" last). */
export const COURIERS = [
  { key: 'domex', name: 'Domex' },
  { key: 'pronto', name: 'Pronto Lanka' },
  { key: 'koombiyo', name: 'Koombiyo' },
  { key: 'promptxpress', name: 'Prompt Xpress' },
  { key: 'certis', name: 'Certis Lanka' },
  { key: 'slpost', name: 'Sri Lanka Post' },
  {
    key: 'dhl',
    name: 'DHL Express',
    trackingUrl: 'https://www.dhl.com/lk-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}',
  },
  { key: 'fedex', name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  { key: 'other', name: 'Other' },
] as const satisfies readonly Courier[];

export type CourierKey = (typeof COURIERS)[number]['key'];
export const COURIER_KEYS = COURIERS.map((c) => c.key) as [CourierKey, ...CourierKey[]];

/** The courier of `key`, or undefined for an unknown key. */
export function courierOf(key: string): Courier | undefined {
  return (COURIERS as readonly Courier[]).find((c) => c.key === key);
}

/**
 * The public tracking page of a shipment, or undefined when the courier has none we know (then the
 * number is shown alone). The number is URL-encoded.
 */
export function trackingLink(courier: string, trackingNumber: string): string | undefined {
  const t = courierOf(courier)?.trackingUrl;
  return t ? t.replace('{n}', encodeURIComponent(trackingNumber)) : undefined;
}

/** How a shipment's courier is said: the list's name, or the name given for "Other". */
export function courierLabel(courier: string, courierName?: string): string {
  if (courier === 'other') return courierName?.trim() || 'Other courier';
  return courierOf(courier)?.name ?? courier;
}
