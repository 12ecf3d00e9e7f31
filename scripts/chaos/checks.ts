/**
 * The invariants a chaos run checks, as pure functions over snapshots of the stack's databases
 * and of what the clients saw, so they can be unit-tested. Each returns a {@link Check}: a name,
 * whether it held, and the evidence (counts, the first offending ids).
 *
 * Sources (docs/architecture.md): Outbox (at-least-once, never lost), Consumers (idempotent),
 * Sagas (checkout AwaitingStock → Confirmed / Rejected with refund), Jobs (e-mails and reports),
 * Graceful shutdown (finish the requests in flight within 10 s of SIGTERM).
 */

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const sample = (ids: string[]) => (ids.length ? ` e.g. ${ids.slice(0, 3).join(', ')}` : '');
const check = (name: string, bad: string[], what: string, total: number): Check => ({
  name,
  ok: bad.length === 0,
  detail: bad.length ? `${bad.length} of ${total} ${what}${sample(bad)}` : `${total} ${what} checked`,
});

export interface CheckoutSnap {
  _id: string;
  customerId: string;
  status: string;
  lines: { kind: string; id: string; quantity: number; itemIds: string[] }[];
  paid: boolean;
  /** Charged, cents (delivery and VAT included). */
  amountCents?: number;
  /** 'Card', 'PayPal' or 'CashOnDelivery'. */
  paymentType?: string;
}
export interface OrderSnap {
  _id: string;
  OrderID: string;
  status: string;
  OQuantity: number;
  itemId?: string;
  /** Unit price × quantity, cents. */
  totalCents?: number;
  /** Cash on delivery: what to collect and whether it was. */
  cod?: { status: string; collectCents: number };
}
export interface HistorySnap {
  OrderID: string;
  status: string;
  /** Cents refunded by sellers' cancellations. */
  refundedCents?: number;
}

/** A return (issue 31 item 3) as ordering stores it; money in cents. */
export interface ReturnSnap {
  _id: string;
  orderId: string;
  orderLineId: string;
  status: string;
  quantity: number;
  unitPriceCents: number;
  refundedCents?: number;
  resellable?: boolean;
}

/** The checkout id of a provider refund's key: an order line `<OrderID>-I<n>` or a return `RMA-<OrderID>-I<n>`. */
export const orderIdOfRefundKey = (key: string) => key.replace(/^RMA-/, '').replace(/-[IP]\d+$/, '');

/** The order-line ids of a checkout's lines, as ordering derives them (`-I<n>` items, `-P<n>` packages). */
export function lineIds(c: Pick<CheckoutSnap, '_id' | 'lines'>): string[] {
  let i = 0;
  let p = 0;
  return c.lines.map((l) => (l.kind === 'item' ? `${c._id}-I${++i}` : `${c._id}-P${++p}`));
}

/**
 * Every paid checkout has exactly one order per line and exactly one order-history record, and
 * nothing exists for a checkout that was never paid. Proves the pay command and the saga's
 * `materializeOrders` are idempotent across crashes and retries (Outbox: a crash between
 * the two publishes again, so consumers must be idempotent; Departures from the documents: one
 * checkout command).
 */
export function paidOnce(checkouts: CheckoutSnap[], orders: OrderSnap[], history: HistorySnap[]): Check {
  const ordersBy = new Map<string, number>();
  for (const o of orders) ordersBy.set(o.OrderID, (ordersBy.get(o.OrderID) ?? 0) + 1);
  const histBy = new Map<string, number>();
  for (const h of history) histBy.set(h.OrderID, (histBy.get(h.OrderID) ?? 0) + 1);
  const bad: string[] = [];
  for (const c of checkouts) {
    const o = ordersBy.get(c._id) ?? 0;
    const h = histBy.get(c._id) ?? 0;
    if (c.paid ? o !== c.lines.length || h !== 1 : o !== 0 || h !== 0) bad.push(`${c._id}(orders ${o}, history ${h})`);
  }
  return check('paid checkout → one set of orders + one history', bad, 'paid checkouts', checkouts.filter((c) => c.paid).length);
}

