/**
 * Route-level code splitting: a page of a module that is loaded only when the page is first shown,
 * so the seller and admin areas (and the public pages a shopper rarely opens) are not part of the
 * shopper's initial JavaScript.
 * Render it under a `<Suspense>` (AreaShell wraps its pages in one; routes.tsx the others).
 */
import { createElement, isValidElement, lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';

/**
 * @param load - the module's dynamic import, e.g. `() => import('../pages/seller/Items')`
 * @param name - the page's export in that module
 * @returns a component with the page's props: until its module has loaded, a `React.lazy` that
 *   loads it (and suspends); once loaded, the page itself. React.lazy suspends on its first render
 *   even when the module is already there (it learns so a task later), and a navigation renders
 *   in a transition, which keeps the previous page on screen, under the new address, meanwhile.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's own props type is kept by the cast below
  type Page = ComponentType<any>;
  let loaded: Page | undefined;
  const resolve = async () => {
    const page = (await load())[name];
    loaded = page as Page;
    return page;
  };
  const Lazy = lazy(async () => ({ default: (await resolve()) as Page }));
  function LazyPage(props: object) {
    // Fixed for this instance's life: switching between the two would remount the page.
    const [Loaded] = useState(() => loaded);
    return createElement(Loaded ?? Lazy, props);
  }
  LazyPage.displayName = `LazyPage(${String(name)})`;
  pages.set(LazyPage, resolve);
  return LazyPage as unknown as M[K];
}

/** Each lazy page → loads its module and gives the page component. */
const pages = new WeakMap<object, () => Promise<unknown>>();

/** The module loader of a {@link lazyPage}, if `type` is one. */
const pageLoader = (type: unknown) =>
  (typeof type === 'function' || typeof type === 'object') && type !== null ? pages.get(type) : undefined;

/**
 * The page component a route element's type stands for: the loaded page of a {@link lazyPage},
 * else the type itself (for tests that check which page a route shows).
 */
export async function pageComponent(type: unknown): Promise<unknown> {
  const resolve = pageLoader(type);
  return resolve ? resolve() : type;
}

/** The query client the routes' reads ahead fill, once the app's router is created. */
let app: { client?: QueryClient } = {};

/**
 * Where the loaders find the query client to fill: the browser's one app client by default; the
 * server renderer (src/entry-server.tsx) answers each request's own client instead, as several
 * requests render at once in one process.
 */
let currentClient: () => QueryClient | undefined = () => app.client;

/** Makes the routes' loaders fill the client `source` answers at the time they run (the server renderer). */
export function setQueryClientSource(source: () => QueryClient | undefined): void {
  currentClient = source;
}

/**
 * Runs the loaders of the routes `url` matches, so that their lazy pages and area layouts are
 * loaded: a server-rendered page hydrates with its page modules already there (a `React.lazy`
 * would suspend and the server's markup would not match). Reads nothing ahead: a client is only
 * known once the router is created ({@link trackRouter}).
 * @param url - the page's address (absolute)
 */
export async function loadMatchedRoutes(routes: RouteObject[], url: string): Promise<void> {
  const request = new Request(url);
  const matches = matchRoutes(routes, new URL(url).pathname) ?? [];
  await Promise.all(
    matches.map((m) =>
      typeof m.route.loader === 'function'
        ? m.route.loader({ request, params: m.params, context: undefined } as unknown as LoaderFunctionArgs)
        : undefined,
    ),
  );
}

/**
 * Creates the app's router so that its preloading loaders ({@link preloadingPages},
 * {@link areaLoader}) know the query cache their reads fill. The client is set before
 * `create` runs: the router starts its first navigation, and its loaders, while it is created.
 * @param create - creates the router from the routes, e.g. `() => createBrowserRouter(routes)`
 * @param client - the app's query client (without one, routes read nothing ahead)
 * @returns the router
 */
export function trackRouter<R>(create: () => R, client?: QueryClient): R {
  app = { client };
  return create();
}

/**
 * A route `handle` whose page's first read starts as soon as the route matches, beside the
 * page's code and the session's `me`, instead of after both (the page's `useAsync` of the same
 * query joins it): `{ path, element, handle: prefetchOnMatch((client, args) => …) }`.
 */
export function prefetchOnMatch(prefetch: (client: QueryClient, args: LoaderFunctionArgs) => void) {
  return { prefetch };
}

/**
 * Routes whose lazy page starts loading as soon as the route matches, and whose loader waits for
 * it, on the page load as on every later navigation.
 *
 * - On a later navigation: the router moves the address bar when its loaders are done and renders
 *   in a transition, which keeps the old page on screen while a new page suspends, so a page that
 *   had not arrived yet left the old page's form showing under the new address (a person typing
 *   into it typed into the wrong page).
 * - On the page load: a page that suspends shows its `<Suspense>` fallback, and React 19 then holds
 *   the page's reveal until 300 ms after that fallback appeared (its Suspense throttling, a retry
 *   is committed no sooner), whatever time the code really arrived: the listing showed its items
 *   about 300 ms after everything it needed was there. Waiting in the loader renders the page
 *   once, with its code. The page's code still loads beside the session's `me` and the page's
 *   first read, which the area's loader ({@link areaLoader}) and `prefetchOnMatch` start.
 */
export function preloadingPages(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    // The page itself, or the page inside a `<Suspense>` (top-level routes have no area shell).
    let element = isValidElement(route.element) ? route.element : undefined;
    if (element?.type === Suspense) {
      const child = (element as ReactElement<{ children?: unknown }>).props.children;
      element = isValidElement(child) ? child : undefined;
    }
    const resolve = pageLoader(element?.type);
    if (!resolve) return route;
    return {
      ...route,
      loader: async (args: LoaderFunctionArgs) => {
        const loading = resolve();
        const prefetch = (route.handle as Partial<ReturnType<typeof prefetchOnMatch>> | undefined)?.prefetch;
        const client = currentClient();
        if (prefetch && client) prefetch(client, args);
        // A failed load is left to the page's render, which fails the same way it did before.
        await loading.catch(() => undefined);
        return null;
      },
    } as RouteObject;
  });
}

/**
 * The loader of a signed-in area's route (`/Customer`, `/Seller`, `/Admin`): it starts the area's
 * first read (the session's `me`) as soon as the address matches, beside its pages' code, and
 * waits for the area's lazy layout, if it has one, for the reason {@link preloadingPages} gives.
 * @param opts.prefetch - starts reads into the app's query cache (not awaited: the area's own
 *   render shows their loading state and errors)
 * @param opts.layout - a {@link lazyPage} the area's element renders around its pages
 * @example { path: '/Seller', element: …, loader: areaLoader({ prefetch, layout: SellerLayout }), children }
 */
export function areaLoader(opts: { prefetch?: (client: QueryClient, args: LoaderFunctionArgs) => void; layout?: unknown }) {
  return async (args: LoaderFunctionArgs) => {
    const client = currentClient();
    if (opts.prefetch && client) opts.prefetch(client, args);
    await pageComponent(opts.layout).catch(() => undefined);
    return null;
  };
}
