/**
 * Steady checkout load: a few customers, each in a loop puts 1–2 items in their cart, opens a
 * checkout with an `Idempotency-Key`, pays it with their saved card and polls the checkout until
 * the saga decides. Every call retries network errors and 5xx with the same key (see client.ts),
 * as the web app's user pressing "retry" would; now and then a review of a confirmed purchase.
 * Plus side tasks: sellers' report requests and
 * customers' password-reset e-mails, to exercise both queues while processes die, and sellers'
 * cancellations of confirmed orders (stock back, refund, e-mail). About a third of the checkouts are
 * paid by cash on delivery, which sellers then ship and mark collected or refused (issue 29).
 * Customers cancel confirmed orders of their own (issue 31 item 2), and card orders go the whole
 * way of a return (issue 31 item 3): shipped, delivered, a return of one unit requested, approved
 * and received (resellable or not), which the refund saga then refunds.
 */
import { randomUUID } from 'node:crypto';
import type { Rng } from './prng';
import type { DeliveryAddress } from '@market/contracts';
import { CVV, type World } from './world';

/** Where the load's orders go (every pay carries it; cash on delivery needs it). */
const ADDRESS: DeliveryAddress = {
  recipient: 'Chaos Customer',
  phone: '0770000000',
  line1: '1 Test Lane',
  line2: '',
  city: 'Colombo',
  district: 'Colombo',
  postalCode: '00100',
};

/** What the load saw of one checkout. */
export interface ClientCheckout {
  checkoutId: string;
  customerId: string;
  itemIds: string[];
  /** The pay call answered 200 (the orders were placed). */
  paid: boolean;
  outcome: string;
}

export interface LoadLog {
  checkouts: ClientCheckout[];
  /** Customer id → item ids of checkouts confirmed after the load last wrote the cart. */
  boughtSinceCartWrite: Map<string, Set<string>>;
  /** Job ids of report requests answered 202. */
  reports: string[];
  mails: { to: string; acknowledged: boolean; attempts: number }[];
  /** Calls that gave up (after retries) or answered an unexpected status. */
  errors: string[];
  counts: Record<string, number>;
  /** Items the cart refused as sold out (the load stops picking them). */
  soldOut: Set<string>;
  /** Order lines a seller's cancellation was answered 200 for. */
  cancelled: string[];
  /** Returns whose receipt was answered 200 (the refund saga follows). */
  returned: { returnId: string; lineId: string; quantity: number; resellable: boolean }[];
}

