/**
 * The <head> of a server-rendered public page (issue 32 item 2): its title (lib/documentTitle.ts, the
 * same the page sets in the browser), description, canonical address and Open Graph tags, and on an
 * item's page a schema.org `Product` in JSON-LD (price in LKR, availability, picture, brand, the
 * rating when reviews exist). Built from the reads the render made (the query cache), so it says
 * what the page shows. The browser keeps this head; the pages still set their title as they change.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Item } from './api/catalogue';
import { documentTitle, SITE_NAME } from './lib/documentTitle';
import { imageUrl } from './lib/images';

/** One page's head, before it is written as HTML ({@link headHtml}). */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute address of the page without its query string, but with `page`/`q` when they name a different listing. */
  canonical: string;
  /** Absolute URL of the page's picture, if it has one. */
  image?: string;
  /** `product` for an item, `website` otherwise. */
  type: 'website' | 'product';
  /** schema.org data (an item's `Product`). */
  jsonLd?: Record<string, unknown>;
}

const SITE_DESCRIPTION = 'Phones, tablets, gaming gear and wearables from Sri Lankan sellers, in LKR.';

/** The first answer in the cache whose key starts with `prefix`. */
function cached<T>(client: QueryClient, prefix: unknown[]): T | undefined {
  const query = client
    .getQueryCache()
    .findAll({ queryKey: prefix })
    .find((q) => q.state.status === 'success');
  return query?.state.data as T | undefined;
}

/** `text` cut to `max` characters at a word, with an ellipsis when cut. */
function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** Rupees with two decimals, as schema.org's `price` (a number, no currency sign). */
const rupees = (amount: number) => Math.round(amount * 100) / 100;

/** An image name as an absolute URL (the gateway serves it; a path of the app's own gets the site's origin). */
function absoluteImage(name: string | undefined, siteUrl: string): string | undefined {
  const url = imageUrl(name);
  return url ? new URL(url, siteUrl).href : undefined;
}

/** schema.org `Product` of an item (https://schema.org/Product, Google's product snippet fields). */
export function productJsonLd(item: Item, pageUrl: string, siteUrl: string): Record<string, unknown> {
  const inStock = item.ItemAvailabilityStatus && item.Quantity > 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.Item_name,
    description: clip(item.Description, 500),
    sku: item.Stock_keeping_unit,
    mpn: item.Model,
    category: item.Category,
    brand: { '@type': 'Brand', name: item.Brand },
    image: item.Images.map((name) => absoluteImage(name, siteUrl)).filter(Boolean),
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: rupees(item.FinalPrice),
      priceCurrency: 'LKR',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(item.rating !== null && item.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: item.rating,
            reviewCount: item.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * The head of the page at `url`, from the reads its render made.
 * @param url - the page's address
 * @param siteUrl - the public origin (e.g. https://shop.example.lk)
 */
export function pageHead(url: URL, client: QueryClient, siteUrl: string): PageHead {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const listingPage = Number(url.searchParams.get('page'));
  const keep = new URLSearchParams();
  for (const name of ['q', 'page']) {
    const value = url.searchParams.get(name);
    if (value && (name !== 'page' || (Number.isInteger(listingPage) && listingPage > 1))) keep.set(name, value);
  }
  const canonical = `${new URL(path, siteUrl).href}${keep.size ? `?${keep}` : ''}`;
  const base = { canonical, type: 'website' as const };
  const firstListed = cached<{ items: Item[] }>(client, ['items', 'listItems'])?.items[0];
  const listingImage = absoluteImage(firstListed?.Images[0], siteUrl);

  const item = /^\/customer\/(itemdetails|itemreviews)\/([^/]+)$/i.exec(path);
  if (item) {
    const data = cached<Item>(client, ['items', 'getItem', decodeURIComponent(item[2]!)]);
    if (data) {
      const reviews = item[1]!.toLowerCase() === 'itemreviews';
      return {
        ...base,
        title: documentTitle(reviews ? `Reviews of ${data.Item_name}` : data.Item_name),
        description: clip(`${data.Brand} ${data.Item_name}. ${data.Description}`),
        image: absoluteImage(data.Images[0], siteUrl),
        ...(reviews ? {} : { type: 'product' as const, jsonLd: productJsonLd(data, canonical, siteUrl) }),
      };
    }
  }
  const filterBy = /^\/customer\/allitemsfilterby\/([^/]+)$/i.exec(path);
  if (filterBy) {
    const value = decodeURIComponent(filterBy[1]!);
    return {
      ...base,
      title: documentTitle(value),
      description: `${value} from Sri Lankan sellers at ${SITE_NAME}, in LKR.`,
      image: listingImage,
    };
  }
  if (/^\/customer\/allitmes$/i.test(path))
    return {
      ...base,
      title: documentTitle('All Items'),
      description: `Every item on sale at ${SITE_NAME}: ${SITE_DESCRIPTION}`,
      image: listingImage,
    };
  if (/^\/customer\/discounteditems$/i.test(path))
    return {
      ...base,
      title: documentTitle('Discounted Items'),
      description: `Items on discount at ${SITE_NAME}, in LKR.`,
      image: listingImage,
    };
  if (/^\/customer\/packages$/i.test(path)) {
    const first = cached<{ items: { image: string }[] }>(client, ['packages', 'listPackages'])?.items[0];
    return {
      ...base,
      title: documentTitle('Promo Packages'),
      description: `Promo packages of items at one price, at ${SITE_NAME}.`,
      image: absoluteImage(first?.image, siteUrl),
    };
  }
  if (/^\/customer(\/home)?$/i.test(path)) return { ...base, title: documentTitle('Home'), description: SITE_DESCRIPTION };
  return { ...base, title: SITE_NAME, description: SITE_DESCRIPTION };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * JSON inside a <script> element: `<`, `>`, `&` and the two line separators written as escapes, so
 * no text of the data can close the element or start a comment.
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The head as HTML tags, to put in place of the shell's <title> and description. */
export function headHtml(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string | undefined) =>
    value === undefined ? '' : `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}
