/** Unit tests of the chaos run's pure parts: the check functions and the seeded generator. */
import { describe, expect, it } from 'vitest';
import {
  cancellationMailsOnce,
  cartsCleared,
  dashboardMatches,
  drained,
  mailsOnce,
  noStalled,
  noneStuck,
  ordersAgree,
  paidOnce,
  ratingsMatch,
  readModelMatches,
  refundsAddUp,
  reportsOnce,
  reservationsOnce,
  returnsRefundedOnce,
  stockBalances,
  table,
  type CheckoutSnap,
} from './checks';
import { rng } from './prng';
import { retryable } from './client';
import { proxyErrors } from './sigterm';

/** Units in stock of items i1 and i2, by item id. */
const stock = (i1: number, i2: number) => new Map(Object.entries({ i1, i2 }));

const line = (id: string, quantity: number) => ({ kind: 'item', id, quantity, itemIds: [id] });
const co = (id: string, status: string, lines = [line('i1', 1)], paid = status !== 'Open'): CheckoutSnap => ({
  _id: id,
  customerId: 'c1',
  status,
  lines,
  paid,
});

describe('chaos checks', () => {
  it('paidOnce: one order per line and one history record per paid checkout, none for an unpaid one', () => {
    const checkouts = [co('A', 'Confirmed'), co('B', 'Open')];
    expect(
      paidOnce(checkouts, [{ _id: 'A-I1', OrderID: 'A', status: 'Confirmed', OQuantity: 1 }], [{ OrderID: 'A', status: 'Paid' }]).ok,
    ).toBe(true);
    const dup = paidOnce(
      checkouts,
      [{ _id: 'A-I1', OrderID: 'A', status: 'Confirmed', OQuantity: 1 }],
      [
        { OrderID: 'A', status: 'Paid' },
        { OrderID: 'A', status: 'Paid' },
      ],
    );
    expect(dup.ok).toBe(false);
    expect(dup.detail).toContain('A(orders 1, history 2)');
    expect(paidOnce([co('B', 'Open')], [{ _id: 'B-I1', OrderID: 'B', status: 'Open', OQuantity: 1 }], []).ok).toBe(false);
  });

  it('noneStuck and ordersAgree', () => {
    expect(noneStuck([co('A', 'AwaitingStock')], []).ok).toBe(false);
    expect(noneStuck([co('A', 'Rejected')], [{ _id: 'A-I1', OrderID: 'A', status: 'AwaitingStock', OQuantity: 1 }]).ok).toBe(false);
    expect(ordersAgree([co('A', 'Rejected')], [{ _id: 'A-I1', OrderID: 'A', status: 'Confirmed', OQuantity: 1 }]).ok).toBe(false);
    expect(ordersAgree([co('A', 'Rejected')], [{ _id: 'A-I1', OrderID: 'A', status: 'Rejected', OQuantity: 1 }]).ok).toBe(true);
  });

  it('stockBalances counts only confirmed quantities', () => {
    const checkouts = [co('A', 'Confirmed', [line('i1', 2)]), co('B', 'Rejected', [line('i1', 5)]), co('C', 'Confirmed', [line('i2', 1)])];
    const initial = stock(10, 3);
    expect(stockBalances(initial, stock(8, 2), checkouts).ok).toBe(true);
    const twice = stockBalances(initial, stock(6, 2), checkouts);
    expect(twice.ok).toBe(false);
    expect(twice.detail).toContain('i1: 6 ≠ 10−2');
  });

  it('a seller-cancelled order agrees with its Confirmed checkout and gives its units back to the stock', () => {
    expect(ordersAgree([co('A', 'Confirmed')], [{ _id: 'A-I1', OrderID: 'A', status: 'Cancelled', OQuantity: 1 }]).ok).toBe(true);
    expect(ordersAgree([co('A', 'Rejected')], [{ _id: 'A-I1', OrderID: 'A', status: 'Cancelled', OQuantity: 1 }]).ok).toBe(false);
    const checkouts = [co('A', 'Confirmed', [line('i1', 2), line('i2', 1)])];
    const initial = stock(10, 3);
    const cancelled = new Set(['A-I1']);
    expect(stockBalances(initial, stock(10, 2), checkouts, cancelled).ok).toBe(true);
    // Given back twice, or not at all.
    expect(stockBalances(initial, stock(12, 2), checkouts, cancelled).ok).toBe(false);
    expect(stockBalances(initial, stock(8, 2), checkouts, cancelled).ok).toBe(false);
  });

  it('returns: a resellable return gives its units back once; a refunded return adds its goods and one provider refund', () => {
    const checkouts = [co('A', 'Confirmed', [line('i1', 2)])];
    const returned = new Map([['A-I1', 1]]);
    expect(stockBalances(stock(10, 3), stock(9, 3), checkouts, new Set(), returned).ok).toBe(true);
    expect(stockBalances(stock(10, 3), stock(10, 3), checkouts, new Set(), returned).ok).toBe(false);
    const a = { ...co('A', 'Confirmed', [line('i1', 2)]), amountCents: 210_000 };
    const orders = [{ _id: 'A-I1', OrderID: 'A', status: 'Delivered', OQuantity: 2, totalCents: 200_000 }];
    const ret = {
      _id: 'RMA-A-I1',
      orderId: 'A',
      orderLineId: 'A-I1',
      status: 'Refunded',
      quantity: 1,
      unitPriceCents: 100_000,
      refundedCents: 100_000,
    };
    const history = [{ OrderID: 'A', status: 'PartiallyRefunded', refundedCents: 100_000 }];
    const provider = [{ orderLineId: 'RMA-A-I1', amountCents: 100_000 }];
    const tx = [{ _id: 'A', refundedCents: 100_000 }];
    expect(refundsAddUp([a], orders, history, provider, tx, [ret]).ok).toBe(true);
    expect(refundsAddUp([a], orders, history, [...provider, ...provider], tx, [ret]).ok).toBe(false);
    expect(returnsRefundedOnce([ret], ['RMA-A-I1'], ['Your return RMA-A-I1 was refunded']).ok).toBe(true);
    expect(returnsRefundedOnce([ret], ['RMA-A-I1'], []).ok).toBe(false);
    expect(returnsRefundedOnce([{ ...ret, status: 'Received' }], ['RMA-A-I1'], ['Your return RMA-A-I1 was refunded']).ok).toBe(false);
    expect(returnsRefundedOnce([{ ...ret, refundedCents: 210_000 }], ['RMA-A-I1'], ['Your return RMA-A-I1 was refunded']).ok).toBe(false);
  });

  it('refundsAddUp: the cancelled totals (everything once all are cancelled) in history, provider and reporting', () => {
    // A: two lines of 1,000.00 and 500.00 + Rs. 100: one cancelled. B: one line, cancelled. C: none.
    const a = { ...co('A', 'Confirmed', [line('i1', 1), line('i2', 1)]), amountCents: 160_000 };
    const b = { ...co('B', 'Confirmed', [line('i1', 1)]), amountCents: 110_000 };
    const c = { ...co('C', 'Confirmed'), amountCents: 110_000 };
    const orders = [
      { _id: 'A-I1', OrderID: 'A', status: 'Cancelled', OQuantity: 1, totalCents: 100_000 },
      { _id: 'A-I2', OrderID: 'A', status: 'Confirmed', OQuantity: 1, totalCents: 50_000 },
      { _id: 'B-I1', OrderID: 'B', status: 'Cancelled', OQuantity: 1, totalCents: 100_000 },
      { _id: 'C-I1', OrderID: 'C', status: 'Confirmed', OQuantity: 1, totalCents: 100_000 },
    ];
    const history = [
      { OrderID: 'A', status: 'PartiallyRefunded', refundedCents: 100_000 },
      { OrderID: 'B', status: 'Refunded', refundedCents: 110_000 },
      { OrderID: 'C', status: 'Paid' },
    ];
    const provider = [
      { orderLineId: 'A-I1', amountCents: 100_000 },
      { orderLineId: 'B-I1', amountCents: 110_000 },
    ];
    const tx = [
      { _id: 'A', refundedCents: 100_000 },
      { _id: 'B', refundedCents: 110_000 },
      { _id: 'C', refundedCents: 0 },
    ];
    expect(refundsAddUp([a, b, c], orders, history, provider, tx).ok).toBe(true);
    const twice = refundsAddUp([a, b, c], orders, history, [...provider, { orderLineId: 'A-I1', amountCents: 100_000 }], tx);
    expect(twice.ok).toBe(false);
    expect(twice.detail).toContain('A: provider 2 refunds 200000 ≠ 1 100000');
    expect(
      refundsAddUp([a, b, c], orders, history, provider, [
        { _id: 'A', refundedCents: 100_000 },
        { _id: 'B', refundedCents: 100_000 },
      ]).ok,
    ).toBe(false);
    expect(
      refundsAddUp(
        [a, b, c],
        orders,
        [history[0]!, { OrderID: 'B', status: 'PartiallyRefunded', refundedCents: 100_000 }, history[2]!],
        provider,
        tx,
      ).ok,
    ).toBe(false);
  });

  it('cancellationMailsOnce: one e-mail per cancelled order', () => {
    expect(cancellationMailsOnce(['A-I1'], ['Your order A-I1 was cancelled']).ok).toBe(true);
    expect(cancellationMailsOnce(['A-I1'], []).ok).toBe(false);
    expect(cancellationMailsOnce(['A-I1'], ['Your order A-I1 was cancelled', 'Your order A-I1 was cancelled']).ok).toBe(false);
  });

  it('reservationsOnce: exactly one per paid checkout, none for others', () => {
    expect(reservationsOnce([co('A', 'Confirmed'), co('B', 'Open')], [{ orderId: 'A' }]).ok).toBe(true);
    expect(reservationsOnce([co('A', 'Confirmed')], []).ok).toBe(false);
    expect(reservationsOnce([co('B', 'Open')], [{ orderId: 'B' }]).ok).toBe(false);
  });

  it('cartsCleared flags a bought line still in the cart', () => {
    const bought = new Map([['c1', new Set(['i1'])]]);
    expect(cartsCleared([{ customerID: 'c1', ItemIDs: ['i2'] }], bought).ok).toBe(true);
    expect(cartsCleared([{ customerID: 'c1', ItemIDs: ['i1'] }], bought).ok).toBe(false);
  });

  it('readModelMatches: each source record once with its status, nothing extra', () => {
    const src = [{ _id: 'A', status: 'Confirmed' }];
    expect(readModelMatches('rm', src, [{ _id: 'A', status: 'Confirmed' }]).ok).toBe(true);
    expect(readModelMatches('rm', src, [{ _id: 'A', status: 'Placed' }]).ok).toBe(false);
    expect(readModelMatches('rm', src, [{ _id: 'A', status: 'Confirmed' }, { _id: 'Z' }]).ok).toBe(false);
    expect(readModelMatches('rm', src, []).ok).toBe(false);
  });

  it('ratingsMatch: sum and count of live reviews per item', () => {
    const reviews = [
      { itemid: 'i1', noofstars: 4, deleted: false },
      { itemid: 'i1', noofstars: 2, deleted: false },
      { itemid: 'i1', noofstars: 5, deleted: true },
    ];
    expect(ratingsMatch(reviews, [{ _id: 'i1', ratingSum: 6, ratingCount: 2 }, { _id: 'i2' }]).ok).toBe(true);
    expect(ratingsMatch(reviews, [{ _id: 'i1', ratingSum: 10, ratingCount: 3 }]).ok).toBe(false);
  });

  it('mailsOnce: no duplicate text, none lost, never more mails than requests sent', () => {
    const req = [{ to: 'a@x.lk', acknowledged: true, attempts: 1 }];
    expect(mailsOnce(req, [{ to: 'a@x.lk', text: 'code 1' }]).ok).toBe(true);
    expect(
      mailsOnce(req, [
        { to: 'A@x.lk', text: 'code 1' },
        { to: 'a@x.lk', text: 'code 1' },
      ]).ok,
    ).toBe(false);
    expect(mailsOnce(req, []).ok).toBe(false);
    expect(
      mailsOnce(
        [{ to: 'a@x.lk', acknowledged: true, attempts: 2 }],
        [
          { to: 'a@x.lk', text: '1' },
          { to: 'a@x.lk', text: '2' },
        ],
      ).ok,
    ).toBe(true);
  });

  it('reportsOnce: each accepted job rendered, no stray file or record', () => {
    expect(reportsOnce(['j1'], [{ _id: 'j1', file: '/r/j1.pdf' }], ['j1.pdf']).ok).toBe(true);
    expect(reportsOnce(['j1'], [{ _id: 'j1' }], []).ok).toBe(false);
    expect(reportsOnce(['j1'], [{ _id: 'j1', file: '/r/j1.pdf' }], ['j1.pdf', 'j2.pdf']).ok).toBe(false);
    expect(
      reportsOnce(
        ['j1'],
        [
          { _id: 'j1', file: '/r/j1.pdf' },
          { _id: 'j2', file: '/r/j2.pdf' },
        ],
        ['j1.pdf', 'j2.pdf'],
      ).ok,
    ).toBe(false);
  });

  it('drained counts only requests in flight at the signal, and a slow exit', () => {
    const attempts = [
      { startedAt: 0, endedAt: 50, status: 0 }, // ended before the signal
      { startedAt: 90, endedAt: 150, status: 200 },
      { startedAt: 120, endedAt: 130, status: 502 }, // started after the signal
    ];
    expect(drained([{ target: 'ordering', termAt: 100, exitMs: 300, attempts }]).ok).toBe(true);
    const failed = drained([{ target: 'ordering', termAt: 100, exitMs: 300, attempts: [{ startedAt: 90, endedAt: 110, status: 502 }] }]);
    expect(failed.ok).toBe(false);
    expect(failed.detail).toContain('ordering: 1/1 failed (502)');
    expect(drained([{ target: 'gateway', termAt: 100, exitMs: 10_500, attempts: [] }]).ok).toBe(false);
  });

  it('noStalled and the table', () => {
    const c = noStalled([{ id: '1', queue: 'report', stalledCounter: 1, createdAt: 200 }], 100);
    expect(c.ok).toBe(false);
    const killed = noStalled([{ id: '1', queue: 'email', stalledCounter: 1, createdAt: 50 }], 100);
    expect(killed.ok).toBe(true);
    expect(killed.detail).toContain('1 stalled after kill -9');
    expect(table([c, killed])).toMatch(/FAIL[\s\S]*PASS/);
  });
});

