import { AuditQuerySchema } from '@market/contracts';
import type { AnyEventEnvelope } from '@market/platform';
import { describe, expect, it } from 'vitest';
import { auditEntryOf, auditOps, auditSearch } from './audit';

const envelope = (type: string, data: Record<string, unknown>): AnyEventEnvelope =>
  ({
    eventId: `e-${type}`,
    type,
    schemaVersion: 1,
    occurredAt: '2026-11-29T04:00:00.000Z',
    aggregateId: 'a',
    aggregateVersion: 2,
    data,
    traceparent: '',
  }) as unknown as AnyEventEnvelope;

describe('audit entries', () => {
  it('makes one entry of each admin decision, naming the admin and the reason', () => {
    expect(
      auditEntryOf(envelope('SellerSuspended', { sellerId: 's1', reason: 'Fakes', byAdmin: { adminId: 'a1', reason: 'Fakes' } })),
    ).toEqual({
      _id: 'e-SellerSuspended',
      at: '2026-11-29T04:00:00.000Z',
      adminId: 'a1',
      action: 'seller-suspended',
      targetKind: 'seller',
      targetId: 's1',
      reason: 'Fakes',
    });
    expect(auditEntryOf(envelope('OrderRejected', { orderId: 'O1', byAdmin: { adminId: 'a1', reason: 'Stuck' } }))?.action).toBe(
      'checkout-cancelled',
    );
    expect(
      auditEntryOf(
        envelope('OrderStatusChanged', {
          orderId: 'O1',
          orderLineId: 'O1-I1',
          kind: 'item',
          status: 'Delivered',
          sellerId: 's',
          customerId: 'c',
          byAdmin: { adminId: 'a1', reason: 'Customer confirmed' },
        }),
      ),
    ).toMatchObject({ action: 'order-resolved', targetKind: 'order', targetId: 'O1-I1', reason: 'Delivered: Customer confirmed' });
    expect(
      auditEntryOf(envelope('ReviewDeleted', { reviewId: 'r1', itemid: 'i', deletedBy: 'admin', byAdmin: { adminId: 'a1' } })),
    ).toMatchObject({ adminId: 'a1', action: 'review-deleted' });
    expect(
      auditEntryOf(
        envelope('ReviewReportDismissed', { reviewId: 'r1', itemid: 'i', sellerid: 's', reportreason: 'Rude', byAdmin: { adminId: 'a2' } }),
      ),
    ).toMatchObject({ adminId: 'a2', action: 'review-report-dismissed', reason: 'Rude' });
    // Recorded before the events named the admin.
    expect(auditEntryOf(envelope('ReviewDeleted', { reviewId: 'r1', itemid: 'i', deletedBy: 'admin' }))).toMatchObject({
      adminId: null,
      action: 'review-deleted',
    });
  });

  it('ignores what no admin decided', () => {
    expect(auditEntryOf(envelope('SellerDeleted', { sellerId: 's1' }))).toBeNull();
    expect(auditEntryOf(envelope('CustomerDeleted', { customerId: 'c1' }))).toBeNull();
    expect(auditEntryOf(envelope('ReviewDeleted', { reviewId: 'r1', itemid: 'i', deletedBy: 'author' }))).toBeNull();
    expect(auditEntryOf(envelope('OrderRejected', { orderId: 'O1' }))).toBeNull();
    expect(auditOps([envelope('ItemCreated', { itemId: 'x' })])).toEqual([]);
  });

  it('writes each entry once, keyed by its event (a redelivery is the same document)', () => {
    const e = envelope('CustomerSuspended', { customerId: 'c1', reason: 'x', byAdmin: { adminId: 'a1' } });
    const [op] = auditOps([e, e]);
    expect(op).toMatchObject({ kind: 'put', id: 'e-CustomerSuspended', version: 1 });
  });

  it('filters by Sri Lanka days, inclusive', () => {
    const body = auditSearch({ from: '2026-11-01', to: '2026-11-29', action: 'seller-suspended' });
    expect(body.query).toEqual({
      bool: {
        filter: [
          { term: { action: 'seller-suspended' } },
          { range: { sortAt: { gte: '2026-11-01T00:00:00.000+05:30', lte: '2026-11-29T23:59:59.999+05:30' } } },
        ],
      },
    });
  });
});

describe('the audit query', () => {
  it('refuses a day that does not exist, so it never reaches the search (the fuzzer found a 503)', () => {
    expect(AuditQuerySchema.safeParse({ to: '1680-02-00' }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ from: '2305-06-09', to: '2026-02-28' }).success).toBe(true);
  });
});
