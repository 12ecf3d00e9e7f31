/**
 * Seller routes (spec 001 sections 4-7; issue 3): requests (`/seller/*`), organisation sellers
 * (`/orgseller/*` and `/orgSeller/*`, the same paths in either case), deletion requests,
 * password change and login.
 *
 * Flow: a company applies (`POST /seller/add`, public) → an admin accepts
 * (`POST /orgseller/add { requestId }`: the server copies the request, generates the username and
 * a 25-character password, e-mails them, removes the request) or declines
 * (`DELETE /seller/delete/{id}`). A seller asks for deletion (`PUT /orgseller/reqDel/{id}`
 * `{ requestDelete: true }`); an admin accepts (`DELETE /orgSeller/delete/{id}`) or declines
 * (`PUT /orgseller/reqDel/{id}` `{ requestDelete: false }`).
 */
import {
  AcceptSellerRequestSchema,
  RequestDeleteSchema,
  SellerChangePasswordSchema,
  SellerRequestSchema,
  SellerUpdateSchema,
} from '@market/contracts';
import {
  type Caller,
  conflict,
  forbidden,
  isDuplicateKey,
  notFound,
  objectIdParam,
  pageRequest,
  requireCaller,
  revokeSubjectSessions,
  searchPage,
  sendList,
  unauthorized,
  updateAggregate,
} from '@market/platform';
import { Router, type Request } from 'express';
import { Types } from 'mongoose';
import { z } from 'zod';
import { sellerSearch } from '../domain/adminSearch';
import { generatedPassword, suggestedUsername } from '../domain/codes';
import { hashPassword } from '../domain/passwords';
import { sendEmail } from '../events/emailJobs';
import { sellerEvent, sellerRefEvent } from '../events/identityEvents';
import {
  orgSellerPublicView,
  orgSellerView,
  publicFace,
  sellerRequestView,
  type OrgSellerDoc,
  type OrgSellerView,
  type SellerRequestDoc,
} from '../store/sellers';
import type { IdentityDeps } from './deps';
import { checkOwnPassword, endSession, logIn } from './session';

/** Generated seller password length (spec 001 section 9). */
export const SELLER_PASSWORD_LENGTH = 25;
const STALE = 'This seller was changed meanwhile, please try again';
const SELLER_EXISTS = 'A seller with this email already exists';

const SearchSchema = z.string().trim().max(100).optional();

