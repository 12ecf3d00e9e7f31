/**
 * The moves people make on a return (`PUT /Returns/{id}/<action>`; issue 31 item 3; rules in
 * domain/returns.ts `RETURN_MOVES`): the seller approves (with instructions) or rejects (with a
 * reason) a Requested return and marks an Approved one received (`resellable`); the customer
 * escalates a Rejected one (with a reason) or withdraws a Requested or Rejected one; an admin
 * approves (with instructions) or closes (final refusal, with a reason) an Escalated one and
 * records the bank transfer of a cash-on-delivery refund (`refund-paid`, RefundDue → Refunded).
 *
 * The return is read by `_id`; one the caller may not see is 404 RETURN_NOT_FOUND (a customer sees
 * their own, a seller the returns of their lines, an admin every one). The `version` sent must be
 * the stored one (else 409 RETURN_CHANGED); a move the state does not allow is 409
 * (`returnMoveRefused`). The write is a compare-and-set on that version recording the move's event
 * (deps.ts `writeReturn`); losing a race is 409 RETURN_CHANGED. Receiving records ReturnReceived
 * with the units to give back when resellable; the refund follows in returns/refund.ts.
 */
import {
  RETURN_CHANGED,
  RETURN_NOT_FOUND,
  returnMoveRefused,
  type ReturnAction,
  type ReturnActor,
  type ReturnAnswer,
} from '@market/contracts';
import { conflict, notFound, type Caller } from '@market/platform';
import { lineOfReturnId, mayMove, RETURN_MOVES } from '../domain/returns';
import { returnAnswer, type ReturnDoc } from '../store/returns';
import { writeReturn, type ReturnDeps, type ReturnEvent, type ReturnEventExtra } from './deps';

/** The body of a move, already validated by the route (contracts' Return*Schema). */
export type ReturnMove =
  | { action: 'approve'; instructions: string; version: number }
  | { action: 'reject' | 'escalate' | 'close'; reason: string; version: number }
  | { action: 'withdraw'; version: number }
  | { action: 'receive'; resellable: boolean; version: number }
  | { action: 'refund-paid'; bankReference: string; version: number };

/** Whether `caller` may see return `r`. */
export function mayRead(r: Pick<ReturnDoc, 'customerId' | 'sellerId'>, caller: Caller): boolean {
  if (caller.role === 'admin') return true;
  if (caller.role === 'customer') return r.customerId === caller.id;
  return caller.role === 'seller' && r.sellerId === caller.id;
}

/**
 * The return `id` the caller may see.
 * @throws HttpError 404 RETURN_NOT_FOUND when malformed, absent, or not the caller's
 */
export async function returnFor(d: Pick<ReturnDeps, 'returns'>, caller: Caller, id: string): Promise<ReturnDoc> {
  if (!lineOfReturnId(id)) throw notFound(RETURN_NOT_FOUND);
  const r = await d.returns.findById(id).lean<ReturnDoc>();
  if (!r || !mayRead(r, caller)) throw notFound(RETURN_NOT_FOUND);
  return r;
}

const EVENT_OF: Readonly<Record<ReturnAction, ReturnEvent>> = {
  approve: 'ReturnApproved',
  reject: 'ReturnRejected',
  escalate: 'ReturnEscalated',
  close: 'ReturnClosed',
  withdraw: 'ReturnWithdrawn',
  receive: 'ReturnReceived',
  'refund-paid': 'ReturnRefunded',
};

/** What a move sets on the return, the note of its timeline step and its event's extra data. */
function changesOf(move: ReturnMove, r: ReturnDoc, now: Date): { changes: Partial<ReturnDoc>; note?: string; extra: ReturnEventExtra } {
  switch (move.action) {
    case 'approve':
      return { changes: { instructions: move.instructions }, note: move.instructions, extra: { note: move.instructions } };
    case 'reject':
      return { changes: { rejection: move.reason }, note: move.reason, extra: { note: move.reason } };
    case 'escalate':
      return { changes: { escalation: move.reason }, note: move.reason, extra: { note: move.reason } };
    case 'close':
      return { changes: { decision: move.reason }, note: move.reason, extra: { note: move.reason } };
    case 'withdraw':
      return { changes: {}, extra: {} };
    case 'receive':
      return { changes: { resellable: move.resellable }, extra: { resellable: move.resellable, items: r.items } };
    case 'refund-paid':
      return {
        changes: { bankReference: move.bankReference, refundedAt: now, refundedCents: r.refundCents },
        note: `Bank transfer ${move.bankReference}`,
        extra: { note: move.bankReference, amountCents: r.refundCents },
      };
  }
}

/**
 * @returns the return after the move
 * @throws HttpError 404 RETURN_NOT_FOUND; 409 RETURN_CHANGED (stale version or a lost race) or the refused move
 */
export async function moveReturn(d: ReturnDeps, caller: Caller, id: string, move: ReturnMove, now = new Date()): Promise<ReturnAnswer> {
  const r = await returnFor(d, caller, id);
  const actor = caller.role as ReturnActor;
  if (move.version !== r.aggregateVersion) throw conflict(RETURN_CHANGED);
  if (!mayMove(move.action, actor, r.status)) throw conflict(returnMoveRefused(move.action, r.status));
  const { changes, note, extra } = changesOf(move, r, now);
  const step = { status: RETURN_MOVES[move.action].to, at: now, by: actor, ...(note !== undefined ? { note } : {}) };
  const written = await writeReturn(d, r, changes, step, EVENT_OF[move.action], extra);
  if (!written) throw conflict(RETURN_CHANGED);
  return returnAnswer(written);
}
