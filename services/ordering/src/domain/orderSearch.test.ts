import { describe, expect, it } from 'vitest';
import { cancelledBy, orderIndexVersion, orderListSearch, orderPut } from './orderSearch';

const order = {
  _id: 'ORD1-I1',
  OrderID: 'ORD1',
  SellerID: 's1',
  CustomerID: 'c1',
  status: 'AwaitingStock' as const,
  placedAt: new Date('2026-11-30T19:00:00.000Z'),
  unitPriceCents: 1_250_050,
  totalCents: 2_500_100,
  aggregateVersion: 1,
  pendingEvents: [],
  listSlots: { c: 1, s: 2, a: 3 },
  Items: [{ Item_name: 'Galaxy' }],
};

describe('order documents', () => {
  it('answers the order as the lists do: rupees, no internal fields, the Sri Lanka month', () => {
    const op = orderPut('item', order);
    expect(op).toMatchObject({ kind: 'put', id: 'ORD1-I1', version: 2 });
    const doc = (op as { doc: Record<string, unknown> }).doc;
    expect(doc).toMatchObject({ kind: 'item', customerId: 'c1', sellerId: 's1', orderId: 'ORD1', month: '2026-12', key: 'ORD1-I1' });
    expect(doc.view).toEqual({
      _id: 'ORD1-I1',
      OrderID: 'ORD1',
      SellerID: 's1',
      CustomerID: 'c1',
      status: 'AwaitingStock',
      Items: [{ Item_name: 'Galaxy' }],
      UnitPrice: 12500.5,
      TotalPrice: 25001,
      // A line written before the timeline was kept: placed only (it still awaits its stock).
      Timeline: [{ status: 'Placed', at: '2026-11-30T19:00:00.000Z' }],
      version: 1,
    });
    expect(doc).toMatchObject({ recipient: '', phone: '', totalCents: 2_500_100, cancelledBy: '' });
  });

  it('keeps the delivery name and phone digits for finding a customer’s orders, and the timeline as stored', () => {
    const at = new Date('2026-12-01T04:00:00.000Z');
    const doc = (
      orderPut('item', {
        ...order,
        status: 'Shipped',
        DeliverTo: { recipient: 'Kasun Perera', phone: '0771234567' },
        timeline: [
          { status: 'Placed', at: order.placedAt },
          { status: 'Shipped', at, by: 'seller' },
        ],
      }) as { doc: Record<string, unknown> & { view: Record<string, unknown> } }
    ).doc;
    expect(doc).toMatchObject({ recipient: 'Kasun Perera', phone: '0771234567' });
    expect(doc.view.Timeline).toEqual([
      { status: 'Placed', at: '2026-11-30T19:00:00.000Z' },
      { status: 'Shipped', at: '2026-12-01T04:00:00.000Z', by: 'seller' },
    ]);
    const body = orderListSearch('item', { sellerId: 's1' }, { customer: '077 123', sort: 'total-high', from: 1, to: 2 });
    expect(body.sort).toEqual([{ totalCents: { order: 'desc' } }, { sortAt: { order: 'desc' } }, { key: { order: 'desc' } }]);
    expect(JSON.stringify(body.query)).toContain('"*077123*"');
    expect(JSON.stringify(body.query)).toContain('"gte":1,"lt":2');
  });

  it('gives every later state a higher version: settled without an event of its own, then each seller move', () => {
    const versions = [
      orderIndexVersion({ aggregateVersion: 1, status: 'AwaitingStock' }),
      orderIndexVersion({ aggregateVersion: 1, status: 'Confirmed' }),
      orderIndexVersion({ aggregateVersion: 2, status: 'Shipped' }),
      orderIndexVersion({ aggregateVersion: 3, status: 'Delivered' }),
    ];
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('searches one kind of the owner’s orders with the filters given, newest first then by id', () => {
    const body = orderListSearch('package', { sellerId: 's1' }, { status: 'Shipped', month: '2026-11', OrderID: 'ORD1' });
    expect(body.query).toEqual({
      bool: {
        filter: [
          { term: { kind: 'package' } },
          { term: { sellerId: 's1' } },
          { term: { status: 'Shipped' } },
          { term: { orderId: 'ORD1' } },
          { term: { month: '2026-11' } },
        ],
        must: [],
      },
    });
    expect(body.sort).toEqual([{ sortAt: { order: 'desc' } }, { key: { order: 'desc' } }]);
    expect(orderListSearch('item', 'everyone', {}).query).toEqual({ bool: { filter: [{ term: { kind: 'item' } }], must: [] } });
  });
});

describe('shipment and who cancelled (issue 31)', () => {
  const at = new Date('2026-12-01T04:00:00.000Z');
  const viewOf = (o: Record<string, unknown>) =>
    (orderPut('item', { ...order, ...o }) as { doc: { view: Record<string, unknown> } }).doc.view;

  it('answers the shipment with the courier name, and the tracking page only where the courier has a known one', () => {
    expect(
      viewOf({ status: 'Shipped', shipment: { courier: 'fedex', trackingNumber: '7946 1234', expectedDelivery: '2026-12-04', at } })
        .Shipment,
    ).toEqual({
      courier: 'fedex',
      courierName: 'FedEx',
      trackingNumber: '7946 1234',
      trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=7946%201234',
      expectedDelivery: '2026-12-04',
      shippedAt: '2026-12-01T04:00:00.000Z',
    });
    expect(viewOf({ status: 'Shipped', shipment: { courier: 'domex', trackingNumber: 'DX1234', at } }).Shipment).toEqual({
      courier: 'domex',
      courierName: 'Domex',
      trackingNumber: 'DX1234',
      shippedAt: '2026-12-01T04:00:00.000Z',
    });
    expect(
      viewOf({ status: 'Shipped', shipment: { courier: 'other', courierName: 'Kapruka Express', trackingNumber: 'K123', at } }).Shipment,
    ).toMatchObject({
      courierName: 'Kapruka Express',
    });
    expect(viewOf({ status: 'Shipped' }).Shipment).toBeUndefined();
    expect(viewOf({ shipment: { courier: 'dhl', trackingNumber: 'X1', at } })).not.toHaveProperty('shipment');
  });

  it("indexes who cancelled a line from its Cancelled step (the seller's when it names nobody), and filters by it", () => {
    const cancelled = (by?: string) => ({
      status: 'Cancelled' as const,
      timeline: [
        { status: 'Placed', at },
        { status: 'Cancelled', at, ...(by ? { by } : {}) },
      ],
    });
    expect(cancelledBy(cancelled('customer'))).toBe('customer');
    expect(cancelledBy(cancelled('marketplace'))).toBe('marketplace');
    expect(cancelledBy(cancelled())).toBe('seller');
    expect(cancelledBy({ status: 'Shipped', timeline: [] })).toBe('');
    const body = orderListSearch('item', 'everyone', { status: 'Cancelled', cancelledBy: 'customer' });
    expect((body.query as { bool: { filter: unknown[] } }).bool.filter).toContainEqual({ term: { cancelledBy: 'customer' } });
  });
});
