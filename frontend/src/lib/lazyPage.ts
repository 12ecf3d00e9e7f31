/**
 * Route-level code splitting: a page of a module that is loaded only when the page is first shown,
 * so the seller and admin areas (and the public pages a shopper rarely opens) are not part of the
 * shopper's initial JavaScript.
 * Render it under a `<Suspense>` (AreaShell wraps its pages in one; routes.tsx the others).
 */
import { isValidElement, lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * @param load - the module's dynamic import, e.g. `() => import('../pages/seller/Items')`
 * @param name - the page's export in that module
 * @returns a component with the page's props, loading its module on first render
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  const resolve = async () => (await load())[name];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's own props type is kept by the cast below
  const page = lazy(async () => ({ default: (await resolve()) as ComponentType<any> }));
  pages.set(page, resolve);
  return page as unknown as M[K];
}

/** Each lazy page → loads its module and gives the page component. */
const pages = new WeakMap<object, () => Promise<unknown>>();

/**
 * The page component a route element's type stands for: the loaded page of a {@link lazyPage},
 * else the type itself (for tests that check which page a route shows).
 */
export async function pageComponent(type: unknown): Promise<unknown> {
  const resolve = typeof type === 'object' && type !== null ? pages.get(type) : undefined;
  return resolve ? resolve() : type;
}

/** The app's router, once created: its first navigation is the page load itself. */
let appRouter: { state: { initialized: boolean } } | undefined;

/**
 * Tells the preloading loaders which router they run in ({@link preloadingPages}).
 * @param router - the router just created from the routes
 * @returns the same router
 */
export function trackRouter<R extends { state: { initialized: boolean } }>(router: R): R {
  appRouter = router;
  return router;
}

/**
 * Routes whose lazy page starts loading as soon as the route matches.
 *
 * On the page load itself the loader does not wait, so the page's code arrives beside the
 * session's `me` instead of after it (nothing is on screen yet; the Suspense shows the loader).
 * On every later navigation it waits for the code: the router moves the address bar when its
 * loaders are done and renders in a transition, which keeps the old page on screen while a new
 * page suspends, so a page that had not arrived yet left the old page's form showing under the
 * new address (a person typing into it typed into the wrong page).
 */
export function preloadingPages(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    // The page itself, or the page inside a `<Suspense>` (top-level routes have no area shell).
    let element = isValidElement(route.element) ? route.element : undefined;
    if (element?.type === Suspense) {
      const child = (element as ReactElement<{ children?: unknown }>).props.children;
      element = isValidElement(child) ? child : undefined;
    }
    const type = element?.type;
    const resolve = typeof type === 'object' && type !== null ? pages.get(type) : undefined;
    if (!resolve) return route;
    return {
      ...route,
      loader: async () => {
        const loading = resolve();
        // A failed load is left to the page's render, which fails the same way it did before.
        if (appRouter?.state.initialized) await loading.catch(() => undefined);
        return null;
      },
    } as RouteObject;
  });
}
