/**
 * Write → visible in its list (issue 28, "Measure"): how soon a change shows in the lists that are
 * OpenSearch read models, through the gateway of a test stack (identity, catalogue, ordering,
 * reviews, reporting; real Kafka, FerretDB, OpenSearch).
 *
 * Own writes (goal: immediate): the list read once, right after the write's answer, by the person
 * who wrote; the figure is the share of samples that showed the change at that first read.
 * - a paid checkout (PayPal sandbox, the saga decided) in the customer's order list (`OrderID` filter);
 * - a seller's status change (Confirmed → Shipped) in the seller's Shipped list;
 * - a customer's new review in their own reviews (`mine=true`).
 * Everyone else's view (goal: p95 ≤ 1 s): ms from the write's answer until a poll every 20 ms
 * first shows it.
 * - the status change in the customer's order list (`status=Shipped`);
 * - the new review in another customer's list of the item's reviews;
 * - the paid checkout in the admin dashboard's order count (from the pay answer; includes the saga's
 *   stock decision, so it is the slowest path).
 *
 * BENCH_LAG_SAMPLES samples of each (default 30), one after the other on an otherwise idle stack.
 * Not a test: the figures depend on the machine and on OpenSearch's refresh interval (1 s).
 *
 *   npx tsx bench/read-lag.ts
 */
import { buy, itemBody, startCatalogueWorld, type Client } from '@market/testing';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';
import { percentiles } from './lib/stats';

const SAMPLES = Number(process.env.BENCH_LAG_SAMPLES ?? 30);
const POLL_MS = 20;
const GIVE_UP_MS = 30_000;

type Row = { _id: string; status?: string; description?: string };

/** The rows of a list answer (a bare array or `{ items }`). */
function rows(body: unknown): Row[] {
  return (Array.isArray(body) ? body : ((body as { items?: Row[] }).items ?? [])) as Row[];
}

/**
 * Ms from now until `seen()` first answers true, polled every POLL_MS.
 * @throws Error after GIVE_UP_MS without it
 */