export function sellerRoutes(deps: IdentityDeps): Router {
  const r = Router();
  const { sellerRequests, orgSellers } = deps;

  async function ownSeller(req: Request, id: Types.ObjectId): Promise<OrgSellerDoc> {
    const caller = requireCaller(req, 'seller');
    if (caller.id !== String(id)) throw notFound();
    const s = await orgSellers.findOne({ _id: id, deleted: false }).lean<OrgSellerDoc>();
    if (!s) throw notFound();
    return s;
  }

  // ----- seller requests -----

  r.post('/seller/add', async (req, res) => {
    const body = SellerRequestSchema.parse(req.body);
    const emailKey = body.email.toLowerCase();
    if (await orgSellers.exists({ emailKey })) throw conflict(SELLER_EXISTS, { email: SELLER_EXISTS });
    const doc = {
      _id: new Types.ObjectId(),
      ...body,
      logo: body.logo ?? '',
      emailKey,
      createdAt: new Date(),
      deleted: false,
      aggregateVersion: 1,
    };
    try {
      await sellerRequests.create({ ...doc, pendingEvents: [sellerEvent('SellerRequested', doc as SellerRequestDoc, 1)] });
    } catch (err) {
      if (isDuplicateKey(err)) throw conflict(SELLER_EXISTS, { email: SELLER_EXISTS });
      throw err;
    }
    deps.relay.nudge();
    await sendEmail(deps.emailQueue, body.email, {
      template: 'seller-request-received',
      data: { name: body.ownername, companyname: body.companyname },
    });
    res.status(201).json(sellerRequestView(doc as SellerRequestDoc));
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
    const doc = await sellerRequests.findOne({ _id: objectIdParam(req.params.id), deleted: { $ne: true } }).lean<SellerRequestDoc>();
    if (!doc) throw notFound();
    res.json(sellerRequestView(doc));
  });

  /** Declines a request: the request goes, the applicant is told. */
  r.delete('/seller/delete/:id', async (req, res) => {
    requireCaller(req, 'admin');
    const id = objectIdParam(req.params.id);
    const doc = await sellerRequests.findOne({ _id: id, deleted: { $ne: true } }).lean<SellerRequestDoc>();
    if (!doc) throw notFound();
    const written = await updateAggregate(
      sellerRequests,
      id,
      doc.aggregateVersion,
      { $set: { deleted: true, emailKey: `declined:${String(id)}` } },
      (v) => [sellerRefEvent('SellerDeclined', String(id), v)],
    );
    if (!written) throw conflict(STALE);
    await deps.search.sync('seller', String(id));
    deps.relay.nudge();
    await sendEmail(deps.emailQueue, doc.email, {
      template: 'seller-request-declined',
      data: { name: doc.ownername, companyname: doc.companyname },
    });
    res.json({ message: 'Request Declined!' });
  });

  // ----- accepting a request -----

  r.post('/orgseller/add', async (req, res) => {
    requireCaller(req, 'admin');
    const { requestId } = AcceptSellerRequestSchema.parse(req.body);
    const id = objectIdParam(requestId);
    const request = await sellerRequests.findOne({ _id: id, deleted: { $ne: true } }).lean<SellerRequestDoc>();
    if (!request) throw notFound('This seller request no longer exists');
    const password = generatedPassword(SELLER_PASSWORD_LENGTH);
    const hash = await hashPassword(password);
    // The org seller keeps the request's id, so the seller's events form one stream. A retry after
    // a crash finds it already created and only renews the password it e-mails.
    let seller = await orgSellers.findById(id).lean<OrgSellerDoc>();
    if (!seller) {
      const username = suggestedUsername(request.companyname);
      const doc = {
        _id: id,
        ownername: request.ownername,
        mobile: request.mobile,
        companyname: request.companyname,
        address: request.address,
        year: request.year,
        email: request.email,
        emailKey: request.emailKey,
        description: request.description,
        logo: request.logo,
        username,
        usernameKey: username.toLowerCase(),
        password: hash,
        requestDelete: false,
        acceptedDate: new Date(),
        deleted: false,
        aggregateVersion: request.aggregateVersion + 1,
      };
      try {
        await orgSellers.create({ ...doc, pendingEvents: [sellerEvent('SellerApproved', doc as OrgSellerDoc, doc.aggregateVersion)] });
      } catch (err) {
        if (isDuplicateKey(err)) throw conflict(SELLER_EXISTS, { email: SELLER_EXISTS });
        throw err;
      }
      seller = doc as OrgSellerDoc;
    } else {
      await orgSellers.updateOne({ _id: id }, { $set: { password: hash } });
    }
    deps.relay.nudge();
    await sendEmail(
      deps.emailQueue,
      seller.email,
      {
        template: 'seller-credentials',
        data: {
          name: seller.ownername,
          companyname: seller.companyname,
          username: seller.username,
          password,
          loginUrl: `${deps.config.WEB_URL}/SellerLogin`,
        },
      },
      `seller-credentials-${String(id)}-${Date.now()}`,
    );
    // The request is done; its stream continues on the org seller. It is only marked, so an
    // unpublished SellerRequested still goes out; the relay removes it afterwards.
    await sellerRequests.updateOne({ _id: id }, { $set: { deleted: true, emailKey: `accepted:${String(id)}` } });
    await deps.search.sync('seller', String(id));
    res.status(201).json(orgSellerView(seller));
  });

  // ----- org sellers -----

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
    const current = await ownSeller(req, id);
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

  r.put('/orgseller/reqDel/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const caller: Caller = requireCaller(req, 'seller', 'admin');
    const { requestDelete } = RequestDeleteSchema.parse(req.body);
    let current: OrgSellerDoc;
    if (caller.role === 'seller') {
      current = await ownSeller(req, id);
    } else {
      // Admins only decline a deletion request; accepting it is DELETE /orgSeller/delete/{id}.
      if (requestDelete) throw forbidden('Only the seller can ask for the deletion of their account');
      const s = await orgSellers.findOne({ _id: id, deleted: false }).lean<OrgSellerDoc>();
      if (!s) throw notFound();
      current = s;
    }
    if (current.requestDelete === requestDelete) {
      res.json(orgSellerView(current));
      return;
    }
    const type = requestDelete ? 'SellerDeletionRequested' : 'SellerDeletionDeclined';
    if (
      !(await updateAggregate(orgSellers, id, current.aggregateVersion, { $set: { requestDelete } }, (v) => [
        sellerRefEvent(type, String(id), v),
      ]))
    ) {
      throw conflict(STALE);
    }
    await deps.search.sync('seller', String(id));
    deps.relay.nudge();
    res.json(orgSellerView({ ...current, requestDelete }));
  });

  r.delete('/orgSeller/delete/:id', async (req, res) => {
    requireCaller(req, 'admin');
    const id = objectIdParam(req.params.id);
    const s = await orgSellers.findOne({ _id: id, deleted: false }).lean<OrgSellerDoc>();
    if (!s) throw notFound();
    const set = { deleted: true, emailKey: `deleted:${String(id)}`, usernameKey: `deleted:${String(id)}` };
    if (
      !(await updateAggregate(orgSellers, id, s.aggregateVersion, { $set: set }, (v) => [sellerRefEvent('SellerDeleted', String(id), v)]))
    )
      throw conflict(STALE);
    // Every open session of the seller ends now (the gateway refuses them, so no service takes
    // another write); SellerDeleted then withdraws the seller's items and packages from the
    // catalogue and its listing (services/catalogue/src/events/sellerConsumer.ts). Issue 16, item 1.
    await revokeSubjectSessions(deps.redis, String(id));
    await deps.search.sync('seller', String(id));
    deps.relay.nudge();
    res.json({ message: 'Successfully Deleted' });
  });

  r.put('/orgSeller/ChangePwd/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const current = await ownSeller(req, id);
    const body = SellerChangePasswordSchema.parse(req.body);
    // Counts toward the seller's login lockout, like the customer's own password checks.
    await checkOwnPassword(deps, 'seller', current, body.currentPassword, 'Invalid Current Password!', 'currentPassword');
    await orgSellers.updateOne({ _id: id }, { $set: { password: await hashPassword(body.password) } });
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