describe('seeded generator and retry policy', () => {
  it('replays the same sequence for the same seed', () => {
    const a = rng(42);
    const b = rng(42);
    const xs = Array.from({ length: 5 }, () => a.int(1, 6));
    expect(Array.from({ length: 5 }, () => b.int(1, 6))).toEqual(xs);
    expect(xs.every((x) => x >= 1 && x <= 6)).toBe(true);
  });

  it('retries network errors, 5xx and 429 only', () => {
    expect([0, 500, 502, 503, 429].every(retryable)).toBe(true);
    expect([200, 201, 400, 404, 409].some(retryable)).toBe(false);
  });
});

describe('gateway log reading', () => {
  it('counts upstream errors by message from the signal to the exit, without addresses', () => {
    const line = (time: string, message: string) => JSON.stringify({ time, msg: 'upstream unreachable', err: { message } });
    const out = [
      line('2026-01-01T00:00:00.500Z', 'connect ECONNREFUSED 127.0.0.1:4000'),
      line('2026-01-01T00:00:01.100Z', 'connect ECONNREFUSED 127.0.0.1:4000'),
      line('2026-01-01T00:00:01.200Z', 'read ECONNRESET'),
      line('2026-01-01T00:00:09.000Z', 'socket hang up'),
      'not json upstream unreachable',
    ].join('\n');
    expect(proxyErrors(out, Date.parse('2026-01-01T00:00:01.000Z'), 500)).toEqual({ 'connect ECONNREFUSED': 1, 'read ECONNRESET': 1 });
  });

  it('dashboardMatches: Confirmed orders counted once, revenue less refunds, to the cent', () => {
    const checkouts = [
      { ...co('A', 'Confirmed'), amountCents: 100_050 },
      { ...co('B', 'Confirmed'), amountCents: 20_000 },
      { ...co('C', 'Rejected'), amountCents: 5_000 },
    ];
    const history = [
      { OrderID: 'A', status: 'Paid' },
      { OrderID: 'B', status: 'PartiallyRefunded', refundedCents: 5_000 },
    ];
    const dash = (orders: number, revenue: number) => ({
      orders,
      monthly: [
        { revenue: 0, orders: 0 },
        { revenue, orders },
      ],
    });
    expect(dashboardMatches(checkouts, history, dash(2, 1_150.5)).ok).toBe(true);
    // A redelivered confirmation counted twice, a refund not taken off, a rejected checkout counted.
    expect(dashboardMatches(checkouts, history, dash(3, 1_150.5)).ok).toBe(false);
    expect(dashboardMatches(checkouts, history, dash(2, 1_200.5)).ok).toBe(false);
    expect(dashboardMatches(checkouts, history, dash(2, 1_200.51)).ok).toBe(false);
  });
});
