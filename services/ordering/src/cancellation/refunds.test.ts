import { describe, expect, it } from 'vitest';
import { checkoutLineIds, lineKind, planRefund, type LineRefund } from './refunds';

const at = new Date('2026-11-24T10:00:00Z');
const ids = ['A-I1', 'A-I2', 'A-P1'];
// Lines of 2,000.00, 500.00 and 2,599.99 plus Rs. 100 delivery and VAT.
const charged = 200_000 + 50_000 + 259_999 + 10_000;

describe('planRefund', () => {
  it('gives back the line total while other lines are still bought: PartiallyRefunded', () => {
    expect(planRefund(charged, ids, [], 'A-P1', 259_999)).toEqual({
      refundCents: 259_999,
      refundedCents: 259_999,
      status: 'PartiallyRefunded',
    });
  });

  it('gives back the rest, delivery and VAT included, with the last line: Refunded, exactly what was charged', () => {
    const done: LineRefund[] = [
      { lineId: 'A-P1', amountCents: 259_999, at },
      { lineId: 'A-I1', amountCents: 200_000, at },
    ];
    const last = planRefund(charged, ids, done, 'A-I2', 50_000);
    expect(last).toEqual({ refundCents: 60_000, refundedCents: charged, status: 'Refunded' });
  });

  it('refunds a one-line checkout whole at once', () => {
    expect(planRefund(2_600_000, ['B-P1'], [], 'B-P1', 2_590_000)).toEqual({
      refundCents: 2_600_000,
      refundedCents: 2_600_000,
      status: 'Refunded',
    });
  });

  it('refuses a line refunded already or not in the checkout', () => {
    expect(() => planRefund(charged, ids, [{ lineId: 'A-I1', amountCents: 200_000, at }], 'A-I1', 200_000)).toThrow(/refunded already/);
    expect(() => planRefund(charged, ids, [], 'Z-I1', 1)).toThrow(/not an order of this checkout/);
  });

  it('never refunds more than was charged', () => {
    const done: LineRefund[] = [{ lineId: 'A-I1', amountCents: charged, at }];
    expect(planRefund(charged, ids, done, 'A-I2', 50_000)).toEqual({ refundCents: 0, refundedCents: charged, status: 'Refunded' });
  });
});

describe('order line ids', () => {
  it('numbers item and package lines apart, as the orders are written', () => {
    expect(checkoutLineIds('A', [{ kind: 'item' }, { kind: 'package' }, { kind: 'item' }])).toEqual(['A-I1', 'A-P1', 'A-I2']);
    expect([lineKind('A-I12'), lineKind('A-P1'), lineKind('A-X1')]).toEqual(['item', 'package', null]);
  });
});
