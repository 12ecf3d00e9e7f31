/**
 * Organisation seller routes (spec 001 sections 4-7; `/orgseller/*` and `/orgSeller/*`, the same
 * paths in either case): the sellers' list and profiles (full for an admin and the seller
 * themself, the public face for everybody else), the seller's own profile and password (a new
 * password ends the seller's other sessions, renews the changing one's cookie and e-mails the
 * seller: issue 27 item 3, accounts/passwordChanged.ts), login and logout. Accepting a request is in sellerRequests.ts, deletion in sellerDeletion.ts.
 */
import { SellerChangePasswordSchema, SellerUpdateSchema } from '@market/contracts';
import { languageOf } from '../accounts/language';
import {
  conflict,
  notFound,
  objectIdParam,
  pageRequest,
  requireCaller,
  searchPage,
  sendList,
  unauthorized,
  updateAggregate,
} from '@market/platform';
import { Router } from 'express';
import { z } from 'zod';
import { passwordChanged } from '../accounts/passwordChanged';
import { sellerSearch } from '../domain/adminSearch';
import { hashPassword } from '../domain/passwords';
import { sellerEvent } from '../events/identityEvents';
import { ownSeller, STALE } from '../sellers/own';
import { orgSellerPublicView, orgSellerView, publicFace, type OrgSellerDoc, type OrgSellerView } from '../store/sellers';
import type { IdentityDeps } from '../deps';
import { checkOwnPassword } from '../accounts/ownPassword';
import { endSession, logIn, renewSession } from './session';

const SearchSchema = z.string().trim().max(100).optional();

export function orgSellerRoutes(deps: IdentityDeps): Router {
  const r = Router();
  const { orgSellers } = deps;

  r.get('/orgseller/get', async (req, res) => {
    const page = pageRequest(req.query);
    const q = SearchSchema.parse(req.query.q);
    const isAdmin = req.caller?.role === 'admin';
    let requestDelete: boolean | undefined;
    if (isAdmin) {
      const asked = z.enum(['true', 'false']).optional().parse(req.query.requestDelete);
      if (asked) requestDelete = asked === 'true';
    }
    // From the search index (domain/adminSearch.ts), which stores the full profile (never the
    // password hash); everybody else sees only its public face.
    const { views, total } = await searchPage(deps.search.sellers, sellerSearch('org', q, requestDelete), page);
    sendList(res, page, isAdmin ? views : views.map((v) => publicFace(v as unknown as OrgSellerView)), total);
  });

  r.get('/orgSeller/get/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const s = await orgSellers.findOne({ _id: id, deleted: false }).lean<OrgSellerDoc>();
    if (!s) throw notFound();
    const full = req.caller?.role === 'admin' || (req.caller?.role === 'seller' && req.caller.id === String(id));
    res.json(full ? orgSellerView(s) : orgSellerPublicView(s));
  });

  r.get('/orgSeller/getByEmail/:email', async (req, res) => {
    const caller = requireCaller(req, 'seller', 'admin');
    const emailKey = z.string().max(200).parse(req.params.email).toLowerCase();
    const s = await orgSellers.findOne({ emailKey, deleted: false }).lean<OrgSellerDoc>();
    if (!s || (caller.role === 'seller' && caller.id !== String(s._id))) throw notFound('User not found!');
    res.json(orgSellerView(s));
  });

  r.get('/orgSeller/me', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const s = await orgSellers.findOne({ _id: objectIdParam(caller.id), deleted: false }).lean<OrgSellerDoc>();
    if (!s) throw unauthorized();
    res.json(orgSellerView(s));
  });

  r.put('/orgSeller/update/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const current = await ownSeller(deps, requireCaller(req, 'seller'), id);
    const body = SellerUpdateSchema.parse(req.body);
    const set: Partial<OrgSellerDoc> = {
      ownername: body.ownername,
      mobile: body.mobile,
      companyname: body.companyname,
      address: body.address,
      year: body.year,
      description: body.description,
    };
    if (body.logo) set.logo = body.logo;
    const next = { ...current, ...set } as OrgSellerDoc;
    if (!(await updateAggregate(orgSellers, id, current.aggregateVersion, { $set: set }, (v) => [sellerEvent('SellerUpdated', next, v)])))
      throw conflict(STALE);
    deps.relay.nudge();
    res.json(orgSellerView(next));
  });

  r.put('/orgSeller/ChangePwd/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const current = await ownSeller(deps, requireCaller(req, 'seller'), id);
    const body = SellerChangePasswordSchema.parse(req.body);
    // Counts toward the seller's login lockout, like the customer's own password checks.
    await checkOwnPassword(deps, 'seller', current, body.currentPassword, 'Invalid Current Password!', 'currentPassword');
    await orgSellers.updateOne({ _id: id }, { $set: { password: await hashPassword(body.password) } });
    // A new password ends the seller's other sessions and keeps this one (issue 27 item 3).
    const owner = { kind: 'seller' as const, id: String(id), email: current.email, name: current.ownername, language: languageOf(current) };
    await renewSession(deps, req, res, String(id), await passwordChanged(deps, owner, 'change'));
    res.json({ message: 'Your update saved!' });
  });

  // ----- sessions -----

  r.post('/orgSeller/loginSeller', async (req, res) => {
    const { account, token } = await logIn(deps, req, res, 'seller', (usernameKey) =>
      orgSellers.findOne({ usernameKey, deleted: false }).lean<OrgSellerDoc>(),
    );
    res.json({ sellerLogin: orgSellerView(account), ...(token ? { token } : {}) });
  });

  r.post('/orgSeller/logout', async (req, res) => {
    await endSession(deps, req, res);
    res.json({ message: 'Logged out' });
  });

  return r;
}
