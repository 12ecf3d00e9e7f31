import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { lazyPage, pageComponent, prefetchOnMatch, preloadingPages, trackRouter } from './lazyPage';

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

  it('start loading as soon as their route matches; on the page load the loader does not wait for it', async () => {
    trackRouter(() => ({ state: { initialized: false } }));
    const load = vi.fn(() => new Promise<{ Page: typeof Page }>(() => undefined));
    const Lazy = lazyPage(load, 'Page');
    const [lazyRoute, plainRoute] = preloadingPages([
      { path: 'a', element: <Lazy /> },
      { path: 'b', element: <Page /> },
    ]);
    expect(plainRoute!.loader).toBeUndefined();
    const loader = lazyRoute!.loader as () => Promise<unknown>;
    expect(await loader()).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after the page load, the loader waits for the page, so the address and the page change together', async () => {
    let arrive: (module: { Page: typeof Page }) => void = () => undefined;
    const load = vi.fn(() => new Promise<{ Page: typeof Page }>((resolve) => (arrive = resolve)));
    const Lazy = lazyPage(load, 'Page');
    const [route] = preloadingPages([{ path: 'a', element: <Lazy /> }]);
    trackRouter(() => ({ state: { initialized: true } }));
    let done = false;
    const loading = (route!.loader as () => Promise<unknown>)().then((value) => {
      done = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    arrive({ Page });
    expect(await loading).toBeNull();
  });

  it('also start loading when the page sits in a Suspense of its own (top-level public routes)', async () => {
    trackRouter(() => ({ state: { initialized: false } }));
    const load = vi.fn(() => new Promise<{ Page: typeof Page }>(() => undefined));
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
      return { state: { initialized: false } };
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