export function newLoadLog(): LoadLog {
  return {
    checkouts: [],
    boughtSinceCartWrite: new Map(),
    reports: [],
    mails: [],
    errors: [],
    counts: {},
    soldOut: new Set(),
    cancelled: [],
    returned: [],
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function bump(log: LoadLog, key: string) {
  log.counts[key] = (log.counts[key] ?? 0) + 1;
}

/** One customer's loop until `stop()` answers true. */
async function customerLoop(world: World, idx: number, rand: Rng, log: LoadLog, stop: () => boolean): Promise<void> {
  const c = world.customers[idx]!;
  while (!stop()) {
    const itemIds = [...world.items.keys()].filter((id) => !log.soldOut.has(id));
    if (!itemIds.length) {
      await sleep(1_000);
      continue;
    }
    const lines = [...new Set([rand.pick(itemIds), ...(rand.next() < 0.4 ? [rand.pick(itemIds)] : [])])];
    const put = await c.client.request('put', '/ShoppingCart/updateSItem/{cartId}', {
      params: { cartId: c.cartId },
      body: { ItemIDs: lines, PackageIDs: [] },
    });
    if (put.status === 409) {
      // A single line refused is sold out: buy other things from now on.
      if (lines.length === 1) log.soldOut.add(lines[0]!);
      bump(log, 'cart refused (sold out)');
      await sleep(200);
      continue;
    }
    if (put.status !== 200) {
      log.errors.push(`cart put ${put.status}`);
      await sleep(500);
      continue;
    }
    log.boughtSinceCartWrite.set(c.id, new Set());
    const key = { 'Idempotency-Key': randomUUID() };
    const items = lines.map((itemId) => ({ itemId, quantity: rand.int(1, 2) }));
    const session = await c.client.request('post', '/checkout/session', { body: { items }, headers: key });
    if (session.status === 409) {
      bump(log, 'session refused (sold out)');
      await sleep(200);
      continue;
    }
    if (session.status !== 201 && session.status !== 200) {
      log.errors.push(`session ${session.status} ${JSON.stringify(session.body)}`);
      await sleep(500);
      continue;
    }
    bump(log, 'sessions');
    const { checkoutId } = session.body;
    const record: ClientCheckout = { checkoutId, customerId: c.id, itemIds: lines, paid: false, outcome: 'Open' };
    log.checkouts.push(record);
    // About a third pay cash on delivery (issue 29), to the same address.
    const cod = rand.next() < 0.35;
    const pay = await c.client.request('post', '/checkout/{checkoutId}/pay', {
      params: { checkoutId },
      body: cod ? { paymentType: 'cod', deliveryAddress: ADDRESS } : { cardId: c.cardId, cvv: CVV, deliveryAddress: ADDRESS },
    });
    if (cod) bump(log, 'paid by cash on delivery');
    if (pay.status === 409) {
      bump(log, 'pay refused (unavailable)');
      continue;
    }
    if (pay.status !== 200) {
      log.errors.push(`pay ${pay.status} ${JSON.stringify(pay.body)}`);
      continue;
    }
    record.paid = true;
    bump(log, 'paid');
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const r = await c.client.request('get', '/checkout/{checkoutId}', { params: { checkoutId } });
      if (r.status === 200 && (r.body.status === 'Confirmed' || r.body.status === 'Rejected')) {
        record.outcome = r.body.status;
        break;
      }
      await sleep(250);
    }
    bump(log, `outcome ${record.outcome}`);
    if (record.outcome === 'Confirmed') for (const id of lines) log.boughtSinceCartWrite.get(c.id)!.add(id);
    if (record.outcome === 'Confirmed' && rand.next() < 0.3) {
      // A review of something bought (a second one of the same item edits the first).
      const r = await c.client.request('post', '/review/add', {
        body: { itemid: rand.pick(lines), description: 'Works well after a week.', noofstars: rand.int(1, 5) },
      });
      if (r.status === 201 || r.status === 200) bump(log, 'reviews');
      else log.errors.push(`review ${r.status} ${JSON.stringify(r.body)}`);
    }
  }
}

/** A seller asks for their item-sales PDF every `everyMs`. */
async function reportLoop(world: World, rand: Rng, log: LoadLog, stop: () => boolean, everyMs: number): Promise<void> {
  while (!stop()) {
    await sleep(rand.int(everyMs / 2, everyMs));
    if (stop()) break;
    const s = rand.pick(world.sellers);
    const r = await s.client.request('post', '/items/create-pdf', { body: {} });
    if (r.status === 202) log.reports.push(r.body.jobId);
    else log.errors.push(`create-pdf ${r.status}`);
  }
}

/** Who cancels in a {@link cancelLoop}: the seller of the order (spec 001 section 7) or its customer (issue 31 item 2). */
type Canceller = 'seller' | 'customer';

/**
 * Someone cancels one of the Confirmed item orders they see every `everyMs`: a seller through the
 * status change, a customer through their own cancel. Either runs the cancellation saga (stock back,
 * refund, e-mails) while processes die. A retried cancel whose first attempt landed answers 409;
 * the checks read the outcome from the stores.
 */
async function cancelLoop(world: World, rand: Rng, log: LoadLog, stop: () => boolean, everyMs: number, who: Canceller): Promise<void> {
  const bySeller = who === 'seller';
  const label = bySeller ? 'cancel' : 'customer cancel';
  while (!stop()) {
    await sleep(rand.int(everyMs / 2, everyMs));
    if (stop()) break;
    const client = bySeller ? rand.pick(world.sellers).client : rand.pick(world.customers).client;
    const list = await client.request('get', '/Orders/getOrders', { query: { status: 'Confirmed' } });
    if (list.status !== 200) {
      log.errors.push(`${who} orders ${list.status}`);
      continue;
    }
    // Asked without a page: the bare array of the list's answer.
    const orders = list.body as Extract<typeof list.body, unknown[]>;
    if (!orders.length) continue;
    const id = rand.pick(orders)._id;
    const r = bySeller
      ? await client.request('put', '/Orders/status/{id}', { params: { id }, body: { status: 'Cancelled' } })
      : await client.request('put', '/Orders/cancel/{id}', { params: { id }, body: { reason: 'Ordered by mistake' } });
    if (r.status === 200) {
      log.cancelled.push(id);
      bump(log, bySeller ? 'cancelled' : 'cancelled by the customer');
    } else if (r.status === 409) bump(log, `${label} refused (changed meanwhile)`);
    else log.errors.push(`${label} ${r.status} ${JSON.stringify(r.body)}`);
  }
}

/**
 * A seller takes one of their Confirmed cash-on-delivery item orders to the door every `everyMs`
 * (issue 29): ships it, then records the cash collected (three times in four) or the delivery
 * refused (the order is cancelled, its stock released, nothing refunded). A refusal counts as a
 * cancellation for the stock and e-mail checks. Each customer's refusals are kept below the two
 * that would close cash on delivery for them, so the load keeps paying that way.
 */
async function codLoop(world: World, rand: Rng, log: LoadLog, stop: () => boolean, everyMs: number): Promise<void> {
  const refusedFor = new Map<string, number>();
  while (!stop()) {
    await sleep(rand.int(everyMs / 2, everyMs));
    if (stop()) break;
    const s = rand.pick(world.sellers);
    const list = await s.client.request('get', '/Orders/getOrders', { query: { status: 'Confirmed' } });
    if (list.status !== 200) {
      log.errors.push(`seller orders ${list.status}`);
      continue;
    }
    const orders = (list.body as Extract<typeof list.body, unknown[]>).filter((o) => o.CashOnDelivery?.status === 'Pending');
    if (!orders.length) continue;
    const order = rand.pick(orders);
    const shipped = await s.client.request('put', '/Orders/status/{id}', { params: { id: order._id }, body: { status: 'Shipped' } });
    if (shipped.status !== 200) {
      if (shipped.status === 409) bump(log, 'ship refused (changed meanwhile)');
      else log.errors.push(`ship ${shipped.status} ${JSON.stringify(shipped.body)}`);
      continue;
    }
    const refuse = rand.next() < 0.25 && (refusedFor.get(order.CustomerID) ?? 0) < 1;
    const r = await s.client.request('put', '/Orders/cod/{id}', {
      params: { id: order._id },
      body: { outcome: refuse ? 'refused' : 'collected' },
    });
    // A retried call whose first attempt landed answers 409 (no longer Shipped): only this loop
    // records a cash-on-delivery outcome, so the outcome stored is that attempt's.
    const landed =
      r.status === 409 &&
      r.attempts > 1 &&
      (await s.client.request('get', '/Orders/get/{id}', { params: { id: order._id } })).body.CashOnDelivery?.status ===
        (refuse ? 'Refused' : 'Collected');
    if (r.status === 200 || landed) {
      if (landed) bump(log, 'cash on delivery recorded by an earlier attempt');
      bump(log, refuse ? 'cash on delivery refused' : 'cash collected');
      if (refuse) {
        refusedFor.set(order.CustomerID, (refusedFor.get(order.CustomerID) ?? 0) + 1);
        log.cancelled.push(order._id);
      }
    } else log.errors.push(`cod ${r.status} ${JSON.stringify(r.body)}`);
  }
}

/**
 * A card order goes the whole way of a return every `everyMs` (issue 31 item 3): its seller ships
 * and delivers it, its customer asks to return one unit, the seller approves and marks it received
 * (resellable one time in two); the refund saga then refunds it. A step refused with 409 (another
 * loop moved the order, or a retried call whose first attempt landed) is read back: the loop goes
 * on when the return is where the step would have put it, else drops the order.
 */
async function returnLoop(world: World, rand: Rng, log: LoadLog, stop: () => boolean, everyMs: number): Promise<void> {
  while (!stop()) {
    await sleep(rand.int(everyMs / 2, everyMs));
    if (stop()) break;
    const s = rand.pick(world.sellers);
    const list = await s.client.request('get', '/Orders/getOrders', { query: { status: 'Confirmed' } });
    if (list.status !== 200) {
      log.errors.push(`seller orders ${list.status}`);
      continue;
    }
    const orders = (list.body as Extract<typeof list.body, unknown[]>).filter((o) => !o.CashOnDelivery);
    if (!orders.length) continue;
    const order = rand.pick(orders);
    const customer = world.customers.find((c) => c.id === order.CustomerID);
    if (!customer) continue;
    let moved = true;
    for (const status of ['Shipped', 'Delivered'] as const) {
      const r = await s.client.request('put', '/Orders/status/{id}', { params: { id: order._id }, body: { status } });
      if (r.status === 200) continue;
      const now = await s.client.request('get', '/Orders/get/{id}', { params: { id: order._id } });
      if (r.status === 409 && now.status === 200 && now.body.status === status) continue;
      if (r.status !== 409) log.errors.push(`return: ${status} ${r.status} ${JSON.stringify(r.body)}`);
      moved = false;
      break;
    }
    if (!moved) {
      bump(log, 'return: delivery refused (changed meanwhile)');
      continue;
    }
    const returnId = `RMA-${order._id}`;
    const read = async () => {
      const r = await customer.client.request('get', '/Returns/{id}', { params: { id: returnId } });
      return r.status === 200 ? r.body : null;
    };
    const asked = await customer.client.request('post', '/Returns', {
      body: { orderLineId: order._id, quantity: 1, reason: 'defective', description: 'It stopped working after a day.', photos: [] },
    });
    let ret = asked.status === 201 ? asked.body : asked.status === 409 ? await read() : null;
    if (!ret) {
      log.errors.push(`return request ${asked.status} ${JSON.stringify(asked.body)}`);
      continue;
    }
    const approve = await s.client.request('put', '/Returns/{id}/approve', {
      params: { id: returnId },
      body: { instructions: 'Post it back to the seller with the order number.', version: ret.version },
    });
    ret = approve.status === 200 ? approve.body : await read();
    if (!ret || ret.status !== 'Approved') {
      log.errors.push(`return approve ${approve.status} ${JSON.stringify(approve.body)}`);
      continue;
    }
    const resellable = rand.next() < 0.5;
    const received = await s.client.request('put', '/Returns/{id}/receive', {
      params: { id: returnId },
      body: { resellable, version: ret.version },
    });
    const after = received.status === 200 ? received.body : await read();
    if (!after || !['Received', 'Refunded'].includes(after.status)) {
      log.errors.push(`return receive ${received.status} ${JSON.stringify(received.body)}`);
      continue;
    }
    log.returned.push({ returnId, lineId: order._id, quantity: 1, resellable: after.resellable ?? resellable });
    bump(log, 'returns received');
  }
}

/** A customer (each once) asks for a password-reset code every `everyMs`: one e-mail each. */
async function mailLoop(world: World, rand: Rng, log: LoadLog, stop: () => boolean, everyMs: number): Promise<void> {
  const rounds = [...world.customers, ...world.customers, ...world.customers];
  for (const c of rounds) {
    await sleep(rand.int(everyMs / 2, everyMs));
    if (stop()) break;
    const r = await c.client.request('post', '/Customer/forgotPassword', { body: { email: c.email } });
    log.mails.push({ to: c.email, acknowledged: r.status === 200, attempts: r.attempts });
    if (r.status !== 200) log.errors.push(`forgotPassword ${r.status}`);
  }
}

/** Runs the load until `stop()`; resolves when every loop has finished its current step. */
export async function runLoad(
  world: World,
  rand: Rng,
  log: LoadLog,
  stop: () => boolean,
  opts: {
    reportEveryMs: number;
    mailEveryMs: number;
    cancelEveryMs: number;
    codEveryMs: number;
    customerCancelEveryMs?: number;
    returnEveryMs?: number;
  } = { reportEveryMs: 20_000, mailEveryMs: 15_000, cancelEveryMs: 8_000, codEveryMs: 4_000 },
) {
  await Promise.all([
    codLoop(world, rand, log, stop, opts.codEveryMs),
    ...world.customers.map((_, i) => customerLoop(world, i, rand, log, stop)),
    reportLoop(world, rand, log, stop, opts.reportEveryMs),
    mailLoop(world, rand, log, stop, opts.mailEveryMs),
    cancelLoop(world, rand, log, stop, opts.cancelEveryMs, 'seller'),
    cancelLoop(world, rand, log, stop, opts.customerCancelEveryMs ?? 10_000, 'customer'),
    returnLoop(world, rand, log, stop, opts.returnEveryMs ?? 6_000),
  ]);
}
