import { describe, expect, it } from 'vitest';
import { salesTotals } from './figures';
import { amount, lineOutgoings, rs } from './money';
import { colomboDate, colomboMonthKey as monthKey } from '@market/contracts';
import { lastMonths, previousMonth, usDate } from './time';

describe('report money', () => {
  it('shows rupees with thousands separators and two decimals', () => {
    expect(rs(1234500)).toBe('Rs. 12,345.00');
    expect(rs(5)).toBe('Rs. 0.05');
    expect(amount(24999999)).toBe('249,999.99');
    expect(amount(-150)).toBe('-1.50');
  });

  it('takes 20 % of an item line unit price and 10 % of a package price, rounded to the cent', () => {
    expect(lineOutgoings('item', 24999999)).toBe(5000000);
    expect(lineOutgoings('item', 1234567)).toBe(246913);
    expect(lineOutgoings('package', 1500000)).toBe(150000);
  });
});

describe('sales figures', () => {
  it('counts orders (distinct checkouts), distinct items, units, income, outgoings once per line, profit', () => {
    const t = salesTotals([
      { orderId: 'K7Q2M9X4B1ZT', kind: 'item', productId: 'a', quantity: 2, unitPriceCents: 100000 },
      { orderId: 'P3W8N5V2C6RY', kind: 'item', productId: 'a', quantity: 1, unitPriceCents: 90000 },
      // A second line of the first checkout: the same order.
      { orderId: 'K7Q2M9X4B1ZT', kind: 'item', productId: 'b', quantity: 3, unitPriceCents: 5050 },
    ]);
    expect(t).toEqual({
      orders: 2,
      // Every line is a row of the report's table, though two share an order.
      lines: 3,
      products: 2,
      units: 6,
      incomeCents: 200000 + 90000 + 15150,
      outgoingsCents: 20000 + 18000 + 1010,
      profitCents: 305150 - 39010,
    });
  });

  it('is all zeros for no sales', () => {
    expect(salesTotals([])).toEqual({ orders: 0, lines: 0, products: 0, units: 0, incomeCents: 0, outgoingsCents: 0, profitCents: 0 });
  });
});

describe('Sri Lanka dates', () => {
  it('puts 20:00 UTC on the last day of a month in the next month (UTC+05:30)', () => {
    const at = new Date('2026-01-31T19:00:00Z');
    expect(monthKey(at)).toBe('2026-02');
    expect(colomboDate(at)).toBe('2026-02-01');
    expect(usDate(at)).toBe('02/01/2026');
    expect(monthKey(new Date('2026-01-31T18:29:59Z'))).toBe('2026-01');
  });

  it('knows the previous month and the last twelve', () => {
    expect(previousMonth(new Date('2026-01-01T00:00:00+05:30'))).toEqual({ month: '12', year: 2025 });
    expect(previousMonth(new Date('2026-07-15T00:00:00Z'))).toEqual({ month: '06', year: 2026 });
    const months = lastMonths(12, new Date('2026-03-10T00:00:00Z'));
    expect(months[0]).toBe('2025-04');
    expect(months[11]).toBe('2026-03');
  });
});
