/**
 * An admin's suspension of a customer or seller account (issue 30 item 10), kept on the account
 * aggregate itself while it lasts (`null` or absent: in good standing). Written only by
 * accounts/suspension.ts, with the CustomerSuspended / SellerSuspended event in the same write.
 */
import { Schema } from 'mongoose';

export interface Suspension {
  /** The reason the admin gave (3 to 500 characters), e-mailed to the account. */
  reason: string;
  /** When the account was suspended. */
  at: Date;
  /** The suspending admin's id. */
  by: string;
}

/** The embedded document's schema (no `_id` of its own). */
export const suspensionSchema = new Schema<Suspension>(
  { reason: { type: String, required: true }, at: { type: Date, required: true }, by: { type: String, required: true } },
  { _id: false },
);

/** What answers show of a suspension: the reason and when (ISO); absent when none. */
export function suspensionView(s: Suspension | null | undefined): { reason: string; at: string } | undefined {
  return s ? { reason: s.reason, at: new Date(s.at).toISOString() } : undefined;
}
