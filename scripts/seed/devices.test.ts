import { ItemCreateSchema } from '@market/contracts';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { categoryOf, itemBodyOf, loadDevices, photoPath, priceOf, quantityOf } from './devices';

describe('demo catalogue from @devicefarmer/stf-device-db', () => {
  const devices = loadDevices();

  it('reads about 500 real devices, most with a photo', () => {
    expect(devices.length).toBeGreaterThan(450);
    const withPhoto = devices.filter((d) => existsSync(photoPath(d)));
    expect(withPhoto.length / devices.length).toBeGreaterThan(0.9);
  });

  it('maps every device to a valid add-item body with unique SKUs', () => {
    const skus = new Set<string>();
    for (const d of devices) {
      const body = itemBodyOf(d);
      const parsed = ItemCreateSchema.safeParse(body);
      expect(parsed.success, `${d.code}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      skus.add(body.Stock_keeping_unit.toUpperCase());
    }
    expect(skus.size).toBe(devices.length);
  });

  it('prices deterministically within the item limits, ending in 99', () => {
    for (const d of devices) {
      const p = priceOf(d);
      expect(p).toBe(priceOf(d));
      expect(p).toBeGreaterThanOrEqual(4_999);
      expect(p).toBeLessThan(1_000_000);
      expect(p % 1000).toBe(999);
      expect(quantityOf(d)).toBeGreaterThanOrEqual(5);
      expect(quantityOf(d)).toBeLessThanOrEqual(50);
    }
  });

  it('finds phones, tablets and wearables', () => {
    const counts = new Map<string, number>();
    for (const d of devices) counts.set(categoryOf(d), (counts.get(categoryOf(d)) ?? 0) + 1);
    expect(counts.get('Mobile Phones')).toBeGreaterThan(100);
    expect(counts.get('Tablet / iPad / iPod')).toBeGreaterThan(10);
  });
});
