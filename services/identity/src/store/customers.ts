/**
 * Customers collection (spec 000 section 3, "Customer"). An aggregate with the outbox plugin:
 * every change records its CustomerRegistered / CustomerUpdated / CustomerDeleted event in the
 * same write (docs/architecture.md, Events). `emailKey` and `usernameKey` are lower-cased copies with
 * unique indexes: an e-mail or username is taken whatever its case.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@market/contracts';
import { outboxPlugin, type OutboxFields } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { suspensionSchema, suspensionView, type Suspension } from './suspension';

export interface CustomerDoc extends OutboxFields {
  _id: Types.ObjectId;
  firstName: string;
  lastName: string;
  email: string;
  emailKey: string;
  phoneNumber: string;
  /** Birthday, `YYYY-MM-DD`. */
  dob: string;
  gender: 'Male' | 'Female';
  address: string;
  username: string;
  usernameKey: string;
  /** argon2id hash; never leaves the service. */
  password: string;
  userImage: string;
  newlyAddeddate: Date;
  /** "E-mail me about my wishlist"; absent (older customers) means on. */
  wishlistAlerts?: boolean;
  /** Screens', e-mails' and reports' language (`PUT /Account/language`, issue 33); absent: never chosen, `en`. */
  language?: Language;
  /** Soft-delete marker kept until the CustomerDeleted event is published. */
  deleted: boolean;
  /** Set while an admin has the account suspended (issue 30 item 10; accounts/suspension.ts). */
  suspended?: Suspension | null;
}

const schema = new Schema<CustomerDoc>(
  {
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    email: { type: String, required: true },
    emailKey: { type: String, required: true },
    phoneNumber: { type: String, required: true },
    dob: { type: String, required: true },
    gender: { type: String, enum: ['Male', 'Female'], required: true },
    address: { type: String, default: '' },
    username: { type: String, required: true },
    usernameKey: { type: String, required: true },
    password: { type: String, required: true },
    userImage: { type: String, required: true },
    newlyAddeddate: { type: Date, required: true },
    wishlistAlerts: { type: Boolean },
    language: { type: String, enum: LANGUAGES },
    deleted: { type: Boolean, default: false },
    suspended: { type: suspensionSchema, default: null },
  },
  { collection: 'customers', versionKey: false },
);
schema.plugin(outboxPlugin);
schema.index({ emailKey: 1 }, { unique: true });
schema.index({ usernameKey: 1 }, { unique: true });
schema.index({ newlyAddeddate: -1 });

export function customerModel(conn: Connection): Model<CustomerDoc> {
  return (conn.models.Customer as Model<CustomerDoc>) ?? conn.model<CustomerDoc>('Customer', schema);
}

/** The customer as the documents return it: every field but the password hash. */
export function customerView(c: CustomerDoc) {
  return {
    _id: String(c._id),
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phoneNumber: c.phoneNumber,
    dob: c.dob,
    gender: c.gender,
    address: c.address,
    username: c.username,
    userImage: c.userImage,
    newlyAddeddate: c.newlyAddeddate.toISOString(),
    wishlistAlerts: c.wishlistAlerts !== false,
    version: c.aggregateVersion,
    language: c.language ?? DEFAULT_LANGUAGE,
    ...(c.suspended ? { suspended: suspensionView(c.suspended) } : {}),
  };
}
export type CustomerView = ReturnType<typeof customerView>;
