import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { areaLoader, lazyPage, pageComponent, prefetchOnMatch, preloadingPages, trackRouter } from './lazyPage';

function Page() {
  return <p>page</p>;
}

describe('lazy pages', () => {
  it('load their module only when asked, and give the page they stand for', async () => {
    const load = vi.fn(() => Promise.resolve({ Page }));
    const Lazy = lazyPage(load, 'Page');
    expect(load).not.toHaveBeenCalled();
    expect(await pageComponent(Lazy)).toBe(Page);
    expect(await pageComponent(Page)).toBe(Page);
  });

  it('start loading as soon as their route matches, and the loader waits for the page, on the page load as later', async () => {
    let arrive: (module: { Page: typeof Page }) => void = () => undefined;
    const load = vi.fn(() => new Promise<{ Page: typeof Page }>((resolve) => (arrive = resolve)));
    const Lazy = lazyPage(load, 'Page');
    const [lazyRoute, plainRoute] = preloadingPages([
      { path: 'a', element: <Lazy /> },
      { path: 'b', element: <Page /> },
    ]);
    expect(plainRoute!.loader).toBeUndefined();
    let done = false;
    const loading = (lazyRoute!.loader as () => Promise<unknown>)().then((value) => {
      done = true;
      return value;
    });
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    arrive({ Page });
    expect(await loading).toBeNull();
  });

  it('a page whose module fails to load leaves the failure to its render: the loader still settles', async () => {
    const Lazy = lazyPage<{ Page: typeof Page }, 'Page'>(() => Promise.reject(new Error('chunk gone')), 'Page');
    const [route] = preloadingPages([{ path: 'a', element: <Lazy /> }]);
    expect(await (route!.loader as () => Promise<unknown>)()).toBeNull();
  });

  it("an area's loader starts its reads at once and waits for its lazy layout", async () => {
    const client = new QueryClient();
    trackRouter(() => null, client);
    const prefetch = vi.fn();
    let arrive: (module: { Page: typeof Page }) => void = () => undefined;
    const Layout = lazyPage(() => new Promise<{ Page: typeof Page }>((resolve) => (arrive = resolve)), 'Page');
    const args = { params: {}, request: new Request('http://shop.test/Seller/Home') } as unknown as LoaderFunctionArgs;
    let done = false;
    const loading = areaLoader({ prefetch, layout: Layout })(args).then((value) => {
      done = true;
      return value;
    });
    expect(prefetch).toHaveBeenCalledWith(client, args);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    arrive({ Page });
    expect(await loading).toBeNull();
    // Without a layout, it only starts the reads.
    expect(await areaLoader({ prefetch })(args)).toBeNull();
    expect(prefetch).toHaveBeenCalledTimes(2);
  });

  it('also start loading when the page sits in a Suspense of its own (top-level public routes)', async () => {
    const load = vi.fn(() => Promise.resolve({ Page }));
    const Lazy = lazyPage(load, 'Page');
    const [route] = preloadingPages([
      {
        path: '/',
        element: (
          <Suspense fallback={null}>
            <Lazy />
          </Suspense>
        ),
      },
    ]);
    expect(await (route!.loader as () => Promise<unknown>)()).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("start the page's first read with the route's arguments, into the app's query cache, from the page load on", async () => {
    const client = new QueryClient();
    const prefetch = vi.fn();
    const Lazy = lazyPage(() => Promise.resolve({ Page }), 'Page');
    const [route] = preloadingPages([{ path: 'ItemDetails/:id', element: <Lazy />, handle: prefetchOnMatch(prefetch) }]);
    const args = {
      params: { id: 'i1' },
      request: new Request('http://shop.test/Customer/ItemDetails/i1'),
    } as unknown as LoaderFunctionArgs;
    // The router runs the page load's loaders while it is being created.
    trackRouter(() => {
      void (route!.loader as (a: LoaderFunctionArgs) => Promise<unknown>)(args);
      return null;
    }, client);
    expect(prefetch).toHaveBeenCalledWith(client, args);
  });

  it('render at once, without suspending, once their module has loaded (a navigation then shows the new page, not the old one)', async () => {
    const Lazy = lazyPage(() => Promise.resolve({ Page }), 'Page');
    await pageComponent(Lazy);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });
});
