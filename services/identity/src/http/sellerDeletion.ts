/**
 * Seller deletion routes (spec 001 sections 4-7): a seller asks for the deletion of their
 * account (`PUT /orgseller/reqDel/{id}` `{ requestDelete: true }`); an admin accepts
 * (`DELETE /orgSeller/delete/{id}`) or declines (`PUT /orgseller/reqDel/{id}`
 * `{ requestDelete: false }`). Thin adapters over sellers/deletion.ts.
 */
import { RequestDeleteSchema } from '@market/contracts';
import { objectIdParam, requireCaller } from '@market/platform';
import { Router } from 'express';
import { deleteSeller, setDeletionRequest } from '../sellers/deletion';
import { orgSellerView } from '../store/sellers';
import type { IdentityDeps } from '../deps';

export function sellerDeletionRoutes(deps: IdentityDeps): Router {
  const r = Router();

  r.put('/orgseller/reqDel/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const caller = requireCaller(req, 'seller', 'admin');
    const { requestDelete } = RequestDeleteSchema.parse(req.body);
    res.json(orgSellerView(await setDeletionRequest(deps, caller, id, requestDelete)));
  });

  r.delete('/orgSeller/delete/:id', async (req, res) => {
    const caller = requireCaller(req, 'admin');
    await deleteSeller(deps, objectIdParam(req.params.id), caller.id);
    res.json({ message: 'Successfully Deleted' });
  });

  return r;
}
