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

/**
 * Routes whose lazy page starts loading as soon as the route matches (a loader that does not
 * wait), so the page's code arrives beside the session's `me` instead of after it.
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
      loader: () => {
        void resolve();
        return null;
      },
    } as RouteObject;
  });
}
