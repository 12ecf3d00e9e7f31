/**
 * Server rendering of the public pages (issue 32 item 2): the landing page and the customer pages a
 * guest may open (layouts/CustomerLayout.tsx, `isGuestPath`: home, the listings, packages, an item
 * and its reviews). Built by Vite as the SSR bundle (vite.config.ts, `ssrBundle`) and called by the
 * web server (server/webServer.ts) per request.
 *
 * With react-router's data-mode server rendering: `createStaticHandler(routes).query(request)` runs
 * the matched routes' loaders (which load the lazy page and start its first read into this
 * request's query client, lib/lazyPage.ts), then the page renders with `<StaticRouterProvider>`.
 * Reads the page asks for while rendering (a seller after its item, home's rows) are fetched and the
 * page rendered again, until it asks for nothing new (at most {@link MAX_PASSES} renders). The
 * answers go into the page as JSON (`<script type="application/json">`: data, which the
 * Content-Security-Policy does not govern, unlike an inline script), from which src/main.tsx
 * fills the browser's query cache and the router's state before hydrating.
 *
 * Always the guest's page: no cookie is ever sent with these reads, the session's `me` is set to
 * "nobody" here and never sent to the browser, so the same HTML serves everyone and may be cached
 * (server/webServer.ts), per language: the page's texts come from an i18next instance of this
 * request in the language the web server read from the `lang` cookie (issue 33 item 1), and the
 * browser starts in the same one (`<html lang>`). A page whose read fails (an unknown item, the gateway down) is not
 * rendered: the browser gets the app's shell and renders it as before.
 */
import './lib/zodJitless';
import { MantineProvider } from '@mantine/core';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom';
import { createI18n, DEFAULT_LANGUAGE, isLanguage } from './i18n';
import { isGuestPath } from './layouts/CustomerLayout';
import { setQueryClientSource } from './lib/lazyPage';
import { ModalsSlot } from './lib/modalsHost';
import { RefreshKeptReads } from './lib/refreshKeptReads';
import { NotificationsSlot } from './lib/notificationsHost';
import { createQueryClient, QueryProvider } from './lib/queryClient';
import { markReadAhead } from './lib/useAsync';
import { routes } from './routes';
import { pageHead, type PageHead } from './ssrHead';
import { NOTIFICATIONS_POSITION, theme } from './theme';

export type { PageHead } from './ssrHead';
export { headHtml, scriptJson } from './ssrHead';

/** Renders of one page at most: the page, then each read that depends on an earlier one (item → seller). */
const MAX_PASSES = 4;

/** What src/main.tsx reads from the page's `<script id="ssr-data" type="application/json">`. */
export interface SsrData {
  /** The query cache's successful reads (never `me`). */
  queries: DehydratedState;
  /** react-router's hydration data: the matched routes' loader data. */
  router: { loaderData: StaticHandlerContext['loaderData']; actionData: StaticHandlerContext['actionData']; errors: null };
}

/** What a request renders to. */
export type RenderResult =
  /** `hoisted`: the <link> tags React hoisted out of the page (picture preloads), for the document's <head>. */
  | { kind: 'page'; status: number; html: string; hoisted: string; data: SsrData; head: PageHead }
  | { kind: 'redirect'; status: number; location: string }
  /** Not a public page, or one that could not be rendered: the browser renders it (the SPA shell). */
  | { kind: 'shell'; reason: string };

/** The element id of the page's data (src/main.tsx reads it). */
export const SSR_DATA_ID = 'ssr-data';

const requestClient = new AsyncLocalStorage<QueryClient>();
setQueryClientSource(() => requestClient.getStore());

/** Whether `pathname` is a public page this renderer draws. */
export const isPublicPath = (pathname: string): boolean => pathname === '/' || isGuestPath(pathname);

/** Waits until no read of `client` is in flight. */
async function settled(client: QueryClient): Promise<void> {
  while (client.isFetching() > 0)
    await Promise.all(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.promise?.catch(() => undefined)),
    );
}

/**
 * Renders one public page for a guest.
 * @param url - the page's absolute address as the browser asked for it (origin of the public site)
 * @param opts.styleNonce - written on Mantine's <style> tags (the server puts the placeholder here and each answer's nonce in its place)
 * @param opts.siteUrl - the public origin, for canonical and Open Graph addresses
 * @param opts.language - the page's language (`en`, `si` or `ta`; anything else renders English)
 * @returns the page's markup and data, a redirect, or `shell` (see {@link RenderResult})
 */
export async function render(url: string, opts: { styleNonce: string; siteUrl: string; language?: string }): Promise<RenderResult> {
  const pathname = new URL(url).pathname;
  if (!isPublicPath(pathname)) return { kind: 'shell', reason: 'not a public page' };
  const client = createQueryClient();
  // The guest's page: nobody is signed in (session/session.tsx reads `me` as null: a guest).
  for (const kind of ['customer', 'seller', 'admin']) client.setQueryData(['me', kind], null);
  const handler = createStaticHandler(routes);
  const context = await requestClient.run(client, () => handler.query(new Request(url)));
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    return location
      ? { kind: 'redirect', status: context.status, location }
      : { kind: 'shell', reason: `loader answered ${context.status}` };
  }
  if (context.errors) return { kind: 'shell', reason: 'a route failed' };
  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = createI18n(isLanguage(opts.language) ? opts.language : DEFAULT_LANGUAGE);
  // The same shape as the browser's (src/main.tsx): the app, then RefreshKeptReads.
  const app = () => (
    <>
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <MantineProvider theme={theme} getStyleNonce={() => opts.styleNonce}>
            <ModalsSlot />
            <NotificationsSlot position={NOTIFICATIONS_POSITION} />
            <QueryProvider client={client}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </QueryProvider>
          </MantineProvider>
        </I18nextProvider>
      </StrictMode>
      <RefreshKeptReads client={client} ageMs={0} />
    </>
  );
  let html = '';
  for (let pass = 1; ; pass++) {
    await settled(client);
    if (client.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' && q.queryKey[0] !== 'me' }).length > 0)
      return { kind: 'shell', reason: 'a read failed' };
    markReadAhead(client);
    html = renderToString(app());
    // Reads the render asked for (the page's hooks put them in the cache) and nobody fetched yet.
    const asked = client.getQueryCache().findAll({
      predicate: (q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && q.queryKey[0] !== 'me',
    });
    if (asked.length === 0) break;
    if (pass === MAX_PASSES) return { kind: 'shell', reason: 'the page kept asking for more reads' };
    for (const query of asked) void query.fetch().catch(() => undefined);
  }
  // React puts the resources it hoists (preloads of the pictures a page shows at once) at the start
  // of a render that is not a whole document: they go in the <head>, where the browser finds them
  // first and where hydration does not expect them inside #root.
  const hoisted = /^(?:<link\b[^>]*>)+/.exec(html)?.[0] ?? '';
  html = html.slice(hoisted.length);
  const queries = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' && q.queryKey[0] !== 'me' });
  const status = context.statusCode;
  return {
    kind: 'page',
    status,
    html,
    hoisted,
    data: { queries, router: { loaderData: context.loaderData, actionData: context.actionData, errors: null } },
    head: pageHead(new URL(url), client, opts.siteUrl),
  };
}
