import { RETURN_ACTIONS, RETURN_STATES, RETURN_ACTORS } from '@market/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codStatusAfterRefunds,
  deliveredAt,
  isFinal,
  lineOfReturnId,
  mayMove,
  returnableUntil,
  returnIdOf,
  returnRefundCents,
  withinWindow,
} from './returns';

describe('return moves (issue 31 item 3)', () => {
  it('lets each party make only its own moves from the allowed states', () => {
    expect(mayMove('approve', 'seller', 'Requested')).toBe(true);
    expect(mayMove('approve', 'seller', 'Escalated')).toBe(false);
    expect(mayMove('approve', 'admin', 'Escalated')).toBe(true);
    expect(mayMove('approve', 'admin', 'Requested')).toBe(false);
    expect(mayMove('reject', 'seller', 'Requested')).toBe(true);
    expect(mayMove('escalate', 'customer', 'Rejected')).toBe(true);
    expect(mayMove('escalate', 'customer', 'Requested')).toBe(false);
    expect(mayMove('close', 'admin', 'Escalated')).toBe(true);
    expect(mayMove('withdraw', 'customer', 'Requested')).toBe(true);
    expect(mayMove('withdraw', 'customer', 'Rejected')).toBe(true);
    expect(mayMove('withdraw', 'customer', 'Approved')).toBe(false);
    expect(mayMove('receive', 'seller', 'Approved')).toBe(true);
    expect(mayMove('receive', 'customer', 'Approved')).toBe(false);
    expect(mayMove('refund-paid', 'admin', 'RefundDue')).toBe(true);
    expect(mayMove('refund-paid', 'admin', 'Received')).toBe(false);
  });

  it('never moves a final return', () => {
    for (const status of RETURN_STATES.filter(isFinal))
      for (const action of RETURN_ACTIONS) for (const actor of RETURN_ACTORS) expect(mayMove(action, actor, status)).toBe(false);
  });
});

describe('return window', () => {
  const line = (status: string, timeline: { status: string; at: string }[]) => ({
    status,
    statusChangedAt: '2026-11-01T00:00:00Z',
    timeline,
  });

  it('counts from the last Delivered step, and only for a Delivered line', () => {
    expect(deliveredAt(line('Delivered', [{ status: 'Delivered', at: '2026-11-20T10:00:00Z' }]))?.toISOString()).toBe(
      '2026-11-20T10:00:00.000Z',
    );
    expect(deliveredAt(line('Delivered', []))?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(deliveredAt(line('Shipped', [{ status: 'Delivered', at: '2026-11-20T10:00:00Z' }]))).toBeNull();
  });

  it('is open up to windowDays after delivery and closed after', () => {
    const d = new Date('2026-11-20T10:00:00Z');
    expect(returnableUntil(d, 7).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(withinWindow(d, 7, new Date('2026-11-27T10:00:00Z'))).toBe(true);
    expect(withinWindow(d, 7, new Date('2026-11-27T10:00:00.001Z'))).toBe(false);
    expect(withinWindow(d, 0, d)).toBe(true);
  });
});

describe('return refund', () => {
  it('refunds unit price × quantity, never the delivery charge', () => {
    expect(returnRefundCents({ unitPriceCents: 1_500_00, totalCents: 4_500_00 }, 2)).toBe(3_000_00);
  });

  it('never refunds more than the line less what was refunded, nor more than is left of the payment (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 600_000_000 }),
        fc.integer({ min: 0, max: 600_000_000 }),
        (unit, lineQty, qty, refunded, left) => {
          const line = { unitPriceCents: unit, totalCents: unit * lineQty };
          const r = returnRefundCents(line, qty, refunded, left);
          expect(r).toBeGreaterThanOrEqual(0);
          expect(r).toBeLessThanOrEqual(unit * qty);
          expect(r).toBeLessThanOrEqual(Math.max(0, line.totalCents - refunded));
          expect(r).toBeLessThanOrEqual(left);
          expect(Number.isInteger(r)).toBe(true);
        },
      ),
    );
  });
});

describe('return ids', () => {
  it('are RMA-<order line id>, one per line', () => {
    expect(returnIdOf('ABC123-I2')).toBe('RMA-ABC123-I2');
    expect(lineOfReturnId('RMA-ABC123-P1')).toBe('ABC123-P1');
    expect(lineOfReturnId('RMA-abc-I1')).toBeNull();
    expect(lineOfReturnId('ABC123-I1')).toBeNull();
    expect(lineOfReturnId('RMA-ABC123-I0')).toBeNull();
  });
});

describe('a cash-on-delivery payment after return refunds', () => {
  it('shows PartiallyRefunded or Refunded only once collected', () => {
    expect(codStatusAfterRefunds('Paid', 10_000, 0)).toBe('Paid');
    expect(codStatusAfterRefunds('Paid', 10_000, 4_000)).toBe('PartiallyRefunded');
    expect(codStatusAfterRefunds('Paid', 10_000, 10_000)).toBe('Refunded');
    expect(codStatusAfterRefunds('PendingCOD', 10_000, 4_000)).toBe('PendingCOD');
  });
});
