/**
 * Refused cash-on-delivery deliveries per customer (issue 29; domain/cashOnDelivery.ts): one
 * document per customer, `_id` = the customer's id, read and written by `_id` only. Each refusal
 * is kept once per order line (`lineId`), so a redelivered event never counts one twice.
 */
import { Schema, type Connection, type Model } from 'mongoose';

export interface CodRefusalsDoc {
  _id: string;
  refusals: { lineId: string; at: Date }[];
}

const schema = new Schema<CodRefusalsDoc>(
  { _id: { type: String, required: true }, refusals: { type: [{ _id: false, lineId: String, at: Date }], default: [] } },
  { collection: 'cod_refusals', versionKey: false },
);

export function codRefusalsModel(conn: Connection): Model<CodRefusalsDoc> {
  return (conn.models.CodRefusals as Model<CodRefusalsDoc> | undefined) ?? conn.model<CodRefusalsDoc>('CodRefusals', schema);
}

/** When deliveries to `customerId` were refused (any age). */
export async function refusalsOf(model: Model<CodRefusalsDoc>, customerId: string): Promise<Date[]> {
  const doc = await model.findById(customerId).lean<CodRefusalsDoc>();
  return (doc?.refusals ?? []).map((r) => new Date(r.at));
}

/** Counts the refusal of order line `lineId` for `customerId`, once however often it is called. */
export async function recordRefusal(model: Model<CodRefusalsDoc>, customerId: string, lineId: string, at: Date): Promise<void> {
  await model.updateOne({ _id: customerId }, { $setOnInsert: { refusals: [] } }, { upsert: true });
  await model.updateOne({ _id: customerId, 'refusals.lineId': { $ne: lineId } }, { $push: { refusals: { lineId, at } } });
}