/**
 * No checkout or order is left `AwaitingStock` after quiescence: every OrderPlaced reached
 * catalogue and every StockReserved/StockRejected reached ordering (Sagas).
 */
export function noneStuck(checkouts: CheckoutSnap[], orders: OrderSnap[]): Check {
  const bad = [
    ...checkouts.filter((c) => c.status === 'AwaitingStock').map((c) => `checkout ${c._id}`),
    ...orders.filter((o) => o.status === 'AwaitingStock').map((o) => `order ${o._id}`),
  ];
  return check('nothing stuck AwaitingStock', bad, 'checkouts/orders', checkouts.length + orders.length);
}

/**
 * A checkout's status agrees with its orders: a Confirmed checkout's orders are Confirmed, or
 * moved on by their seller (Shipped, Delivered, Cancelled), a Rejected one's Rejected (the saga's
 * second write after a crash; Sagas).
 */
export function ordersAgree(checkouts: CheckoutSnap[], orders: OrderSnap[]): Check {
  const status = new Map(checkouts.map((c) => [c._id, c.status]));
  const sellerMoves = new Set(['Shipped', 'Delivered', 'Cancelled']);
  const agrees = (o: OrderSnap) =>
    status.get(o.OrderID) === o.status || (sellerMoves.has(o.status) && status.get(o.OrderID) === 'Confirmed');
  const bad = orders.filter((o) => !agrees(o)).map((o) => `${o._id}:${o.status}≠${status.get(o.OrderID)}`);
  return check('orders agree with their checkout', bad, 'orders', orders.length);
}

/**
 * Stock = initial − confirmed quantities, per item: StockReserved was applied exactly once per
 * confirmed order and never for a rejected one (Sagas: stock reserved atomically; Consumers:
 * idempotent); a line its seller cancelled gave its units back exactly once (OrderCancelled →
 * StockReleased), so it no longer counts as sold; a return received as resellable gave its units
 * back exactly once (issue 31 item 3).
 * @param cancelled - ids of the cancelled order lines (`<OrderID>-I<n>`)
 * @param returnedUnits - order line id → units its received, resellable return gave back
 */
export function stockBalances(
  initial: Map<string, number>,
  stock: Map<string, number>,
  checkouts: CheckoutSnap[],
  cancelled: ReadonlySet<string> = new Set(),
  returnedUnits: ReadonlyMap<string, number> = new Map(),
): Check {
  const sold = new Map<string, number>();
  for (const c of checkouts) {
    if (c.status !== 'Confirmed') continue;
    const ids = lineIds(c);
    c.lines.forEach((l, n) => {
      if (cancelled.has(ids[n]!)) return;
      const kept = l.quantity - (returnedUnits.get(ids[n]!) ?? 0);
      for (const id of l.itemIds) sold.set(id, (sold.get(id) ?? 0) + kept);
    });
  }
  const bad: string[] = [];
  for (const [id, start] of initial) {
    const expected = start - (sold.get(id) ?? 0);
    if (stock.get(id) !== expected) bad.push(`${id}: ${stock.get(id)} ≠ ${start}−${sold.get(id) ?? 0}`);
  }
  return check('stock = initial − confirmed + cancelled + returned', bad, 'items', initial.size);
}

/**
 * The money of sellers' cancellations adds up, per paid checkout: what is refunded is
 * the total of its cancelled orders, or everything charged once all of them are cancelled (delivery
 * and VAT go back with the last); the payment history shows it (`PartiallyRefunded` / `Refunded`
 * with `refundedCents`), the payment provider refunded exactly that, once per cancelled order, and
 * reporting's transaction has the same refunded cents. A checkout without cancellations has none.
 * A refunded return (issue 31 item 3) adds what it refunded (its goods: unit price × quantity,
 * never the delivery charge) and one provider refund, keyed by the return id.
 * @param providerRefunds - the sandbox provider's partial refunds (`orderLineId`: the key, cents)
 * @param transactions - reporting's transactions by checkout id
 * @param returns - the returns as stored (only Refunded ones count)
 */
