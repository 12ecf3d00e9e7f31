/**
 * What a message card shows (spec 001 section 2 "/Seller/Contact: cards with customer image,
 * name, message"; contracts `ContactView`): the message as sent — plain text, never escaped or
 * interpreted here (the web app renders it as text) — with the sender's current photo from the
 * customer read model ('' when unknown or deleted). Pure.
 */
import type { ContactView } from '@market/contracts';

/** A stored contact or contactsel message. */
export interface MessageFacts {
  _id: unknown;
  name: string;
  email: string;
  message: string;
  customerid: string;
  /** contactsel only. */
  sellerid?: string;
  createdAt: Date;
}

/** The sent fields of message `m` as they go on the wire (`_id` as text): the index's row, the card's base. */
export function messageFields(m: MessageFacts): Omit<MessageFacts, '_id' | 'createdAt'> & { _id: string } {
  return {
    _id: String(m._id),
    name: m.name,
    email: m.email,
    message: m.message,
    customerid: m.customerid,
    ...(m.sellerid ? { sellerid: m.sellerid } : {}),
  };
}

/** The answer for one message; `customer` is the sender's read-model entry, if any. */
export function messageView(m: MessageFacts, customer: { userImage?: string; deleted?: boolean } | undefined): ContactView {
  return {
    ...messageFields(m),
    customerImage: !customer || customer.deleted ? '' : (customer.userImage ?? ''),
    createdAt: m.createdAt.toISOString(),
  };
}
