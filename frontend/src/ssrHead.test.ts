/**
 * The head of the server-rendered pages (issue 32 item 2, ./ssrHead.ts): an item's schema.org
 * Product (price in LKR, availability, rating only with reviews), the Open Graph tags, and the
 * escaping that keeps an item's text from closing a tag or the JSON-LD script.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Item } from './api/catalogue';
import { headHtml, pageHead, productJsonLd, scriptJson } from './ssrHead';

const SITE = 'https://shop.example.lk';
const item = (over: Partial<Item> = {}): Item =>
  ({
    _id: 'aaaaaaaaaaaaaaaaaaaaaa01',
    Item_name: 'Pixel 9 "Pro" </script><b>',
    Brand: 'Google',
    Model: 'M-9',
    Quantity: 3,
    LowStockThreshold: 0,
    Price: 250000,
    FinalPrice: 212500.5,
    Stock_keeping_unit: 'PX9',
    Description: 'A phone.',
    Specification: '',
    WHT: '',
    Warrenty: 1,
    Color_family: [],
    Other_colors: '',
    Images: ['a.webp'],
    Category: 'Mobile Phones',
    SellerID: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    ItemAvailabilityStatus: true,
    DiscountStatus: true,
    DiscountPrecentage: 15,
    rating: null,
    reviewCount: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    version: 1,
    ...over,
  }) as Item;

describe('productJsonLd', () => {
  it('gives the price after discount in LKR, in stock, and no rating without reviews', () => {
    const ld = productJsonLd(item(), `${SITE}/Customer/ItemDetails/x`, SITE);
    expect(ld).toMatchObject({
      '@type': 'Product',
      brand: { name: 'Google' },
      offers: { price: 212500.5, priceCurrency: 'LKR', availability: 'https://schema.org/InStock' },
    });
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('says OutOfStock when sold out or switched off, and carries the rating once reviewed', () => {
    expect(productJsonLd(item({ Quantity: 0 }), SITE, SITE)).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(productJsonLd(item({ ItemAvailabilityStatus: false }), SITE, SITE)).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
    expect(productJsonLd(item({ rating: 4, reviewCount: 7 }), SITE, SITE)).toMatchObject({
      aggregateRating: { ratingValue: 4, reviewCount: 7, bestRating: 5 },
    });
  });
});

describe('pageHead and headHtml', () => {
  it("writes an item page's tags from the cached item, escaped", () => {
    const client = new QueryClient();
    client.setQueryData(['items', 'getItem', 'aaaaaaaaaaaaaaaaaaaaaa01'], item());
    const head = pageHead(new URL(`${SITE}/Customer/ItemDetails/aaaaaaaaaaaaaaaaaaaaaa01?utm=x`), client, SITE);
    expect(head.type).toBe('product');
    expect(head.canonical).toBe(`${SITE}/Customer/ItemDetails/aaaaaaaaaaaaaaaaaaaaaa01`);
    const html = headHtml(head);
    expect(html).toContain('<title>Pixel 9 &quot;Pro&quot; &lt;/script&gt;&lt;b&gt; | Lanka Electronics</title>');
    expect(html).toContain('<meta property="og:type" content="product" />');
    // The JSON-LD cannot be closed by the item's name.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!)).toMatchObject({
      name: item().Item_name,
    });
  });

  it('keeps a listing page number and search in the canonical address', () => {
    const head = pageHead(new URL(`${SITE}/Customer/AllItmes?q=phone&page=2&sort=name`), new QueryClient(), SITE);
    expect(head.canonical).toBe(`${SITE}/Customer/AllItmes?q=phone&page=2`);
    expect(head.title).toBe('All Items | Lanka Electronics');
  });

  it('escapes the characters that could end a script element', () => {
    expect(scriptJson({ a: '</script><!--&\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028"}');
  });
});
