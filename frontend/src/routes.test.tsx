import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { aliases, routes } from './routes';

/** The route objects a path resolves to, outermost first (no rendering, no network). */
const chain = (path: string) => (matchRoutes(routes, path) ?? []).map((m) => m.route);
const leaf = (path: string) => chain(path).at(-1);

describe('routes', () => {
  it('match documented paths whatever their case (spec: /Customer/update/{id} and /Customer/Update/{id})', () => {
    const a = leaf('/Customer/update/abc');
    expect(a?.path).toBe('update/:id');
    expect(leaf('/Customer/Update/abc')).toBe(a);
    expect(leaf('/customer/UPDATE/abc')).toBe(a);
  });

  it('serve alias paths that differ by more than case with the same page', () => {
    const a = leaf('/Admin/DeleteRequest');
    const b = leaf('/Admin/RequestDelete');
    expect(a?.path).toBe('DeleteRequest');
    expect(b?.path).toBe('RequestDelete');
    expect(isValidElement(a?.element) && isValidElement(b?.element) && a.element.type === b.element.type).toBe(true);
  });

  it('answer unknown paths inside an area with that area’s 404, and elsewhere with the top-level 404', () => {
    for (const area of ['/Customer', '/Seller', '/Admin']) {
      const routesOf = chain(`${area}/NoSuchPage`);
      expect(routesOf.map((r) => r.path)).toEqual([area, '*']);
    }
    expect(chain('/NoSuchPage').map((r) => r.path)).toEqual(['*']);
  });

  it('aliases() builds one route per path with the same element', () => {
    const element = <p>page</p>;
    expect(aliases(['a/:id', 'b/:id'], element)).toEqual([
      { path: 'a/:id', element },
      { path: 'b/:id', element },
    ]);
  });
});
