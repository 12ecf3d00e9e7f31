/**
 * Reads what the checks need after quiescence, straight from the stack's own databases (read
 * only), MailDev's REST API, the report directory and the BullMQ queues in Redis. Reading the
 * stores rather than the API keeps the checks independent of the code paths under test.
 */
import { Queue } from 'bullmq';
import { testServers, type MailDevMessage } from '@market/platform/testing';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { readdirSync } from 'node:fs';
import type { CartSnap, CheckoutSnap, HistorySnap, MailSnap, OrderSnap, ReturnSnap } from './checks';

export interface Snapshot {
  checkouts: CheckoutSnap[];
  orders: OrderSnap[];
  history: HistorySnap[];
  stock: Map<string, number>;
  ratings: { _id: string; ratingSum?: number; ratingCount?: number }[];
  reviews: { itemid: string; noofstars: number; deleted: boolean }[];
  reservations: { orderId: string; status: string }[];
  carts: CartSnap[];
  rmOrders: { _id: string; status?: string }[];
  rmSales: { _id: string }[];
  reportRecords: { _id: string; file?: string }[];
  reportFiles: string[];
  mails: MailSnap[];
  /** Subjects of the cancellation e-mails to the run's customers. */
  cancellationMails: string[];
  /** Returns (issue 31 item 3), as ordering stores them. */
  returns: ReturnSnap[];
  /** Subjects of the returns' refund e-mails to the run's customers. */
  returnRefundMails: string[];
  /** The sandbox payment provider's partial refunds (one per cancelled order or refunded return; `orderLineId` is the key: the line or `RMA-<line>`). */
  providerRefunds: { orderLineId: string; amountCents: number }[];
  /** The sandbox payment provider's captures, by checkout id (none for cash on delivery). */
  providerCaptures: string[];
  /** Reporting's transactions (refunded cents; cash collected for cash on delivery). */
  rmTransactions: { _id: string; status?: string; refundedCents?: number; collectedCents?: number }[];
  jobs: { id: string; queue: string; stalledCounter: number; createdAt: number }[];
}

type Doc = Record<string, unknown>;