export function refundsAddUp(
  checkouts: CheckoutSnap[],
  orders: OrderSnap[],
  history: HistorySnap[],
  providerRefunds: { orderLineId: string; amountCents: number }[],
  transactions: { _id: string; refundedCents?: number; status?: string }[],
  returns: ReturnSnap[] = [],
): Check {
  const ordersById = new Map(orders.map((o) => [o._id, o]));
  const historyBy = new Map(history.map((h) => [h.OrderID, h]));
  const txBy = new Map(transactions.map((t) => [t._id, t]));
  const providerBy = new Map<string, { n: number; cents: number }>();
  for (const r of providerRefunds) {
    const orderId = orderIdOfRefundKey(r.orderLineId);
    const p = providerBy.get(orderId) ?? { n: 0, cents: 0 };
    providerBy.set(orderId, { n: p.n + 1, cents: p.cents + r.amountCents });
  }
  const bad: string[] = [];
  let withCancellations = 0;
  // Cash on delivery took nothing, so it refunds nothing: codSettles checks those.
  for (const c of checkouts.filter((x) => x.paid && x.status === 'Confirmed' && x.paymentType !== 'CashOnDelivery')) {
    const lines = lineIds(c).map((id) => ordersById.get(id));
    const cancelled = lines.filter((o) => o?.status === 'Cancelled');
    const all = cancelled.length === lines.length;
    const refundedReturns = returns.filter((r) => r.orderId === c._id && r.status === 'Refunded');
    const returnCents = refundedReturns.reduce((sum, r) => sum + (r.refundedCents ?? 0), 0);
    const expected = (all ? (c.amountCents ?? 0) : cancelled.reduce((sum, o) => sum + (o!.totalCents ?? 0), 0)) + returnCents;
    const refunds = cancelled.length + refundedReturns.length;
    const h = historyBy.get(c._id);
    const p = providerBy.get(c._id) ?? { n: 0, cents: 0 };
    const t = txBy.get(c._id);
    if (refunds) withCancellations++;
    const status = refunds === 0 ? 'Paid' : all || expected >= (c.amountCents ?? 0) ? 'Refunded' : 'PartiallyRefunded';
    if (h?.status !== status || (h.refundedCents ?? 0) !== expected)
      bad.push(`${c._id}: history ${h?.status} ${h?.refundedCents ?? 0} ≠ ${status} ${expected}`);
    if (p.n !== refunds || p.cents !== expected) bad.push(`${c._id}: provider ${p.n} refunds ${p.cents} ≠ ${refunds} ${expected}`);
    if ((t?.refundedCents ?? 0) !== expected) bad.push(`${c._id}: reporting ${t?.refundedCents ?? 0} ≠ ${expected}`);
  }
  const c = check(
    'cancellations and returns: refunds add up',
    bad,
    'confirmed checkouts',
    checkouts.filter((x) => x.status === 'Confirmed').length,
  );
  return { ...c, detail: `${c.detail} (${withCancellations} with cancelled orders or refunded returns)` };
}

/**
 * Every return the load saw received ended Refunded (card orders: the refund saga finished across
 * the crashes), refunding exactly its goods (unit price × quantity), and its customer got exactly
 * one refund e-mail (issue 31 item 3).
 * @param received - the return ids whose receipt was answered 200
 * @param subjects - the subjects of the returns' refund e-mails
 */
