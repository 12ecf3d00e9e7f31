/**
 * The first page carries no zod (initial JavaScript, bench/results/2026-11-25-web-notes.md): the
 * login validation and the contracts' constants and messages that the app's first script and the
 * landing, login, home and listing pages use load with zod made unloadable.
 *
 * The production build already leaves zod out of those chunks when a module imports a constant
 * through the `@market/contracts` barrel (the package's `sideEffects: false` lets Rollup drop the
 * schema modules), but that holds only as long as nothing imported keeps a schema alive, and a
 * build is needed to see it. Here a module that reaches zod at all fails, without a build.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Every way into zod: the package, its v4 core (mantine-form-zod-resolver) and zod/mini. vi.mock
// is hoisted above the file's other statements, so the factory comes from vi.hoisted.
const { refuse } = vi.hoisted(() => ({
  refuse: () => {
    throw new Error('zod loaded');
  },
}));
vi.mock('zod', refuse);
vi.mock('zod/v4', refuse);
vi.mock('zod/v4/core', refuse);
vi.mock('zod/mini', refuse);

// The test setup or an earlier import may have loaded these modules with the real zod already;
// evaluate them again under the mocks.
beforeEach(() => {
  vi.resetModules();
});

describe('modules of the first page load without zod', () => {
  it("the login form's validation, with the spec's messages (spec 000 section 5)", async () => {
    const { validateLogin } = await import('./lib/loginValidation');
    expect(validateLogin({ username: ' ', password: '', rememberMe: false })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(validateLogin({ username: 'nimal', password: 'Secret#pass1', rememberMe: false })).toEqual({});
  });

  it("the contracts' zod-free constants and messages (@market/contracts/rules)", async () => {
    const rules = await import('@market/contracts/rules');
    expect(rules.CATEGORIES).toContain('Mobile Phones');
    expect(rules.formatLkr(1_234_500)).toBe('Rs. 12,345.00');
  });

  it('the routes’ listing reads and api modules (first script), money display, filters and cart notices (listing pages)', async () => {
    await expect(import('./pages/customer/browseQueries')).resolves.toHaveProperty('filterFromValue');
    await expect(import('./lib/money')).resolves.toHaveProperty('formatRupees');
    await expect(import('./components/ItemFilters')).resolves.toHaveProperty('ItemFilterBar');
    await expect(import('./lib/cartActions')).resolves.toHaveProperty('addToCart');
    for (const load of [() => import('./api/client'), () => import('./api/catalogue'), () => import('./api/identity')])
      await expect(load()).resolves.toBeDefined();
  });
});