export async function snapshot(dbSuffix: string, reportDir: string, emails: Set<string>): Promise<Snapshot> {
  const conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
  try {
    const all = async (service: string, collection: string): Promise<Doc[]> =>
      (await conn.useDb(`${service}-${dbSuffix}`).collection(collection).find({}).toArray()) as Doc[];
    const [
      checkouts,
      items,
      pkgOrders,
      history,
      items2,
      reservations,
      carts,
      rmOrders,
      rmSales,
      records,
      reviews,
      refunds,
      rmTx,
      captures,
      returns,
    ] = await Promise.all([
      all('ordering', 'checkouts'),
      all('ordering', 'orders'),
      all('ordering', 'package_orders'),
      all('ordering', 'order_history'),
      all('catalogue', 'items'),
      all('catalogue', 'stock_reservations'),
      all('cart', 'carts'),
      all('reporting', 'rm_orders'),
      all('reporting', 'rm_sales'),
      all('reporting', 'report_jobs'),
      all('reviews', 'reviews'),
      all('ordering', 'sandbox_refunds'),
      all('reporting', 'rm_transactions'),
      all('ordering', 'sandbox_captures'),
      all('ordering', 'returns'),
    ]);
    const res = await fetch(`${testServers().maildevUrl}/email`);
    const inbox = (await res.json()) as MailDevMessage[];
    const mails = inbox
      .filter((m) => m.subject === 'Your password reset code')
      .flatMap((m) => m.to.filter((t) => emails.has(t.address.toLowerCase())).map((t) => ({ to: t.address, text: m.text })));
    return {
      checkouts: checkouts.map((c) => ({
        _id: String(c._id),
        customerId: String(c.customerId),
        status: String(c.status),
        lines: (c.lines as CheckoutSnap['lines']).map((l) => ({ kind: l.kind, id: l.id, quantity: l.quantity, itemIds: l.itemIds })),
        paid: c.payment !== undefined && c.payment !== null,
        amountCents: Number(c.amountCents),
        paymentType: (c.payment as { PaymentType?: string } | null | undefined)?.PaymentType,
      })),
      orders: [...items, ...pkgOrders].map((o) => ({
        _id: String(o._id),
        OrderID: String(o.OrderID),
        status: String(o.status),
        OQuantity: Number(o.OQuantity),
        totalCents: Number(o.totalCents),
        cod: o.cod as OrderSnap['cod'],
      })),
      history: history.map((h) => ({
        OrderID: String(h.OrderID),
        status: String(h.status),
        refundedCents: h.refundedCents as number | undefined,
      })),
      stock: new Map(items2.map((i) => [String(i._id), Number(i.Quantity)])),
      ratings: items2.map((i) => ({
        _id: String(i._id),
        ratingSum: i.ratingSum as number | undefined,
        ratingCount: i.ratingCount as number | undefined,
      })),
      reviews: reviews.map((r) => ({
        itemid: String(r.itemid),
        noofstars: Number(r.noofstars),
        deleted: r.deleted === true || r.tombstone === true,
      })),
      reservations: reservations.map((r) => ({ orderId: String(r._id), status: String(r.status) })),
      carts: carts.map((c) => ({ customerID: String(c.customerID), ItemIDs: (c.ItemIDs as string[]) ?? [] })),
      rmOrders: rmOrders.map((o) => ({ _id: String(o._id), status: o.status as string | undefined })),
      rmSales: rmSales.map((s) => ({ _id: String(s._id) })),
      reportRecords: records.map((r) => ({ _id: String(r._id), file: r.file as string | undefined })),
      reportFiles: readdirSync(reportDir).filter((f) => f.endsWith('.pdf')),
      mails,
      cancellationMails: inbox
        .filter((m) => / was cancelled$/.test(m.subject) && m.to.some((t) => emails.has(t.address.toLowerCase())))
        .map((m) => m.subject),
      returns: returns.map((r) => ({
        _id: String(r._id),
        orderId: String(r.orderId),
        orderLineId: String(r.orderLineId),
        status: String(r.status),
        quantity: Number(r.quantity),
        unitPriceCents: Number(r.unitPriceCents),
        refundedCents: r.refundedCents as number | undefined,
        resellable: r.resellable as boolean | undefined,
      })),
      returnRefundMails: inbox
        .filter((m) => /^Your return RMA-\S+ was refunded$/.test(m.subject) && m.to.some((t) => emails.has(t.address.toLowerCase())))
        .map((m) => m.subject),
      providerCaptures: captures.map((c) => String(c._id)),
      providerRefunds: refunds.map((r) => ({ orderLineId: String(r._id).split(':').pop()!, amountCents: Number(r.amountCents) })),
      rmTransactions: rmTx.map((t) => ({
        _id: String(t._id),
        status: t.status as string | undefined,
        refundedCents: t.refundedCents as number | undefined,
        collectedCents: t.collectedCents as number | undefined,
      })),
      jobs: await queueJobs(dbSuffix, emails),
    };
  } finally {
    await conn.close();
  }
}

/** The report queue's jobs of this stack and the e-mail jobs to its addresses, with their stall counts. */
async function queueJobs(dbSuffix: string, emails: Set<string>): Promise<Snapshot['jobs']> {
  const connection = new Redis(testServers().redisUrl, { maxRetriesPerRequest: null });
  const report = new Queue('report', { connection, prefix: `bull-reporting-${dbSuffix}` });
  const email = new Queue('email', { connection });
  try {
    const states = ['completed', 'failed', 'active', 'wait', 'delayed', 'prioritized', 'waiting-children'] as const;
    const reports = await report.getJobs([...states], 0, -1);
    const mails = (await email.getJobs([...states], 0, -1)).filter((j) =>
      emails.has(String((j?.data as { to?: string })?.to).toLowerCase()),
    );
    return [
      ...reports
        .filter(Boolean)
        .map((j) => ({ id: String(j.id), queue: 'report', stalledCounter: j.stalledCounter ?? 0, createdAt: j.timestamp })),
      ...mails
        .filter(Boolean)
        .map((j) => ({ id: String(j.id), queue: 'email', stalledCounter: j.stalledCounter ?? 0, createdAt: j.timestamp })),
    ];
  } finally {
    await report.close();
    await email.close();
    connection.disconnect();
  }
}
