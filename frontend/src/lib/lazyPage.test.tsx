import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, pageComponent, preloadingPages } from './lazyPage';

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

  it('start loading as soon as their route matches (the route loader does not wait for it)', () => {
    const load = vi.fn(() => new Promise<{ Page: typeof Page }>(() => undefined));
    const Lazy = lazyPage(load, 'Page');
    const [lazyRoute, plainRoute] = preloadingPages([
      { path: 'a', element: <Lazy /> },
      { path: 'b', element: <Page /> },
    ]);
    expect(plainRoute!.loader).toBeUndefined();
    const loader = lazyRoute!.loader as () => unknown;
    expect(loader()).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('also start loading when the page sits in a Suspense of its own (top-level public routes)', () => {
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
    expect((route!.loader as () => unknown)()).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
