/**
 * Routes of any signed-in account, whatever its role (issue 33): `PUT /Account/language`, the
 * caller's own language (no id in the path: only the caller's account is reachable).
 */
import { AccountLanguageSchema } from '@market/contracts';
import { requireCaller } from '@market/platform';
import { Router } from 'express';
import { chooseLanguage } from '../accounts/language';
import type { IdentityDeps } from '../deps';

export function accountRoutes(deps: IdentityDeps): Router {
  const r = Router();
  r.put('/Account/language', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'seller', 'admin');
    res.json(await chooseLanguage(deps, caller, AccountLanguageSchema.parse(req.body ?? {})));
  });
  return r;
}
