/**
 * Password-reset codes (docs/architecture.md, Password reset): one live code per account, stored as a keyed hash
 * with its expiry, wrong-attempt count and verified flag; deleted once used.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { ResetCodeState } from '../domain/reset';

export type AccountKind = 'customer' | 'seller';

export interface ResetCodeDoc extends ResetCodeState {
  /** `<kind>:<account id>` */
  _id: string;
  createdAt: Date;
}

const schema = new Schema<ResetCodeDoc>(
  {
    _id: { type: String, required: true },
    codeHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    attempts: { type: Number, default: 0 },
    verified: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
  },
  { collection: 'reset_codes', versionKey: false },
);

export function resetCodeModel(conn: Connection): Model<ResetCodeDoc> {
  return (conn.models.ResetCode as Model<ResetCodeDoc>) ?? conn.model<ResetCodeDoc>('ResetCode', schema);
}

export const resetCodeId = (kind: AccountKind, accountId: string) => `${kind}:${accountId}`;
