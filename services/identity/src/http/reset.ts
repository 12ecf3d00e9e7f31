/**
 * Password reset for customers (20-character code) and sellers (5-character code), on the server
 * (docs/architecture.md, Password reset and Departures from the documents; spec 000 section 4, spec 001 section 4):
 * `POST /Customer/forgotPassword {email}` → {@link RESET_CODE_SENT} whether or not the address has
 * an account, and the code e-mailed only to a real account; `POST /Customer/verifyCode {email, code}`
 * → 'Code Verified Successfully!' or 'Code Verified Unsuccessfully!'; `POST /Customer/resetPassword
 * {email, code, password}` → the password changes only with a verified, unexpired, unused code
 * ('Code verification unsuccessfull' otherwise), every session of the account ends and the account
 * is e-mailed that its password changed (issue 27 item 3, accounts/passwordChanged.ts). The same
 * three under `/orgSeller/`.
 * Codes are stored as keyed hashes, expire after 15 minutes, allow 5 wrong attempts and are
 * deleted when used.
 *
 * forgotPassword does not tell whether an address has an account (issue 27 item 6): the
 * specification's 'User not found!' (spec 000 section 5) for an unknown address beside 'Email has
 * been sent!' for a known one let anybody test addresses, a trait of its browser-trusting app
 * (which read the account with `GET /Customer/getEmail/{email}` before mailing) that the project
 * does not copy (docs/architecture.md, Departures from the documents). Both answers are the same,
 * and both paths do the same reads and writes (an unknown address writes a code nobody gets to
 * the kind's {@link NO_ACCOUNT} record), so the time of the answer does not tell either; only the
 * e-mail job (one Redis call) is left out for an unknown address.
 */
import {
  CustomerResetPasswordSchema,
  ForgotPasswordSchema,
  RESET_CODE_LENGTH,
  RESET_CODE_SENT,
  SellerResetPasswordSchema,
  VerifyCodeSchema,
  type Language,
} from '@market/contracts';
import { languageOf } from '../accounts/language';
import { badRequest } from '@market/platform';
import { Router } from 'express';
import type { Model, Types } from 'mongoose';
import { passwordChanged } from '../accounts/passwordChanged';
import { hashCode, resetCode, sameDigest } from '../domain/codes';
import { hashPassword } from '../domain/passwords';
import { RESET_CODE_TTL_MS, checkCode } from '../domain/reset';
import { sendEmail } from '../events/emailJobs';
import { resetCodeId, type AccountKind } from '../store/resetCodes';
import type { IdentityDeps } from '../deps';

export const CODE_VERIFIED = 'Code Verified Successfully!';
export const CODE_NOT_VERIFIED = 'Code Verified Unsuccessfully!';
export const VERIFY_FIRST = 'Code verification unsuccessfull';
/**
 * The account-id part of the reset-code record an unknown address writes (`customer:no-account`,
 * `seller:no-account`): one record per kind, overwritten each time, that no account id (an
 * ObjectId) can name, so {@link resetRoutes}' code checks never read it.
 */
export const NO_ACCOUNT = 'no-account';

interface Account {
  _id: Types.ObjectId;
  email: string;
  name: string;
  /** The account's language, for its e-mails (issue 33 item 3). */
  language: Language;
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
        return c && { _id: c._id, email: c.email, name: c.firstName, language: languageOf(c) };
      },
    },
    {
      kind: 'seller',
      prefix: '/orgSeller',
      model: deps.orgSellers as unknown as Model<{ password: string }>,
      find: async (emailKey) => {
        const s = await deps.orgSellers.findOne({ emailKey, deleted: false }).lean();
        return s && { _id: s._id, email: s.email, name: s.ownername, language: languageOf(s) };
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
      const code = resetCode(RESET_CODE_LENGTH[kind]);
      const now = new Date();
      // The same write with or without an account (issue 27 item 6): a database write on one path
      // only would tell by the answer's time what the answer no longer says.
      await deps.resetCodes.replaceOne(
        { _id: resetCodeId(kind, account ? String(account._id) : NO_ACCOUNT) },
        {
          codeHash: hashCode(deps.codeSecret, code),
          expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
          attempts: 0,
          verified: false,
          createdAt: now,
        },
        { upsert: true },
      );
      if (account)
        await sendEmail(
          deps.emailQueue,
          account.email,
          {
            template: kind === 'customer' ? 'customer-reset-code' : 'seller-reset-code',
            data: { name: account.name, code, minutes: RESET_CODE_TTL_MS / 60_000 },
          },
          undefined,
          account.language,
        );
      res.json({ message: RESET_CODE_SENT });
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
      // Every session of the account ends, a stolen "remember me" one included (issue 27 item 3).
      await passwordChanged(
        deps,
        { kind, id: String(ok.account._id), email: ok.account.email, name: ok.account.name, language: ok.account.language },
        'reset',
      );
      res.json({ message: 'Your password has been changed' });
    });
  }

  return r;
}
