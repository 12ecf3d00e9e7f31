import { describe, expect, it } from 'vitest';
import { OPERATIONS, openApiDocument } from './openapi';
import { ROUTES, resolveService } from './routes';

describe('OpenAPI document', () => {
  const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };

  it('is OpenAPI 3.1 and lists every operation once', () => {
    expect(doc.openapi).toBe('3.1.0');
    const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(count).toBe(OPERATIONS.length);
    const keys = OPERATIONS.map((o) => `${o.method} ${o.path.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('routes every documented path to a service through the route table', () => {
    for (const op of OPERATIONS) {
      const concrete = op.path.replace(/\{\w+\}/g, '0123456789abcdef01234567');
      expect(resolveService(concrete), op.path).not.toBeNull();
    }
  });

  it('documents at least one operation behind every rule of the route table (no path missing on either side)', () => {
    const concrete = OPERATIONS.map((op) => op.path.replace(/\{\w+\}/g, '0123456789abcdef01234567'));
    for (const rule of ROUTES) {
      // The operations this rule is the first match for.
      const covered = concrete.filter((p) => ROUTES.find((r) => r.pattern.test(p)) === rule);
      expect(covered.length, `route rule ${rule.covers}`).toBeGreaterThan(0);
    }
  });

  it('describes request bodies from the shared zod schemas, with their messages', () => {
    const signup = doc.paths['/Customer/add']!.post!.requestBody as { content: { 'application/json': { schema: { required: string[] } } } };
    expect(signup.content['application/json'].schema.required).toEqual(expect.arrayContaining(['firstName', 'email', 'password']));
  });
});
