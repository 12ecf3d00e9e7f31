/**
 * One aggregate per customer, found by `_id` alone (`{ customerID }` would read every cart on the
 * local FerretDB: README "Local infrastructure"). A customer's
 * cart and wishlist therefore carry the customer's id as their own `_id`: reading one is a single
 * indexed read, whatever the number of customers.
 *
 * Carts and wishlists stored before this rule have random ids: {@link keyByOwner} re-keys them once
 * (a marker in `migrations` records it), before the service answers requests or events.
 */
import { isDuplicateKey } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';

/**
 * The `_id` of the customer's cart or wishlist: the customer's own id (identity's ObjectId).
 * @throws {Error} when `customerId` is not a 24-hex ObjectId (identity issues no other ids)
 */
export function ownerKey(customerId: string): Types.ObjectId {
  if (!/^[0-9a-f]{24}$/i.test(customerId)) throw new Error(`not a customer id: ${customerId}`);
  return new Types.ObjectId(customerId);
}

/**
 * The customer's document of `model`, created from `fresh()` under {@link ownerKey} when there is
 * none. Two concurrent creates meet at the `_id`; the loser reads the winner's document.
 * @returns the document and whether this call created it
 */
export async function getOrCreateByOwner<T extends { _id: Types.ObjectId }>(
  model: Model<T>,
  customerId: string,
  fresh: () => Omit<T, '_id'>,
): Promise<{ doc: T; created: boolean }> {
  const _id = ownerKey(customerId);
  const existing = await model.findById(_id).lean<T>();
  if (existing) return { doc: existing, created: false };
  const doc = { ...fresh(), _id } as T;
  try {
    await model.create(doc);
    return { doc, created: true };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const winner = await model.findById(_id).lean<T>();
    if (!winner) throw err;
    return { doc: winner, created: false };
  }
}

interface MigrationDoc {
  _id: string;
  at: Date;
  rekeyed: number;
}

function migrationModel(conn: Connection): Model<MigrationDoc> {
  return (
    (conn.models.Migration as Model<MigrationDoc> | undefined) ??
    conn.model<MigrationDoc>(
      'Migration',
      new Schema<MigrationDoc>({ _id: String, at: Date, rekeyed: Number }, { collection: 'migrations', versionKey: false }),
    )
  );
}

/**
 * Once per database: gives every document of `model` whose `_id` is not its owner's id that id
 * (insert the copy, then delete the old one; a repeat after a crash finds the copy and only
 * deletes). Reads the whole collection, once; later start-ups read only the marker by `_id`.
 * @param ownerField the field holding the customer id (`customerID` for carts, `CustomerID` for wishlists)
 * @returns how many documents were re-keyed (0 when already done)
 */
export async function keyByOwner<T extends { _id: Types.ObjectId }>(model: Model<T>, ownerField: keyof T & string): Promise<number> {
  const migrations = migrationModel(model.db);
  const marker = `${model.collection.collectionName}-keyed-by-${ownerField}`;
  if (await migrations.exists({ _id: marker })) return 0;
  // The old unique index on the owner field would refuse the re-keyed copy beside the original;
  // the `_id` now keeps one document per customer.
  await model.collection.dropIndex(`${ownerField}_1`).catch(() => undefined);
  let rekeyed = 0;
  for await (const doc of model.find({}).lean<T>().cursor()) {
    const owner = String((doc as Record<string, unknown>)[ownerField]);
    if (!/^[0-9a-f]{24}$/i.test(owner) || String(doc._id) === owner) continue;
    try {
      await model.collection.insertOne({ ...(doc as object), _id: ownerKey(owner) } as never);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    await model.collection.deleteOne({ _id: doc._id } as never);
    rekeyed++;
  }
  await migrations.updateOne({ _id: marker }, { $set: { at: new Date(), rekeyed } }, { upsert: true });
  return rekeyed;
}
