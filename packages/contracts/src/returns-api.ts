/**
 * The returns (RMA) operations (issue 31 item 3; `./returns.ts` has the rules and shapes). A
 * customer reaches their own returns, a seller the returns of their order lines, an admin every
 * return; anything else is 404. Lists and counts come from the returns read model (OpenSearch).
 */
import type { ApiOperation } from './api';
import { listAnswer } from './paging';
import {
  RETURN_CHANGED,
  RETURN_EXISTS,
  RETURN_LINE_NOT_FOUND,
  RETURN_NOT_DELIVERED,
  RETURN_NOT_FOUND,
  ReturnAnswerSchema,
  ReturnApproveSchema,
  ReturnCountsAnswerSchema,
  ReturnCreateSchema,
  ReturnListQuerySchema,
  ReturnReasonSchema,
  ReturnReceiveSchema,
  ReturnRefundPaidSchema,
  ReturnVersionSchema,
} from './returns';

const tag = 'Returns';
const everyone = ['customer', 'seller', 'admin'] as const;
const unavailable = 'The returns list is unavailable; try again';
const notFound = `'${RETURN_NOT_FOUND}': absent, or not yours to act on`;
type MoveBody =
  | typeof ReturnApproveSchema
  | typeof ReturnReasonSchema
  | typeof ReturnVersionSchema
  | typeof ReturnReceiveSchema
  | typeof ReturnRefundPaidSchema;
const refusedMove = `'${RETURN_CHANGED}' (stale version), or the return's state does not allow this move (the message says which)`;

function move<const P extends string, const A extends readonly ('customer' | 'seller' | 'admin')[], const B extends MoveBody>(
  path: P,
  audience: A,
  summary: string,
  body: B,
) {
  return {
    method: 'put',
    path,
    tag,
    summary,
    audience,
    added: true,
    body,
    response: ReturnAnswerSchema,
    responses: { 200: 'The return after the move', 400: '`{ error, fields }`', 404: notFound, 409: refusedMove },
  } as const;
}

export const RETURN_OPERATIONS = [
  {
    method: 'post',
    path: '/Returns',
    tag,
    summary:
      'The customer asks to return (part of) a delivered order line within the return window (7 days of Delivered): reason, description, up to 3 uploaded photos; the seller is e-mailed',
    audience: ['customer'],
    added: true,
    body: ReturnCreateSchema,
    response: ReturnAnswerSchema,
    responses: {
      201: 'The return, Requested',
      400: '`{ error, fields }` (also: more than the line holds)',
      404: `'${RETURN_LINE_NOT_FOUND}': the order line is absent or not yours`,
      409: `'${RETURN_NOT_DELIVERED}'; 'The return window for this order closed on <date>'; or '${RETURN_EXISTS}'`,
    },
  },
  {
    method: 'get',
    path: '/Returns',
    tag,
    summary:
      "The caller's returns, newest first (customer: their own; seller: of their orders; admin: all); status filters one state, escalated=true keeps those a customer escalated",
    audience: everyone,
    added: true,
    query: ReturnListQuerySchema,
    response: listAnswer(ReturnAnswerSchema),
    responses: { 200: 'Array, or `{ items, total, page, limit }` with page/limit', 400: 'Bad filter or paging', 503: unavailable },
  },
  {
    method: 'get',
    path: '/Returns/counts',
    tag,
    summary: "How many of the caller's returns are in each state, and how many are open (the Returns tab's and the admin's counts)",
    audience: everyone,
    added: true,
    response: ReturnCountsAnswerSchema,
    responses: { 200: 'A count per state and `open`', 503: unavailable },
  },
  {
    method: 'get',
    path: '/Returns/{id}',
    tag,
    summary: 'One return with its timeline (its customer, its seller, or an admin)',
    audience: everyone,
    added: true,
    response: ReturnAnswerSchema,
    responses: { 200: 'The return', 404: notFound },
  },
  move(
    '/Returns/{id}/approve',
    ['seller', 'admin'],
    'The seller approves a Requested return (an admin an Escalated one) with instructions for sending the goods back; the customer is e-mailed',
    ReturnApproveSchema,
  ),
  move(
    '/Returns/{id}/reject',
    ['seller'],
    'The seller rejects a Requested return with a reason; the customer is e-mailed',
    ReturnReasonSchema,
  ),
  move(
    '/Returns/{id}/escalate',
    ['customer'],
    "The customer asks the marketplace's admins to decide a Rejected return, with a reason; the seller and the admins are e-mailed",
    ReturnReasonSchema,
  ),
  move(
    '/Returns/{id}/close',
    ['admin'],
    'An admin refuses an Escalated return for good, with a reason; the customer is e-mailed',
    ReturnReasonSchema,
  ),
  move('/Returns/{id}/withdraw', ['customer'], 'The customer withdraws a Requested or Rejected return', ReturnVersionSchema),
  move(
    '/Returns/{id}/receive',
    ['seller'],
    'The seller received the goods of an Approved return (resellable: their stock comes back); the refund follows (card/PayPal: Refunded shortly after; cash on delivery: RefundDue)',
    ReturnReceiveSchema,
  ),
  move(
    '/Returns/{id}/refund-paid',
    ['admin'],
    'An admin records the bank transfer that refunded a cash-on-delivery return (RefundDue → Refunded)',
    ReturnRefundPaidSchema,
  ),
] as const satisfies readonly ApiOperation[];
