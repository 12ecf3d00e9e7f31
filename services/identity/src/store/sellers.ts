/**
 * Seller requests and organisation sellers (spec 001 section 3, "Seller request and
 * organisation seller"). Both are states of one seller aggregate: an accepted request becomes
 * an org seller with the SAME id, so the seller's event stream (SellerRequested →
 * SellerApproved → SellerUpdated … → SellerDeleted) stays one ordered stream on one key.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@market/contracts';
import { outboxPlugin, type OutboxFields } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { suspensionSchema, suspensionView, type Suspension } from './suspension';

/** Fields a seller gives when applying (spec 001 section 5). */
export interface SellerProfile {
  ownername: string;
  mobile: string;
  companyname: string;
  address: string;
  /** Established year, 4 digits. */
  year: string;
  email: string;
  description: string;
  logo: string;
}

export interface SellerRequestDoc extends SellerProfile, OutboxFields {
  _id: Types.ObjectId;
  emailKey: string;
  createdAt: Date;
  /** Accepted or declined; kept only until its last event is published. */
  deleted: boolean;
}

export interface OrgSellerDoc extends SellerProfile, OutboxFields {
  _id: Types.ObjectId;
  emailKey: string;
  username: string;
  usernameKey: string;
  /** argon2id hash; never leaves the service. */
  password: string;
  requestDelete: boolean;
  acceptedDate: Date;
  deleted: boolean;
  /** Screens', e-mails' and reports' language (`PUT /Account/language`, issue 33); absent: never chosen, `en`. */
  language?: Language;
  /** Set while an admin has the account suspended (issue 30 item 10; accounts/suspension.ts). */
  suspended?: Suspension | null;
}

const profileFields = {
  ownername: { type: String, required: true },
  mobile: { type: String, required: true },
  companyname: { type: String, required: true },
  address: { type: String, required: true },
  year: { type: String, required: true },
  email: { type: String, required: true },
  emailKey: { type: String, required: true },
  description: { type: String, required: true },
  logo: { type: String, default: '' },
};

const requestSchema = new Schema<SellerRequestDoc>(
  { ...profileFields, createdAt: { type: Date, required: true }, deleted: { type: Boolean, default: false } },
  { collection: 'seller_requests', versionKey: false },
);
requestSchema.plugin(outboxPlugin);
requestSchema.index({ emailKey: 1 }, { unique: true });

const orgSchema = new Schema<OrgSellerDoc>(
  {
    ...profileFields,
    username: { type: String, required: true },
    usernameKey: { type: String, required: true },
    password: { type: String, required: true },
    requestDelete: { type: Boolean, default: false },
    acceptedDate: { type: Date, required: true },
    deleted: { type: Boolean, default: false },
    language: { type: String, enum: LANGUAGES },
    suspended: { type: suspensionSchema, default: null },
  },
  { collection: 'org_sellers', versionKey: false },
);
orgSchema.plugin(outboxPlugin);
orgSchema.index({ emailKey: 1 }, { unique: true });
orgSchema.index({ usernameKey: 1 }, { unique: true });
orgSchema.index({ requestDelete: 1 });

export function sellerRequestModel(conn: Connection): Model<SellerRequestDoc> {
  return (conn.models.SellerRequest as Model<SellerRequestDoc>) ?? conn.model<SellerRequestDoc>('SellerRequest', requestSchema);
}

export function orgSellerModel(conn: Connection): Model<OrgSellerDoc> {
  return (conn.models.OrgSeller as Model<OrgSellerDoc>) ?? conn.model<OrgSellerDoc>('OrgSeller', orgSchema);
}

function profileView(s: SellerProfile & { _id: Types.ObjectId }) {
  return {
    _id: String(s._id),
    ownername: s.ownername,
    mobile: s.mobile,
    companyname: s.companyname,
    address: s.address,
    year: s.year,
    email: s.email,
    description: s.description,
    logo: s.logo,
  };
}

/** A seller request as `GET /seller/get` returns it. */
export function sellerRequestView(r: SellerRequestDoc) {
  return { ...profileView(r), createdAt: r.createdAt.toISOString() };
}

/** An org seller as its owner and admins see it (no password hash). */
export function orgSellerView(s: OrgSellerDoc) {
  return {
    ...profileView(s),
    username: s.username,
    requestDelete: s.requestDelete,
    acceptedDate: s.acceptedDate.toISOString(),
    version: s.aggregateVersion,
    language: s.language ?? DEFAULT_LANGUAGE,
    ...(s.suspended ? { suspended: suspensionView(s.suspended) } : {}),
  };
}

export type OrgSellerView = ReturnType<typeof orgSellerView>;

/** What anybody may see of a seller: the company's public face (package cards, contact page). */
export function orgSellerPublicView(s: OrgSellerDoc) {
  return publicFace({ ...s, _id: String(s._id) });
}

/** The public face of a seller from its full profile (e.g. the admin search index's stored view). */
export function publicFace(s: Pick<OrgSellerView, '_id' | 'companyname' | 'logo' | 'description'>) {
  return { _id: s._id, companyname: s.companyname, logo: s.logo, description: s.description };
}
