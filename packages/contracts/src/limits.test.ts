/** Every length limit answers a message a person can read. */
import { describe, expect, it } from 'vitest';
import { CustomerSignupSchema, CustomerUpdateSchema } from './identity';
import { ItemListQuerySchema, PackageListQuerySchema } from './catalogue';
import { HistoryListQuerySchema } from './ordering';

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('length limits in the documents’ style', () => {
  it('a 300-character last name says how long it may be, not that it is required', () => {
    const r = CustomerUpdateSchema.safeParse({ lastName: 'x'.repeat(300) });
    expect(messages(r)).toContain('lastName: Last Name cannot be longer than 100 characters');
    const s = CustomerSignupSchema.safeParse({ firstName: 'y'.repeat(101) });
    expect(messages(s)).toContain('firstName: First Name cannot be longer than 100 characters');
  });

  it('search text over its limit says so in words (not zod’s "Too big: expected string to have <=100 characters")', () => {
    for (const schema of [ItemListQuerySchema, PackageListQuerySchema])
      expect(messages(schema.safeParse({ q: 'a'.repeat(101) }))).toEqual(['q: Search text cannot be longer than 100 characters']);
    expect(messages(HistoryListQuerySchema.safeParse({ q: 'a'.repeat(51) }))).toEqual([
      'q: Search text cannot be longer than 50 characters',
    ]);
    expect(ItemListQuerySchema.safeParse({ q: 'a'.repeat(100) }).success).toBe(true);
  });
});
