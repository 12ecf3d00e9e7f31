import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '@market/contracts';
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

  it('documents the body of every 2xx answer: a closed JSON schema, or the media type of a file', () => {
    const missing = OPERATIONS.filter((op) => {
      const ok = Object.keys(op.responses).some((s) => Number(s) >= 200 && Number(s) < 300 && Number(s) !== 204);
      return ok && !op.response && !op.responseMedia;
    }).map((op) => `${op.method.toUpperCase()} ${op.path}`);
    expect(missing).toEqual([]);
    const item = doc.paths['/items/get/{id}']!.get as unknown as {
      responses: Record<string, { content: Record<string, { schema: JsonSchema }> }>;
    };
    const schema = item.responses['200']!.content['application/json']!.schema;
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(schema.required).toEqual(expect.arrayContaining(['_id', 'Item_name', 'Price', 'FinalPrice']));
  });
});
