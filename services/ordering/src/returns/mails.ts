/**
 * The e-mails of a return, one per step and recipient (issue 31 item 3: "e-mails go out at every
 * step"; templates `return-*` in services/notifications):
 * - the seller: requested, escalated;
 * - the customer: approved (with the instructions), rejected, closed, received, refunded;
 * - the marketplace's admins (config RETURNS_ADMIN_EMAIL; none when unset): escalated, refund due.
 *
 * Each is sent once: job id `return-<step>-<recipient>-<return id>` through platform's mailOnce, so
 * a redelivered event or a crash between steps sends no second mail. What it says is read from the
 * return as stored (by `_id`), never from the event; a recipient ordering has no address for
 * (deleted) gets none, logged. Amounts as `Rs. 12,345.00` (contracts' formatLkr).
 */
import { RETURN_REASON_LABELS, formatLkr, type EventType } from '@market/contracts';
import type { EventHandler, EventHandlers, SendOnce } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { customerName, type ReadModels } from '../store/readModels';
import type { ReturnDoc } from '../store/returns';

export interface ReturnMailDeps {
  returns: Model<ReturnDoc>;
  rm: ReadModels;
  send: SendOnce;
  logger: Logger;
  /** Where the admins' e-mails go; undefined: none are sent. */
  adminEmail?: string;
}

type Recipient = 'customer' | 'seller' | 'admin';

/** The job id of one e-mail (letters, digits and dashes: BullMQ's job ids). */
const jobId = (step: string, to: Recipient, id: string) => `return-${step}-${to}-${id}`;

export function returnMailHandlers(d: ReturnMailDeps): EventHandlers {
  async function address(r: ReturnDoc, to: Recipient): Promise<{ email: string; name: string } | null> {
    if (to === 'admin') return d.adminEmail ? { email: d.adminEmail, name: 'Marketplace team' } : null;
    if (to === 'customer') {
      const c = await d.rm.customers.findById(r.customerId).lean();
      return c?.email && !c.deleted ? { email: c.email, name: customerName(c) } : null;
    }
    const s = await d.rm.sellers.findById(r.sellerId).lean();
    return s?.email && !s.deleted ? { email: s.email, name: s.ownername || s.companyname } : null;
  }

  /** Sends `template` for the return the event names to each of `to`, once each. */
  function mail<T extends EventType>(
    step: string,
    status: ReturnDoc['status'] | null,
    to: readonly Recipient[],
    data: (r: ReturnDoc, to: Recipient) => Record<string, unknown>,
  ): EventHandler<T> {
    return async (e) => {
      const id = (e.data as { ret: { _id: string } }).ret._id;
      const r = await d.returns.findById(id).lean<ReturnDoc>();
      // The return moved on since (or is unknown): the step's mail goes only while it is at the step or past it.
      if (!r || (status && !r.timeline.some((s) => s.status === status))) return;
      for (const who of to) {
        const a = await address(r, who);
        if (!a) {
          if (who !== 'admin' || d.adminEmail)
            d.logger.warn({ returnId: r._id, to: who }, 'no e-mail address for a return e-mail; not sent');
          continue;
        }
        await d.send(jobId(step, who, r._id), {
          to: a.email,
          template: `return-${step}`,
          data: {
            name: a.name,
            returnId: r._id,
            orderLineId: r.orderLineId,
            product: r.productName || 'your order',
            quantity: r.quantity,
            ...data(r, who),
          },
        });
      }
    };
  }

  const refund = (r: ReturnDoc) => formatLkr(r.refundedCents ?? r.refundCents);
  return {
    ReturnRequested: mail('requested', 'Requested', ['seller'], (r) => ({
      reason: RETURN_REASON_LABELS[r.reason] ?? r.reason,
      description: r.description,
    })),
    ReturnApproved: mail('approved', 'Approved', ['customer'], (r) => ({ instructions: r.instructions ?? '' })),
    ReturnRejected: mail('rejected', 'Rejected', ['customer'], (r) => ({ reason: r.rejection ?? '' })),
    ReturnEscalated: mail('escalated', 'Escalated', ['seller', 'admin'], (r, who) => ({ reason: r.escalation ?? '', to: who })),
    ReturnClosed: mail('closed', 'Closed', ['customer'], (r) => ({ reason: r.decision ?? '' })),
    ReturnReceived: mail('received', 'Received', ['customer'], (r) => ({
      refund: refund(r),
      cashOnDelivery: r.paymentType === 'CashOnDelivery',
    })),
    ReturnRefundDue: mail('refund-due', 'RefundDue', ['admin'], (r) => ({ refund: refund(r) })),
    ReturnRefunded: mail('refunded', 'Refunded', ['customer'], (r) => ({
      refund: refund(r),
      paymentType: r.paymentType,
      ...(r.bankReference ? { bankReference: r.bankReference } : {}),
    })),
  };
}
