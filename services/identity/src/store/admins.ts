/**
 * Admins collection (spec 001 section 3, "Admin"). The first admin comes from configuration at
 * first start; every other admin is created by an admin. An aggregate with the outbox plugin since
 * another admin can disable it (issue 30 item 10: AdminDisabled / AdminEnabled on
 * `identity.admin.v1`, accounts/adminStatus.ts); admins created before that have no
 * `aggregateVersion` until their first such change (read as 1).
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@market/contracts';
import { outboxPlugin, type OutboxFields } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { suspensionSchema, suspensionView, type Suspension } from './suspension';

export interface AdminDoc extends Partial<OutboxFields> {
  _id: Types.ObjectId;
  firstName: string;
  lastName: string;
  username: string;
  usernameKey: string;
  email: string;
  /** argon2id hash; never leaves the service. */
  password: string;
  createdAt: Date;
  /** Screens', e-mails' and reports' language (`PUT /Account/language`, issue 33); absent: never chosen, `en`. */
  language?: Language;
  /** Set while another admin has this account disabled (same shape as a suspension). */
  disabled?: Suspension | null;
}

const schema = new Schema<AdminDoc>(
  {
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    username: { type: String, required: true },
    usernameKey: { type: String, required: true },
    email: { type: String, required: true },
    password: { type: String, required: true },
    createdAt: { type: Date, required: true },
    language: { type: String, enum: LANGUAGES },
    disabled: { type: suspensionSchema, default: null },
  },
  { collection: 'admins', versionKey: false },
);
schema.plugin(outboxPlugin);
schema.index({ usernameKey: 1 }, { unique: true });

export function adminModel(conn: Connection): Model<AdminDoc> {
  return (conn.models.Admin as Model<AdminDoc>) ?? conn.model<AdminDoc>('Admin', schema);
}

export function adminView(a: AdminDoc) {
  return {
    _id: String(a._id),
    firstName: a.firstName,
    lastName: a.lastName,
    username: a.username,
    email: a.email,
    createdAt: a.createdAt.toISOString(),
    version: a.aggregateVersion ?? 1,
    language: a.language ?? DEFAULT_LANGUAGE,
    ...(a.disabled ? { disabled: suspensionView(a.disabled) } : {}),
  };
}
