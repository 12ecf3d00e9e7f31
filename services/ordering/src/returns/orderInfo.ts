/**
 * What order answers say about returns (issue 31 items 3 and 4; contracts' ordering-answers.ts
 * `Return`, `ReturnableUntil`): a line with a return carries `Return { ReturnID, status }` (the
 * return read by `_id` `RMA-<line id>`); a Delivered line without one, still within the return
 * window, carries `ReturnableUntil` (ISO, UTC), so the customer's order page offers "Request a
 * return" or shows the return's state.
 */
import { byIds } from '@market/platform';
import type { Model } from 'mongoose';
import { deliveredAt, returnableUntil, returnIdOf } from '../domain/returns';
import type { ReturnDoc } from '../store/returns';

export interface ReturnInfoDeps {
  returns: Model<ReturnDoc>;
  windowDays: number;
}

/** An order as answered: its id, status, when the status changed and its timeline. */
type AnsweredOrder = { _id: string; status: string; statusChangedAt?: unknown; Timeline?: readonly { status: string; at: unknown }[] };

/** `orders` with `Return` / `ReturnableUntil` where they apply (one read of the returns by `_id`). */
export async function withReturnInfo<T extends AnsweredOrder>(
  d: ReturnInfoDeps | undefined,
  orders: T[],
  now = new Date(),
): Promise<(T & { Return?: { ReturnID: string; status: ReturnDoc['status'] }; ReturnableUntil?: string })[]> {
  if (!d || orders.length === 0) return orders;
  const delivered = orders.filter((o) => o.status === 'Delivered');
  if (delivered.length === 0) return orders;
  const found = await byIds(
    d.returns,
    delivered.map((o) => returnIdOf(o._id)),
  );
  return orders.map((o) => {
    if (o.status !== 'Delivered') return o;
    const r = found.get(returnIdOf(o._id));
    if (r) return { ...o, Return: { ReturnID: r._id, status: r.status } };
    const at = deliveredAt({
      status: o.status,
      statusChangedAt: o.statusChangedAt as Date | string | undefined,
      timeline: (o.Timeline ?? []).map((s) => ({ status: s.status, at: s.at as Date | string })),
    });
    if (!at) return o;
    const until = returnableUntil(at, d.windowDays);
    return until.getTime() >= now.getTime() ? { ...o, ReturnableUntil: until.toISOString() } : o;
  });
}
