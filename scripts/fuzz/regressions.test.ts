/**
 * Fixed findings of the Schemathesis run, pinned down without servers so they
 * stay fixed even when a bounded fuzz run does not happen to generate the input again; and the
 * Schemathesis config the runner writes.
 */
import { ItemCreateSchema } from '@market/contracts';
import { escapeRegex } from '@market/platform';
import { describe, expect, it } from 'vitest';
import { schemathesisConfig } from './run';

describe('findings of the fuzzer', () => {
  it('escapes NUL in search text (a raw NUL in a $regex was refused by the database: 500 on ?q=%00)', () => {
    const pattern = escapeRegex('wl\u0000.x');
    expect(pattern).not.toContain('\u0000');
    expect(new RegExp(pattern).test('wl\u0000.x')).toBe(true);
    expect(new RegExp(pattern).test('wl\u0000ax')).toBe(false);
  });

  it('refuses an empty Model of a new item with a 400 body instead of throwing (was a 500 on POST /items/addItems)', () => {
    const r = ItemCreateSchema.safeParse({
      Item_name: 'Phone',
      Brand: 'Samsung',
      Quantity: 1,
      Price: 10,
      Model: '',
      Stock_keeping_unit: 'S1',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain('Model');
  });
});

describe('schemathesisConfig', () => {
  it('binds each path parameter to a dictionary of existing ids, half of the time', () => {
    const toml = schemathesisConfig({ id: ['a1', 'b2'], email: ['x@example.lk'] });
    expect(toml).toContain('[dictionaries.id]\nvalues = ["a1", "b2"]');
    expect(toml).toContain('"path.id" = { dictionary = "id", probability = 0.5 }');
    expect(toml).toContain('"path.email" = { dictionary = "email", probability = 0.5 }');
  });
});