async function msUntil(what: string, seen: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  while (!(await seen())) {
    if (Date.now() - t0 > GIVE_UP_MS) throw new Error(`${what} not visible within ${GIVE_UP_MS} ms`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return Date.now() - t0;
}

interface Samples {
  ownSeen: boolean[];
  othersMs: number[];
}

const samples = (): Samples => ({ ownSeen: [], othersMs: [] });

/** Measures the three flows SAMPLES times each on a fresh stack. */
export async function run(): Promise<BenchSection> {
  const world = await startCatalogueWorld(['ordering', 'reviews', 'reporting']);
  const checkout = samples();
  const status = samples();
  const review = samples();
  try {
    const { client: seller } = await world.newSeller();
    const { client: reader } = await world.newCustomer();
    const buyer: Client = world.customer;
    const made = await seller.post<{ _id: string }>('/items/addItems', itemBody({ Item_name: 'Lag Phone', Quantity: 200 }));
    if (made.status !== 201) throw new Error(`item ${made.status} ${JSON.stringify(made.body)}`);
    const itemId = made.body._id;
    await buy(buyer, { items: [{ itemId, quantity: 1 }] }); // warm-up: ordering and reviews know the item

    const dashboardOrders = async () => (await world.admin.get<{ orders: number }>('/Admin/dashboard')).body.orders;
    for (let i = 0; i < SAMPLES; i++) {
      // A paid checkout: the customer's list at once; the admin dashboard's count, from the pay answer.
      const before = await dashboardOrders();
      const session = await buyer.post<{ checkoutId: string; OrderID: string }>('/checkout/session', { items: [{ itemId, quantity: 1 }] });
      if (session.status !== 201) throw new Error(`checkout ${session.status} ${JSON.stringify(session.body)}`);
      const paid = await buyer.post('/paypal-transaction-complete', { checkoutId: session.body.checkoutId });
      if (paid.status >= 300) throw new Error(`pay ${paid.status} ${JSON.stringify(paid.body)}`);
      const t0 = Date.now();
      const orderId = session.body.OrderID;
      checkout.ownSeen.push(rows((await buyer.get(`/Orders/getOrders?OrderID=${orderId}`)).body).length > 0);
      await msUntil('the order in the dashboard', async () => (await dashboardOrders()) > before);
      checkout.othersMs.push(Date.now() - t0);

      // The seller ships it: the seller's Shipped list at once; the customer's, polled.
      const lineId = `${orderId}-I1`;
      await msUntil('the order confirmed', async () =>
        rows((await seller.get(`/Orders/getOrders?OrderID=${orderId}`)).body).some((o) => o.status === 'Confirmed'),
      );
      const shipped = await seller.put(`/Orders/status/${lineId}`, { status: 'Shipped' });
      if (shipped.status !== 200) throw new Error(`ship ${shipped.status} ${JSON.stringify(shipped.body)}`);
      status.ownSeen.push(rows((await seller.get(`/Orders/getOrders?OrderID=${orderId}`)).body).some((o) => o.status === 'Shipped'));
      status.othersMs.push(
        await msUntil('Shipped in the customer list', async () =>
          rows((await buyer.get(`/Orders/getOrders?OrderID=${orderId}`)).body).some((o) => o.status === 'Shipped'),
        ),
      );
    }

    // Reviews: one per customer and item, so each sample is a fresh customer reviewing the item.
    for (let i = 0; i < SAMPLES; i++) {
      const { client: author } = await world.newCustomer();
      const description = `Lag review ${i} ${Date.now()}`;
      const added = await author.post('/review/add', { itemid: itemId, noofstars: 4, description });
      if (added.status !== 201) throw new Error(`review ${added.status} ${JSON.stringify(added.body)}`);
      review.ownSeen.push(rows((await author.get('/review/get?mine=true')).body).some((r) => r.description === description));
      review.othersMs.push(
        await msUntil('the review for another reader', async () =>
          rows((await reader.get(`/review/get?itemid=${itemId}&limit=100`)).body).some((r) => r.description === description),
        ),
      );
    }
  } finally {
    await world.stack.stop();
  }

  const flows: [string, string, string, Samples][] = [
    ['paid checkout', "customer's order list", 'admin dashboard order count', checkout],
    ['status change to Shipped', "seller's list", "customer's order list", status],
    ['new review', "author's own reviews", "another customer's item reviews", review],
  ];
  const shareSeen = (s: Samples) => Math.round((100 * s.ownSeen.filter(Boolean).length) / s.ownSeen.length);
  const rowsOut = flows.map(([flow, own, others, s]) => {
    const p = percentiles(s.othersMs);
    return [flow, own, `${shareSeen(s)} %`, others, p.p50, p.p95, p.max, p.p95 <= 1000 ? 'met' : 'missed'];
  });
  return {
    id: 'read-lag',
    title: 'Write → visible in its list (read models on OpenSearch)',
    columns: ['write', 'own list', 'own: seen at first read', "others' list", 'p50 ms', 'p95 ms', 'max ms', 'goal p95 ≤ 1 s'],
    rows: rowsOut,
    notes: [
      `${SAMPLES} samples of each write, one after the other, through the gateway of a test stack.`,
      'Own writes: the writer reads the list once, right after the answer (the write path indexes with refresh=wait_for).',
      "Others: ms from the write's answer until a poll every 20 ms shows it (the projection's consumer, then OpenSearch's 1 s refresh).",
      "The dashboard's figure starts at the pay answer, so it includes the checkout saga's stock decision.",
    ],
    data: Object.fromEntries(flows.map(([flow, , , s]) => [flow, s])),
    charts: [
      {
        yTitle: 'p95 ms',
        points: flows.map(([flow, , , s]) => ({ x: flow, y: percentiles(s.othersMs).p95 })),
      },
    ],
  };
}

benchMain(module, run);
