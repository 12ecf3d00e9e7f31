/**
 * Contact messages (spec 000 and 001 section 3): `contact` (a customer to the admin) and
 * `contactsel` (a customer to a seller). Stored as the plain text that was sent; the web app
 * renders it as text, never as HTML.
 */
import { Schema, Types, type Connection, type Model } from 'mongoose';

/** A stored message; `customerid` is the signed-in sender, `createdAt` set by the server. */
export interface MessageDoc {
  _id: Types.ObjectId;
  name: string;
  email: string;
  message: string;
  customerid: string;
  /** contactsel only. */
  sellerid?: string;
  createdAt: Date;
}

const fields = {
  name: { type: String, required: true },
  email: { type: String, required: true },
  message: { type: String, required: true },
  customerid: { type: String, required: true },
  createdAt: { type: Date, required: true },
};

const contactSchema = new Schema<MessageDoc>(fields, { collection: 'contact', versionKey: false });
const contactSellerSchema = new Schema<MessageDoc>(
  { ...fields, sellerid: { type: String, required: true, index: true } },
  { collection: 'contactsel', versionKey: false },
);

/** `contact`: messages from customers to the admin (created once per connection). */
export function contactModel(conn: Connection): Model<MessageDoc> {
  return (conn.models.Contact as Model<MessageDoc> | undefined) ?? conn.model<MessageDoc>('Contact', contactSchema);
}

/** `contactsel`: messages from customers to a seller, by `sellerid` (created once per connection). */
export function contactSellerModel(conn: Connection): Model<MessageDoc> {
  return (conn.models.ContactSeller as Model<MessageDoc> | undefined) ?? conn.model<MessageDoc>('ContactSeller', contactSellerSchema);
}
