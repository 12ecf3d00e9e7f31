/**
 * Return routes (issue 31 item 3; contracts `returns-api.ts`): thin adapters that parse the request
 * with the contracts' schemas, call the use case (returns/request.ts, decide.ts, read.ts) and write
 * the answer. Which returns each caller reaches is decide.ts `mayRead` (anything else is 404).
 */
import {
  ReturnApproveSchema,
  ReturnCreateSchema,
  ReturnListQuerySchema,
  ReturnReasonSchema,
  ReturnReceiveSchema,
  ReturnRefundPaidSchema,
  ReturnVersionSchema,
} from '@market/contracts';
import { pageRequest, requireCaller, sendList } from '@market/platform';
import { Router } from 'express';
import { moveReturn, type ReturnMove } from '../returns/decide';
import type { ReturnDeps } from '../returns/deps';
import { countReturns, listReturns, readReturn } from '../returns/read';
import { requestReturn } from '../returns/request';

const ROLES = ['customer', 'seller', 'admin'] as const;

export function returnRoutes(d: ReturnDeps): Router {
  const r = Router();

  r.post('/Returns', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const body = ReturnCreateSchema.parse(req.body);
    res.status(201).json(await requestReturn(d, caller, body));
  });

  r.get('/Returns', async (req, res) => {
    const caller = requireCaller(req, ...ROLES);
    const q = ReturnListQuerySchema.parse(req.query);
    const page = pageRequest(q);
    const found = await listReturns(d, caller, page, {
      ...(q.status ? { status: q.status } : {}),
      ...(q.escalated ? { escalated: q.escalated === 'true' } : {}),
    });
    sendList(res, page, found.views, found.total);
  });

  r.get('/Returns/counts', async (req, res) => {
    const caller = requireCaller(req, ...ROLES);
    res.json(await countReturns(d, caller));
  });

  r.get('/Returns/:id', async (req, res) => {
    const caller = requireCaller(req, ...ROLES);
    res.json(await readReturn(d, caller, String(req.params.id)));
  });

  r.put('/Returns/:id/approve', async (req, res) => {
    const caller = requireCaller(req, 'seller', 'admin');
    const body = ReturnApproveSchema.parse(req.body);
    res.json(await moveReturn(d, caller, String(req.params.id), { action: 'approve', ...body }));
  });

  const withReason = (action: 'reject' | 'escalate' | 'close', role: 'seller' | 'customer' | 'admin') =>
    r.put(`/Returns/:id/${action}`, async (req, res) => {
      const caller = requireCaller(req, role);
      const body = ReturnReasonSchema.parse(req.body);
      res.json(await moveReturn(d, caller, String(req.params.id), { action, ...body }));
    });
  withReason('reject', 'seller');
  withReason('escalate', 'customer');
  withReason('close', 'admin');

  r.put('/Returns/:id/withdraw', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const body = ReturnVersionSchema.parse(req.body);
    res.json(await moveReturn(d, caller, String(req.params.id), { action: 'withdraw', ...body }));
  });

  r.put('/Returns/:id/receive', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const body = ReturnReceiveSchema.parse(req.body);
    res.json(await moveReturn(d, caller, String(req.params.id), { action: 'receive', ...body } satisfies ReturnMove));
  });

  r.put('/Returns/:id/refund-paid', async (req, res) => {
    const caller = requireCaller(req, 'admin');
    const body = ReturnRefundPaidSchema.parse(req.body);
    res.json(await moveReturn(d, caller, String(req.params.id), { action: 'refund-paid', ...body }));
  });

  return r;
}
