/**
 * Password reset for customers (20-character code) and sellers (5-character code), on the server
 * (docs/architecture.md, Password reset and Departures from the documents; spec 000 section 4, spec 001 section 4):
 * `POST /Customer/forgotPassword {email}` → code e-mailed ('Email has been sent!');
 * `POST /Customer/verifyCode {email, code}` → 'Code Verified Successfully!' or
 * 'Code Verified Unsuccessfully!'; `POST /Customer/resetPassword {email, code, password}` → the
 * password changes only with a verified, unexpired, unused code ('Code verification
 * unsuccessfull' otherwise). The same three under `/orgSeller/`.
 * Codes are stored as keyed hashes, expire after 15 minutes, allow 5 wrong attempts and are
 * deleted when used.
 */
import {
  CustomerResetPasswordSchema,
  ForgotPasswordSchema,
  RESET_CODE_LENGTH,
  SellerResetPasswordSchema,
  VerifyCodeSchema,
} from '@market/contracts';
import { badRequest, notFound } from '@market/platform';
import { Router } from 'express';
import type { Model, Types } from 'mongoose';
import { hashCode, resetCode, sameDigest } from '../domain/codes';
import { hashPassword } from '../domain/passwords';
import { RESET_CODE_TTL_MS, checkCode } from '../domain/reset';
import { sendEmail } from '../events/emailJobs';
import { resetCodeId, type AccountKind } from '../store/resetCodes';
import type { IdentityDeps } from './deps';

export const USER_NOT_FOUND = 'User not found!';
export const EMAIL_SENT = 'Email has been sent!';
export const CODE_VERIFIED = 'Code Verified Successfully!';
export const CODE_NOT_VERIFIED = 'Code Verified Unsuccessfully!';
export const VERIFY_FIRST = 'Code verification unsuccessfull';

interface Account {
  _id: Types.ObjectId;
  email: string;
  name: string;
}

export function resetRoutes(deps: IdentityDeps): Router {
  const r = Router();

  const kinds: {
    kind: AccountKind;
    prefix: string;
    find: (emailKey: string) => Promise<Account | null>;
    model: Model<{ password: string }>;
  }[] = [
    {
      kind: 'customer',
      prefix: '/Customer',
      model: deps.customers as unknown as Model<{ password: string }>,
      find: async (emailKey) => {
        const c = await deps.customers.findOne({ emailKey, deleted: false }).lean();
        return c && { _id: c._id, email: c.email, name: c.firstName };
      },
    },
    {
      kind: 'seller',
      prefix: '/orgSeller',
      model: deps.orgSellers as unknown as Model<{ password: string }>,
      find: async (emailKey) => {
        const s = await deps.orgSellers.findOne({ emailKey, deleted: false }).lean();
        return s && { _id: s._id, email: s.email, name: s.ownername };
      },
    },
  ];

  for (const { kind, prefix, find, model } of kinds) {
    const resetSchema = kind === 'customer' ? CustomerResetPasswordSchema : SellerResetPasswordSchema;

    /** Checks a code attempt, counting wrong ones; returns the record id when it matches. */
    async function attempt(email: string, code: string): Promise<{ account: Account; id: string } | null> {
      const account = await find(email.toLowerCase());
      if (!account) return null;
      const id = resetCodeId(kind, String(account._id));
      const stored = await deps.resetCodes.findById(id).lean();
      if (!stored) return null;
      const outcome = checkCode(stored, sameDigest(hashCode(deps.codeSecret, code), stored.codeHash), new Date());
      if (outcome === 'wrong') await deps.resetCodes.updateOne({ _id: id }, { $inc: { attempts: 1 } });
      return outcome === 'ok' ? { account, id } : null;
    }

    r.post(`${prefix}/forgotPassword`, async (req, res) => {
      const { email } = ForgotPasswordSchema.parse(req.body);
      await deps.limits.reset(`${kind}:${email}`);
      const account = await find(email.toLowerCase());
      if (!account) throw notFound(USER_NOT_FOUND);
      const code = resetCode(RESET_CODE_LENGTH[kind]);
      const now = new Date();
      await deps.resetCodes.replaceOne(
        { _id: resetCodeId(kind, String(account._id)) },
        {
          codeHash: hashCode(deps.codeSecret, code),
          expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
          attempts: 0,
          verified: false,
          createdAt: now,
        },
        { upsert: true },
      );
      await sendEmail(deps.emailQueue, account.email, {
        template: kind === 'customer' ? 'customer-reset-code' : 'seller-reset-code',
        data: { name: account.name, code, minutes: RESET_CODE_TTL_MS / 60_000 },
      });
      res.json({ message: EMAIL_SENT });
    });

    r.post(`${prefix}/verifyCode`, async (req, res) => {
      const { email, code } = VerifyCodeSchema.parse(req.body);
      await deps.limits.reset(`${kind}:${email}`);
      const ok = await attempt(email, code);
      if (!ok) throw badRequest(CODE_NOT_VERIFIED, { code: CODE_NOT_VERIFIED });
      await deps.resetCodes.updateOne({ _id: ok.id }, { $set: { verified: true } });
      res.json({ message: CODE_VERIFIED });
    });

    r.post(`${prefix}/resetPassword`, async (req, res) => {
      const body = resetSchema.parse(req.body);
      await deps.limits.reset(`${kind}:${body.email}`);
      const ok = await attempt(body.email, body.code);
      // Single use: deleting the verified code is what allows the change, so two racing resets
      // cannot both use it.
      const claimed = ok && (await deps.resetCodes.deleteOne({ _id: ok.id, verified: true })).deletedCount === 1;
      if (!ok || !claimed) throw badRequest(VERIFY_FIRST, { code: VERIFY_FIRST });
      await model.updateOne({ _id: ok.account._id }, { $set: { password: await hashPassword(body.password) } });
      res.json({ message: 'Your password has been changed' });
    });
  }

  return r;
}
