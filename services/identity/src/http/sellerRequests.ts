/**
 * Seller request routes (spec 001 sections 4-7): a company applies (`POST /seller/add`, public);
 * admins list and read the requests and accept (`POST /orgseller/add { requestId }`) or decline
 * (`DELETE /seller/delete/{id}`) one. Thin adapters over sellers/onboarding.ts.
 */
import { AcceptSellerRequestSchema, SellerRequestSchema } from '@market/contracts';
import { notFound, objectIdParam, pageRequest, requireCaller, searchPage, sendList } from '@market/platform';
import { Router } from 'express';
import { z } from 'zod';
import { sellerSearch } from '../domain/adminSearch';
import { applyAsSeller, approveSellerRequest, declineSellerRequest } from '../sellers/onboarding';
import { orgSellerView, sellerRequestView, type SellerRequestDoc } from '../store/sellers';
import type { IdentityDeps } from '../deps';

const SearchSchema = z.string().trim().max(100).optional();

export function sellerRequestRoutes(deps: IdentityDeps): Router {
  const r = Router();

  r.post('/seller/add', async (req, res) => {
    const body = SellerRequestSchema.parse(req.body);
    res.status(201).json(sellerRequestView(await applyAsSeller(deps, body)));
  });

  r.get('/seller/get', async (req, res) => {
    requireCaller(req, 'admin');
    const page = pageRequest(req.query);
    // From the search index (domain/adminSearch.ts; search over company, owner, year and e-mail,
    // spec 001 section 9 "Search scope"): a substring filter is a full scan on the local database.
    const { views, total } = await searchPage(deps.search.sellers, sellerSearch('request', SearchSchema.parse(req.query.q)), page);
    sendList(res, page, views, total);
  });

  r.get('/seller/get/:id', async (req, res) => {
    requireCaller(req, 'admin');
    const doc = await deps.sellerRequests.findOne({ _id: objectIdParam(req.params.id), deleted: { $ne: true } }).lean<SellerRequestDoc>();
    if (!doc) throw notFound();
    res.json(sellerRequestView(doc));
  });

  /** Declines a request: the request goes, the applicant is told. */
  r.delete('/seller/delete/:id', async (req, res) => {
    const caller = requireCaller(req, 'admin');
    await declineSellerRequest(deps, objectIdParam(req.params.id), caller.id);
    res.json({ message: 'Request Declined!' });
  });

  /** Accepts a request: the org seller is created and its credentials e-mailed. */
  r.post('/orgseller/add', async (req, res) => {
    const caller = requireCaller(req, 'admin');
    const { requestId } = AcceptSellerRequestSchema.parse(req.body);
    res.status(201).json(orgSellerView(await approveSellerRequest(deps, objectIdParam(requestId), caller.id)));
  });

  return r;
}
