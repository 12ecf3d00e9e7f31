/**
 * Admin routes (spec 001 sections 5-7): `GET /Admin/getAllAdmins`,
 * `GET /Admin/getAdmin/{id}`, `POST /Admin/addAdmin` (username suggested as first name + 5
 * random characters, 20-character password generated and e-mailed), `POST /Admin/loginAdmin`,
 * and the added `POST /Admin/logout`, `GET /Admin/me`, `PUT /Admin/disable/{id}` and
 * `PUT /Admin/enable/{id}` (issue 30 item 10). Only an admin creates, disables or enables an admin.
 */
import { AddAdminSchema, ReinstateAccountSchema, SuspendAccountSchema } from '@market/contracts';
import { conflict, isDuplicateKey, notFound, objectIdParam, pageRequest, requireCaller, sendList, unauthorized } from '@market/platform';
import { Router } from 'express';
import { Types } from 'mongoose';
import { generatedPassword, suggestedUsername } from '../domain/codes';
import { hashPassword } from '../domain/passwords';
import { sendEmail } from '../events/emailJobs';
import { adminView, type AdminDoc } from '../store/admins';
import type { IdentityDeps } from '../deps';
import { endSession, logIn } from './session';
import { refuseDisabledAdmin, setAdminDisabled } from '../accounts/adminStatus';

/** Generated admin password length (spec 001 section 9). */
export const ADMIN_PASSWORD_LENGTH = 20;

export function adminRoutes(deps: IdentityDeps): Router {
  const r = Router();
  const { admins } = deps;

  r.get('/Admin/getAllAdmins', async (req, res) => {
    requireCaller(req, 'admin');
    const page = pageRequest(req.query);
    const [rows, total] = await Promise.all([
      admins.find({}).sort({ createdAt: 1, _id: 1 }).skip(page.skip).limit(page.limit).lean<AdminDoc[]>(),
      admins.countDocuments({}),
    ]);
    sendList(res, page, rows.map(adminView), total);
  });

  r.get('/Admin/getAdmin/:id', async (req, res) => {
    requireCaller(req, 'admin');
    const a = await admins.findById(objectIdParam(req.params.id)).lean<AdminDoc>();
    if (!a) throw notFound();
    res.json(adminView(a));
  });

  r.get('/Admin/me', async (req, res) => {
    const caller = requireCaller(req, 'admin');
    const a = await admins.findById(objectIdParam(caller.id)).lean<AdminDoc>();
    if (!a) throw unauthorized();
    res.json(adminView(a));
  });

  r.post('/Admin/addAdmin', async (req, res) => {
    requireCaller(req, 'admin');
    const body = AddAdminSchema.parse(req.body);
    const username = body.username ?? suggestedUsername(body.firstName);
    const password = generatedPassword(ADMIN_PASSWORD_LENGTH);
    const doc = {
      aggregateVersion: 1,
      _id: new Types.ObjectId(),
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      username,
      usernameKey: username.toLowerCase(),
      password: await hashPassword(password),
      createdAt: new Date(),
    };
    try {
      await admins.create(doc);
    } catch (err) {
      if (isDuplicateKey(err)) throw conflict('This username is already taken', { username: 'This username is already taken' });
      throw err;
    }
    await sendEmail(deps.emailQueue, body.email, {
      template: 'admin-credentials',
      data: { name: body.firstName, username, password, loginUrl: `${deps.config.WEB_URL}/AdminLogin` },
    });
    res.status(201).json(adminView(doc));
  });

  r.post('/Admin/loginAdmin', async (req, res) => {
    const { account, token } = await logIn<AdminDoc>(
      deps,
      req,
      res,
      'admin',
      (usernameKey) => admins.findOne({ usernameKey }).lean<AdminDoc>(),
      refuseDisabledAdmin,
    );
    res.json({ adminLogin: adminView(account), ...(token ? { token } : {}) });
  });

  // Another admin's account (issue 30 item 10; accounts/adminStatus.ts).
  r.put('/Admin/disable/:id', async (req, res) => {
    const caller = requireCaller(req, 'admin');
    const { reason, version } = SuspendAccountSchema.parse(req.body ?? {});
    res.json(adminView(await setAdminDisabled(deps, objectIdParam(req.params.id), { disable: true, reason, version, byId: caller.id })));
  });
  r.put('/Admin/enable/:id', async (req, res) => {
    const caller = requireCaller(req, 'admin');
    const { reason, version } = ReinstateAccountSchema.parse(req.body ?? {});
    const after = await setAdminDisabled(deps, objectIdParam(req.params.id), {
      disable: false,
      reason: reason ?? '',
      version,
      byId: caller.id,
    });
    res.json(adminView(after));
  });

  r.post('/Admin/logout', async (req, res) => {
    await endSession(deps, req, res);
    res.json({ message: 'Logged out' });
  });

  return r;
}

/**
 * Creates the first admin from configuration when there is no admin at all. Safe to
 * run from several replicas: the unique username index lets only one insert win.
 */
export async function ensureFirstAdmin(deps: Pick<IdentityDeps, 'admins' | 'config'>): Promise<boolean> {
  if (await deps.admins.exists({})) return false;
  const { ADMIN_USERNAME, ADMIN_PASSWORD, ADMIN_EMAIL } = deps.config;
  try {
    await deps.admins.create({
      aggregateVersion: 1,
      firstName: 'Site',
      lastName: 'Administrator',
      username: ADMIN_USERNAME,
      usernameKey: ADMIN_USERNAME.toLowerCase(),
      email: ADMIN_EMAIL,
      password: await hashPassword(ADMIN_PASSWORD),
      createdAt: new Date(),
    });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}
