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
 *
 * The writes are the use cases in src/customers/ (register.ts, update.ts, remove.ts); this module
 * checks who may reach the account, parses the request, keeps the session cookie and shapes the answer.
 */
import { CustomerSignupSchema, CustomerUpdateSchema, DeleteAccountSchema } from '@market/contracts';
import { notFound, objectIdParam, pageRequest, requireCaller, searchPage, sendList, unauthorized } from '@market/platform';
import { Router, type Request } from 'express';
import type { Types } from 'mongoose';
import { z } from 'zod';
import { liveCustomer } from '../customers/read';
import { registerCustomer } from '../customers/register';
import { INVALID_CREDENTIALS, removeCustomer } from '../customers/remove';
import { updateCustomer } from '../customers/update';
import { customerSearch } from '../domain/adminSearch';
import { customerView, type CustomerDoc } from '../store/customers';
import type { IdentityDeps } from '../deps';
import { checkOwnPassword } from '../accounts/ownPassword';
import { endSession, logIn, renewSession } from './session';

/** The answer of `POST /Customer/checkPassword` to the right password. */
export const PASSWORD_CONFIRMED = 'Password confirmed';

/** The customer `id` if the caller may see it (the customer themself or an admin), else 404. */
async function visibleCustomer(deps: IdentityDeps, req: Request, id: Types.ObjectId): Promise<CustomerDoc> {
  const caller = requireCaller(req, 'customer', 'admin');
  if (caller.role === 'customer' && caller.id !== String(id)) throw notFound();
  return liveCustomer(deps, id);
}

export function customerRoutes(deps: IdentityDeps): Router {
  const r = Router();
  const { customers } = deps;

  r.post('/Customer/add', async (req, res) => {
    const c = await registerCustomer(deps, CustomerSignupSchema.parse(req.body));
    res.status(201).json(customerView(c));
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
    const { customer, sessionCutoff } = await updateCustomer(deps, await liveCustomer(deps, id), body);
    if (sessionCutoff !== undefined) await renewSession(deps, req, res, String(id), sessionCutoff);
    res.json(customerView(customer));
  });

  r.delete('/Customer/delete/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const caller = requireCaller(req, 'customer', 'admin');
    if (caller.role === 'customer' && caller.id !== String(id)) throw notFound();
    const current = await liveCustomer(deps, id);
    const password = caller.role === 'customer' ? DeleteAccountSchema.parse(req.body ?? {}).password : null;
    await removeCustomer(deps, current, password, caller.role === 'admin' ? caller.id : undefined);
    if (caller.role === 'customer') await endSession(deps, req, res);
    res.json({ message: 'Successfully Deleted' });
  });

  return r;
}
