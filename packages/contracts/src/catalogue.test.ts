/**
 * The package form's price messages (spec 001 section 6): an empty price is missing ("Price is
 * required !!!"), a zero or too large one invalid ("Invalid Price !!!"); issue 30 item 11 found the
 * empty one answered as invalid.
 */
import { describe, expect, it } from 'vitest';
import { PackageCreateSchema } from './catalogue';

const priceMessage = (price: unknown) => {
  const r = PackageCreateSchema.safeParse({
    packageName: 'Kit',
    description: 'd',
    price,
    startDate: '2026-11-28',
    endDate: '2099-12-31',
    image: `${'c'.repeat(64)}.webp`,
    content: ['a'.repeat(24)],
  });
  return r.success ? undefined : r.error.issues.find((i) => i.path[0] === 'price')?.message;
};

describe('package price', () => {
  it('says an empty price is required, and a zero or too large one is invalid', () => {
    expect(priceMessage('')).toBe('Price is required !!!');
    expect(priceMessage('  ')).toBe('Price is required !!!');
    expect(priceMessage(undefined)).toBe('Price is required !!!');
    expect(priceMessage(0)).toBe('Invalid Price !!!');
    expect(priceMessage('2000000.01')).toBe('Invalid Price !!!');
    expect(priceMessage('2500')).toBeUndefined();
  });
});
