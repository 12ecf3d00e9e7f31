/**
 * index.html starts a listing's first read with the document: the preload is only taken by the
 * app if it asks for exactly the same URL, so these stay equal to what the listing pages send.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemFilters } from './api/catalogue';
import { listingFromParams, listingQuery } from './pages/customer/browseQueries';

afterEach(() => vi.unstubAllGlobals());

const html = readFileSync(path.resolve(__dirname, '..', 'index.html'), 'utf8');

/** The listing preloads of index.html: lower-case path → gateway URL. */
function listingPreloads(): Record<string, string> {
  const block = /var listings = \{([^}]*)\};/.exec(html);
  if (!block) throw new Error('index.html has no listing preloads');
  return Object.fromEntries([...block[1]!.matchAll(/'([^']+)':\s*'([^']+)'/g)].map((m) => [m[1], m[2]]));
}

/** The URL (path and query) the listing page asks for, opened without a query string. */
async function urlAsked(base: ItemFilters): Promise<string> {
  let asked = '';
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input);
      asked = url.pathname + url.search;
      return Promise.resolve(new Response(JSON.stringify({ items: [], total: 0, page: 1, limit: 12 }), { status: 200 }));
    }),
  );
  await listingQuery(base, listingFromParams(new URLSearchParams())).queryFn();
  return asked;
}

describe('reads index.html starts with the document', () => {
  it('preload exactly the URL each listing page asks for first', async () => {
    expect(listingPreloads()).toEqual({
      '/customer/allitmes': await urlAsked({}),
      '/customer/discounteditems': await urlAsked({ discounted: true }),
    });
  });
});
