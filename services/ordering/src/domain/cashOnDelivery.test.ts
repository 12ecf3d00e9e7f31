import { COD_REFUSED, codOverLimitMessage } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { codAvailability, codPayment, collectCents, refusalsWithinWindow } from './cashOnDelivery';

const now = new Date('2026-11-28T10:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

describe('cash on delivery rules', () => {
  it('collects the delivery and VAT with the first line only, so all lines make the checkout amount', () => {
    const ids = ['X-I1', 'X-I2', 'X-P1'];
    expect(collectCents(ids, 'X-I1', 500_000)).toBe(510_000);
    expect(collectCents(ids, 'X-I2', 200_000)).toBe(200_000);
    expect(collectCents(ids, 'X-P1', 100_000)).toBe(100_000);
  });

  it('allows up to the limit (delivery and VAT included) and refuses one cent over', () => {
    expect(codAvailability(25_000_000, 250_000, [], now)).toEqual({ available: true, limit: 250_000 });
    expect(codAvailability(25_000_001, 250_000, [], now)).toEqual({
      available: false,
      reason: codOverLimitMessage(250_000),
      limit: 250_000,
    });
  });

  it('closes after two refusals within 90 days; older ones do not count', () => {
    expect(refusalsWithinWindow([daysAgo(1), daysAgo(89), daysAgo(91)], now)).toBe(2);
    expect(codAvailability(1000, 250_000, [daysAgo(1), daysAgo(91)], now).available).toBe(true);
    expect(codAvailability(1000, 250_000, [daysAgo(1), daysAgo(89)], now)).toMatchObject({ available: false, reason: COD_REFUSED });
  });

  it('follows the lines: pending while one waits, Paid once all are settled with cash, Cancelled with none', () => {
    const pending = { status: 'Shipped' as const, cod: { status: 'Pending' as const, collectCents: 100 } };
    const collected = { status: 'Delivered' as const, cod: { status: 'Collected' as const, collectCents: 250 } };
    const refused = { status: 'Cancelled' as const, cod: { status: 'Refused' as const, collectCents: 300 } };
    expect(codPayment(false, [pending, collected])).toEqual({ status: 'PendingCOD', collectedCents: 250, settled: 1 });
    expect(codPayment(false, [collected, refused])).toEqual({ status: 'Paid', collectedCents: 250, settled: 2 });
    expect(codPayment(false, [refused, { ...pending, status: 'Cancelled' as const }])).toEqual({
      status: 'Cancelled',
      collectedCents: 0,
      settled: 2,
    });
    expect(codPayment(true, [pending])).toEqual({ status: 'Cancelled', collectedCents: 0, settled: 1 });
  });
});
