/**
 * Suspension routes (issue 30 item 10), admin only: `PUT /Customer/suspend/{id}`,
 * `PUT /Customer/reinstate/{id}`, `PUT /orgSeller/suspend/{id}`, `PUT /orgSeller/reinstate/{id}`.
 * Thin adapters over accounts/suspension.ts: the body names the reason and the account version
 * the admin's screen showed; the answer is the account as written (its `suspended` and `version`).
 */
import { ReinstateAccountSchema, SuspendAccountSchema } from '@market/contracts';
import { objectIdParam, requireCaller } from '@market/platform';
import { Router, type Request } from 'express';
import { decideCustomer, decideSeller, type SuspensionDecision } from '../accounts/suspension';
import { customerView } from '../store/customers';
import { orgSellerView } from '../store/sellers';
import type { IdentityDeps } from '../deps';

/** The admin's decision from a request: `suspend` takes a reason, `reinstate` may. */
function decisionOf(req: Request, suspend: boolean): SuspensionDecision {
  const caller = requireCaller(req, 'admin');
  const body = suspend ? SuspendAccountSchema.parse(req.body ?? {}) : ReinstateAccountSchema.parse(req.body ?? {});
  return { suspend, reason: body.reason ?? '', version: body.version, adminId: caller.id };
}

export function suspensionRoutes(deps: IdentityDeps): Router {
  const r = Router();
  for (const [act, suspend] of [
    ['suspend', true],
    ['reinstate', false],
  ] as const) {
    r.put(`/Customer/${act}/:id`, async (req, res) => {
      const decision = decisionOf(req, suspend);
      res.json(customerView(await decideCustomer(deps, objectIdParam(req.params.id), decision)));
    });
    r.put(`/orgSeller/${act}/:id`, async (req, res) => {
      const decision = decisionOf(req, suspend);
      res.json(orgSellerView(await decideSeller(deps, objectIdParam(req.params.id), decision)));
    });
  }
  return r;
}
