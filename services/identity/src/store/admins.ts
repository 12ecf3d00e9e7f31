/**
 * Admins collection (spec 001 section 3, "Admin"). The first admin comes from configuration at
 * first start; every other admin is created by an admin.
 */
import { Schema, Types, type Connection, type Model } from 'mongoose';

export interface AdminDoc {
  _id: Types.ObjectId;
  firstName: string;
  lastName: string;
  username: string;
  usernameKey: string;
  email: string;
  /** argon2id hash; never leaves the service. */
  password: string;
  createdAt: Date;
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
  },
  { collection: 'admins', versionKey: false },
);
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
  };
}