export function returnsRefundedOnce(returns: ReturnSnap[], received: readonly string[], subjects: readonly string[]): Check {
  const byId = new Map(returns.map((r) => [r._id, r]));
  const bad: string[] = [];
  for (const id of new Set(received)) {
    const r = byId.get(id);
    if (!r || r.status !== 'Refunded') bad.push(`${id}: ${r?.status ?? 'missing'}`);
    else if (r.refundedCents !== r.unitPriceCents * r.quantity)
      bad.push(`${id}: refunded ${r.refundedCents} ≠ ${r.unitPriceCents * r.quantity}`);
    const mails = subjects.filter((s) => s === `Your return ${id} was refunded`).length;
    if (mails !== 1) bad.push(`${id}: ${mails} refund e-mails`);
  }
  return check('returns: refunded once, with one e-mail', bad, 'received returns', new Set(received).size);
}

/**
 * A cash-on-delivery checkout as its order lines say: the cash collected (cents) and the payment
 * status (PendingCOD while a line not cancelled waits for its cash, then Paid, or Cancelled when
 * nothing was collected or the checkout was rejected).
 */
export function codOf(c: CheckoutSnap, ordersById: Map<string, OrderSnap>): { cash: number; status: string } {
  const lines = lineIds(c).map((id) => ordersById.get(id));
  const cash = lines.reduce((sum, o) => sum + (o?.cod?.status === 'Collected' ? o.cod.collectCents : 0), 0);
  const waiting = lines.some((o) => o && o.status !== 'Cancelled' && o.status !== 'Rejected' && o.cod?.status === 'Pending');
  return { cash, status: c.status === 'Rejected' ? 'Cancelled' : waiting ? 'PendingCOD' : cash > 0 ? 'Paid' : 'Cancelled' };
}

/**
 * Cash on delivery (issue 29) moved money exactly as its lines say: the provider neither captured
 * nor refunded anything for such a checkout; the payment history's state, read from the lines, is
 * PendingCOD while a line waits for its cash, then Paid or Cancelled; reporting's transaction holds
 * exactly the cash collected (each line's `collectCents` once).
 * @param history - the payment history as `GET /orderhistory/getItems` answers it (derived status)
 */
export function codSettles(
  checkouts: CheckoutSnap[],
  orders: OrderSnap[],
  history: { _id: string; status: string }[],
  providerRefunds: { orderLineId: string }[],
  captures: readonly string[],
  transactions: { _id: string; collectedCents?: number }[],
): Check {
  const cod = checkouts.filter((c) => c.paid && c.paymentType === 'CashOnDelivery');
  const ordersById = new Map(orders.map((o) => [o._id, o]));
  const historyBy = new Map(history.map((h) => [h._id, h.status]));
  const txBy = new Map(transactions.map((t) => [t._id, t.collectedCents ?? 0]));
  const refunded = new Set(providerRefunds.map((r) => r.orderLineId.replace(/-[IP]\d+$/, '')));
  const captured = new Set(captures);
  const bad: string[] = [];
  let collected = 0;
  for (const c of cod) {
    if (refunded.has(c._id) || captured.has(c._id)) bad.push(`${c._id}: money moved by the provider`);
    const { cash, status: want } = codOf(c, ordersById);
    if (historyBy.get(c._id) !== want) bad.push(`${c._id}: history ${historyBy.get(c._id)} ≠ ${want}`);
    if (c.status === 'Confirmed' && (txBy.get(c._id) ?? 0) !== cash) bad.push(`${c._id}: reporting collected ${txBy.get(c._id)} ≠ ${cash}`);
    if (cash > 0) collected++;
  }
  const c = check('cash on delivery: no money moved but the cash collected', bad, 'cash-on-delivery checkouts', cod.length);
  return { ...c, detail: `${c.detail} (${collected} with cash collected)` };
}

