/**
 * Customer account routes (spec 000 sections 5-7), at their documented paths:
 * `POST /Customer/add`, `GET /Customer/getEmail/{email}`, `POST /Customer/loginCustomer`,
 * `GET /Customer/get/{id}`, `GET /Customer/getAll` (admin), `PUT /Customer/update/{id}`,
 * `DELETE /Customer/delete/{id}`, and the added `POST /Customer/logout`, `GET /Customer/me`,
 * `POST /Customer/checkPassword` (the password is checked before the delete
 * confirmation). Every check of the own password counts toward the login lockout
 * ({@link checkOwnPassword}). A password change ends the customer's other sessions, renews the
 * changing one's cookie and e-mails the customer (issue 27 item 3, accounts/passwordChanged.ts).
 *
 * Authorization (docs/architecture.md, Authorization): a customer reaches only their own record; someone else's
 * id answers 404. Admins read every customer and may remove one.
 */
import { CustomerSignupSchema, CustomerUpdateSchema, DeleteAccountSchema, defaultAvatar } from '@market/contracts';
import {
  conflict,
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
import { passwordChanged } from '../accounts/passwordChanged';
import { customerSearch } from '../domain/adminSearch';
import { hashPassword } from '../domain/passwords';
import { customerDeleted, customerRegistered, customerUpdated } from '../events/identityEvents';
import { customerView, type CustomerDoc } from '../store/customers';
import type { IdentityDeps } from './deps';
import { checkOwnPassword, endSession, logIn, renewSession } from './session';

export const DUPLICATE_ACCOUNT = 'Email or Username Already Exists';
/** A wrong password on the delete screen (spec 000 section 5). */
export const INVALID_CREDENTIALS = 'Invalid Credentials!';
/** The answer of `POST /Customer/checkPassword` to the right password. */
export const PASSWORD_CONFIRMED = 'Password confirmed';
const STALE = 'Your account was changed meanwhile, please try again';

/** The customer `id` if the caller may see it (the customer themself or an admin), else 404. */
async function visibleCustomer(deps: IdentityDeps, req: Request, id: Types.ObjectId): Promise<CustomerDoc> {
  const caller = requireCaller(req, 'customer', 'admin');
  if (caller.role === 'customer' && caller.id !== String(id)) throw notFound();
  const c = await deps.customers.findOne({ _id: id, deleted: false }).lean<CustomerDoc>();
  if (!c) throw notFound();
  return c;
}

export function customerRoutes(deps: IdentityDeps): Router {
  const r = Router();
  const { customers } = deps;

  r.post('/Customer/add', async (req, res) => {
    const body = CustomerSignupSchema.parse(req.body);
    const _id = new Types.ObjectId();
    const doc = {
      _id,
      ...body,
      address: body.address ?? '',
      emailKey: body.email.toLowerCase(),
      usernameKey: body.username.toLowerCase(),
      password: await hashPassword(body.password),
      userImage: body.userImage ?? defaultAvatar(body.gender),
      newlyAddeddate: new Date(),
      deleted: false,
      aggregateVersion: 1,
    } satisfies Omit<CustomerDoc, 'pendingEvents' | 'outboxLeaseUntil'>;
    try {
      await customers.create({ ...doc, pendingEvents: [customerRegistered(doc as CustomerDoc, 1)] });
    } catch (err) {
      if (isDuplicateKey(err)) throw conflict(DUPLICATE_ACCOUNT);
      throw err;
    }
    deps.relay.nudge();
    res.status(201).json(customerView(doc as CustomerDoc));
  });

  r.post('/Customer/loginCustomer', async (req, res) => {
    const { account, token } = await logIn(deps, req, res, 'customer', (usernameKey) =>
      customers.findOne({ usernameKey, deleted: false }).lean<CustomerDoc>(),
    );
    res.json({ customerLogin: customerView(account), ...(token ? { token } : {}) });
  });

  r.post('/Customer/logout', async (req, res) => {
    await endSession(deps, req, res);
    res.json({ message: 'Logged out' });
  });

  r.get('/Customer/me', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const c = await customers.findOne({ _id: objectIdParam(caller.id), deleted: false }).lean<CustomerDoc>();
    if (!c) throw unauthorized();
    res.json(customerView(c));
  });

  // The delete screen's first step (spec 000 section 5: 'Please Enter Your Password!', then
  // 'Invalid Credentials!', then 'Are you sure?'): checks the password without deleting anything.
  r.post('/Customer/checkPassword', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const { password } = DeleteAccountSchema.parse(req.body ?? {});
    const c = await customers.findOne({ _id: objectIdParam(caller.id), deleted: false }).lean<CustomerDoc>();
    if (!c) throw unauthorized();
    await checkOwnPassword(deps, 'customer', c, password, INVALID_CREDENTIALS, 'password');
    res.json({ message: PASSWORD_CONFIRMED });
  });

  r.get('/Customer/getEmail/:email', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'admin');
    const email = z.string().max(200).parse(req.params.email).toLowerCase();
    const c = await customers.findOne({ emailKey: email, deleted: false }).lean<CustomerDoc>();
    if (!c || (caller.role === 'customer' && caller.id !== String(c._id))) throw notFound('User not found!');
    res.json(customerView(c));
  });

  r.get('/Customer/get/:id', async (req, res) => {
    res.json(customerView(await visibleCustomer(deps, req, objectIdParam(req.params.id))));
  });

  r.get('/Customer/getAll', async (req, res) => {
    requireCaller(req, 'admin');
    const page = pageRequest(req.query);
    const q = z.string().trim().max(100).optional().parse(req.query.q);
    // From the search index (domain/adminSearch.ts): a substring filter over every customer is a
    // full scan, sort and count on the local database.
    const { views, total } = await searchPage(deps.search.customers, customerSearch(q), page);
    sendList(res, page, views, total);
  });

  r.put('/Customer/update/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const caller = requireCaller(req, 'customer');
    if (caller.id !== String(id)) throw notFound();
    const body = CustomerUpdateSchema.parse(req.body);
    const current = await customers.findOne({ _id: id, deleted: false }).lean<CustomerDoc>();
    if (!current) throw notFound();
    const set: Partial<CustomerDoc> = {
      firstName: body.firstName,
      lastName: body.lastName,
      phoneNumber: body.phoneNumber,
      dob: body.dob,
      gender: body.gender,
      address: body.address ?? '',
    };
    if (body.userImage) set.userImage = body.userImage;
    if (body.wishlistAlerts !== undefined) set.wishlistAlerts = body.wishlistAlerts;
    if (body.password) {
      await checkOwnPassword(deps, 'customer', current, body.currentPassword ?? '', 'Invalid Current Password!', 'currentPassword');
      set.password = await hashPassword(body.password);
    }
    const next = { ...current, ...set } as CustomerDoc;
    const written = await updateAggregate(customers, id, current.aggregateVersion, { $set: set }, (v) => [customerUpdated(next, v)]);
    if (!written) throw conflict(STALE);
    deps.relay.nudge();
    if (body.password) {
      // A new password ends the customer's other sessions and keeps this one (issue 27 item 3).
      const owner = { kind: 'customer' as const, id: String(id), email: current.email, name: current.firstName };
      await renewSession(deps, req, res, String(id), await passwordChanged(deps, owner, 'change'));
    }
    res.json(customerView(next));
  });

  r.delete('/Customer/delete/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const caller = requireCaller(req, 'customer', 'admin');
    if (caller.role === 'customer' && caller.id !== String(id)) throw notFound();
    const current = await customers.findOne({ _id: id, deleted: false }).lean<CustomerDoc>();
    if (!current) throw notFound();
    if (caller.role === 'customer') {
      const { password } = DeleteAccountSchema.parse(req.body ?? {});
      await checkOwnPassword(deps, 'customer', current, password, INVALID_CREDENTIALS, 'password');
    }
    // Free the e-mail and username at once; the document goes when its last event is out.
    const set = { deleted: true, emailKey: `deleted:${String(id)}`, usernameKey: `deleted:${String(id)}` };
    const written = await updateAggregate(customers, id, current.aggregateVersion, { $set: set }, (v) => [customerDeleted(String(id), v)]);
    if (!written) throw conflict(STALE);
    // Every session of the customer ends now, the ones in other browsers too.
    await revokeSubjectSessions(deps.redis, String(id));
    await deps.search.sync('customer', String(id));
    deps.relay.nudge();
    if (caller.role === 'customer') await endSession(deps, req, res);
    res.json({ message: 'Successfully Deleted' });
  });

  return r;
}