/** Each cancelled order's customer got exactly one cancellation e-mail. */
export function cancellationMailsOnce(cancelled: readonly string[], subjects: readonly string[]): Check {
  const bad: string[] = [];
  for (const id of cancelled) {
    const n = subjects.filter((s) => s === `Your order ${id} was cancelled`).length;
    if (n !== 1) bad.push(`${id}×${n}`);
  }
  return check('cancellations: one e-mail each', bad, 'cancelled orders', cancelled.length);
}

/**
 * Catalogue holds exactly one stock reservation decision per paid checkout (OrderPlaced applied
 * once each, none lost), none for a checkout never paid.
 */
export function reservationsOnce(checkouts: CheckoutSnap[], reservations: { orderId: string }[]): Check {
  const by = new Map<string, number>();
  for (const r of reservations) by.set(r.orderId, (by.get(r.orderId) ?? 0) + 1);
  const paid = new Set(checkouts.filter((c) => c.paid).map((c) => c._id));
  const bad: string[] = [];
  for (const id of paid) if ((by.get(id) ?? 0) !== 1) bad.push(`${id}×${by.get(id) ?? 0}`);
  for (const [id, n] of by) if (!paid.has(id)) bad.push(`${id}×${n} unpaid`);
  return check('OrderPlaced → one reservation each', bad, 'paid checkouts', paid.size);
}

export interface CartSnap {
  customerID: string;
  ItemIDs: string[];
}

/**
 * No cart holds a line bought in a Confirmed checkout placed after the customer last wrote the
 * cart (OrderConfirmed reached cart and removed the lines; Expected flows).
 * `lastCartWrite` maps a customer to the moment the load last put lines in their cart, and
 * `confirmedAfter` to the items of confirmed checkouts paid after that.
 */
export function cartsCleared(carts: CartSnap[], boughtSinceLastWrite: Map<string, Set<string>>): Check {
  const bad: string[] = [];
  for (const c of carts) {
    const bought = boughtSinceLastWrite.get(c.customerID);
    if (!bought) continue;
    for (const id of c.ItemIDs) if (bought.has(id)) bad.push(`${c.customerID}:${id}`);
  }
  return check('no cart holds a bought line', bad, 'carts', carts.length);
}

/**
 * A read model holds exactly the records of its source: each source id once, nothing else. Used
 * for reporting's order read model vs ordering's orders (OrderPlaced/Confirmed/Rejected applied
 * exactly once, latest status wins).
 */
export function readModelMatches(
  name: string,
  source: { _id: string; status?: string }[],
  model: { _id: string; status?: string }[],
): Check {
  const want = new Map(source.map((s) => [s._id, s.status]));
  const seen = new Map<string, number>();
  for (const m of model) seen.set(m._id, (seen.get(m._id) ?? 0) + 1);
  const bad: string[] = [];
  for (const [id, status] of want) {
    const got = model.find((m) => m._id === id);
    if (seen.get(id) !== 1) bad.push(`${id}×${seen.get(id) ?? 0}`);
    else if (status !== undefined && got?.status !== status) bad.push(`${id}:${got?.status}≠${status}`);
  }
  for (const id of seen.keys()) if (!want.has(id)) bad.push(`${id} extra`);
  return check(name, bad, 'records', want.size);
}

/**
 * Each item's rating in catalogue is the sum and count of its live reviews in the reviews
 * service: ReviewCreated/Updated applied exactly once, the latest version winning (Expected
 * flows: the catalogue recomputes the item's rating from review events).
 */
export function ratingsMatch(
  reviews: { itemid: string; noofstars: number; deleted: boolean }[],
  items: { _id: string; ratingSum?: number; ratingCount?: number }[],
): Check {
  const want = new Map<string, { sum: number; count: number }>();
  for (const r of reviews.filter((x) => !x.deleted)) {
    const w = want.get(r.itemid) ?? { sum: 0, count: 0 };
    w.sum += r.noofstars;
    w.count += 1;
    want.set(r.itemid, w);
  }
  const bad: string[] = [];
  for (const i of items) {
    const w = want.get(i._id) ?? { sum: 0, count: 0 };
    if ((i.ratingSum ?? 0) !== w.sum || (i.ratingCount ?? 0) !== w.count)
      bad.push(`${i._id}: ${i.ratingSum ?? 0}/${i.ratingCount ?? 0} ≠ ${w.sum}/${w.count}`);
  }
  return check('item ratings = live reviews', bad, `items (${reviews.length} reviews)`, items.length);
}

export interface MailSnap {
  to: string;
  text: string;
}

/**
 * E-mail jobs were delivered once: no two messages to one address carry the same text (one job
 * sent twice; each reset request has its own code, so each request's mail is unique), and every
 * acknowledged request produced a mail (Jobs, queue `email`).
 */
export function mailsOnce(requests: { to: string; acknowledged: boolean; attempts: number }[], mails: MailSnap[]): Check {
  const bad: string[] = [];
  const by = new Map<string, { acknowledged: number; attempts: number }>();
  for (const r of requests) {
    const a = by.get(r.to.toLowerCase()) ?? { acknowledged: 0, attempts: 0 };
    a.acknowledged += r.acknowledged ? 1 : 0;
    a.attempts += r.attempts;
    by.set(r.to.toLowerCase(), a);
  }
  for (const [to, r] of by) {
    const mine = mails.filter((m) => m.to.toLowerCase() === to);
    const texts = new Set(mine.map((m) => m.text));
    if (texts.size !== mine.length) bad.push(`${to}: ${mine.length - texts.size} duplicate(s)`);
    if (mine.length < r.acknowledged) bad.push(`${to}: ${mine.length} mails for ${r.acknowledged} acknowledged requests`);
    if (mine.length > r.attempts) bad.push(`${to}: ${mine.length} mails for ${r.attempts} attempts`);
  }
  return check('no e-mail sent twice, none lost', bad, 'reset requests', requests.length);
}

/**
 * Each accepted report request (202 with a job id) has exactly one record and one PDF, and no
 * other PDF exists (Jobs, queue `report`: a job re-run after a crash overwrites its own file).
 */
export function reportsOnce(accepted: string[], records: { _id: string; file?: string }[], files: string[]): Check {
  const bad: string[] = [];
  const rec = new Map(records.map((r) => [r._id, r]));
  for (const id of accepted) {
    const r = rec.get(id);
    if (!r) bad.push(`${id}: no record`);
    else if (!r.file) bad.push(`${id}: not rendered`);
  }
  const expected = new Set(records.filter((r) => r.file).map((r) => r.file!.split('/').pop()!));
  for (const f of files) if (!expected.has(f)) bad.push(`${f}: file without record`);
  if (records.length !== accepted.length) bad.push(`${records.length} records for ${accepted.length} requests`);
  return check('each report rendered once', bad, 'report requests', accepted.length);
}

export interface InFlight {
  target: string;
  termAt: number;
  exitMs: number | null;
  attempts: { startedAt: number; endedAt: number; status: number }[];
}

/**
 * Requests in flight when a process got SIGTERM (started before the signal, ended after it) all
 * succeeded: the process stopped taking new connections and drained (Graceful shutdown). Counts failures
 * as a network error or a 5xx.
 */
export function drained(phases: InFlight[]): Check {
  const bad: string[] = [];
  let total = 0;
  for (const p of phases) {
    const inflight = p.attempts.filter((a) => a.startedAt <= p.termAt && a.endedAt >= p.termAt);
    total += inflight.length;
    const failed = inflight.filter((a) => a.status === 0 || a.status >= 500);
    if (failed.length) bad.push(`${p.target}: ${failed.length}/${inflight.length} failed (${failed.map((f) => f.status).join(',')})`);
    if (p.exitMs === null || p.exitMs > 10_000) bad.push(`${p.target}: exit after ${p.exitMs} ms`);
  }
  return {
    name: 'SIGTERM: no failed in-flight request',
    ok: bad.length === 0,
    detail: bad.length ? bad.join('; ') : `${total} in-flight requests over ${phases.length} SIGTERMs, all answered`,
  };
}

/**
 * No BullMQ job created in the SIGTERM phase (at or after `since`) was ever stalled: a worker
 * told to stop finishes the jobs in hand before it exits (Graceful shutdown: close workers). Jobs of
 * the kill -9 phase may stall (that is how BullMQ recovers them); they are counted, not failed.
 */
export function noStalled(
  jobs: { id: string; queue: string; stalledCounter: number; createdAt: number }[],
  since: number,
  until = Infinity,
): Check {
  const phase = jobs.filter((j) => j.createdAt >= since && j.createdAt < until);
  // Jobs of the kill phase (a killed worker's) and of the outage phase (Redis killed under them)
  // may stall and be recovered; a SIGTERM must let its worker finish or hand back its jobs.
  const others = jobs.filter((j) => (j.createdAt < since || j.createdAt >= until) && j.stalledCounter > 0).length;
  const bad = phase.filter((j) => j.stalledCounter > 0).map((j) => `${j.queue}:${j.id}×${j.stalledCounter}`);
  const c = check('SIGTERM: no stalled BullMQ job', bad, 'jobs of the phase', phase.length);
  return { ...c, detail: `${c.detail}; ${others} stalled after kill -9 of a worker or of Redis (recovered)` };
}

/** Prints checks as a table; answers whether all held. */
export function table(checks: Check[]): string {
  const w = Math.max(...checks.map((c) => c.name.length), 5);
  const lines = [`${'check'.padEnd(w)} | result | detail`, `${'-'.repeat(w)}-|--------|-------`];
  for (const c of checks) lines.push(`${c.name.padEnd(w)} | ${c.ok ? 'PASS  ' : 'FAIL  '} | ${c.detail}`);
  return lines.join('\n');
}

/**
 * The admin dashboard (an OpenSearch read model, aggregations over reporting's index) against the
 * aggregates: as many orders as Confirmed checkouts, and the 12 months' revenue equal to their
 * amounts less what cancellations refunded (integer cents; a chaos run lies within those months).
 * Exact once the projection has caught up: a redelivered event must not count twice.
 */
export function dashboardMatches(
  checkouts: CheckoutSnap[],
  history: HistorySnap[],
  dashboard: { orders: number; monthly: { revenue: number; orders: number }[] },
  orders: OrderSnap[] = [],
): Check {
  const confirmed = checkouts.filter((c) => c.status === 'Confirmed');
  const refunded = new Map(history.map((h) => [h.OrderID, h.refundedCents ?? 0]));
  const ordersById = new Map(orders.map((o) => [o._id, o]));
  // Cash on delivery's revenue is the cash collected so far (README "Cash on delivery").
  const revenueOf = (c: CheckoutSnap) =>
    c.paymentType === 'CashOnDelivery' ? codOf(c, ordersById).cash : (c.amountCents ?? 0) - (refunded.get(c._id) ?? 0);
  const wantCents = confirmed.reduce((sum, c) => sum + revenueOf(c), 0);
  const gotCents = Math.round(dashboard.monthly.reduce((sum, m) => sum + m.revenue, 0) * 100);
  const monthlyOrders = dashboard.monthly.reduce((sum, m) => sum + m.orders, 0);
  const bad: string[] = [];
  if (dashboard.orders !== confirmed.length) bad.push(`orders ${dashboard.orders}≠${confirmed.length}`);
  if (monthlyOrders !== confirmed.length) bad.push(`monthly orders ${monthlyOrders}≠${confirmed.length}`);
  if (gotCents !== wantCents) bad.push(`revenue ${gotCents}≠${wantCents} cents`);
  return check('dashboard: Confirmed orders and revenue', bad, 'confirmed checkouts', confirmed.length);
}
