/**
 * Reading a few documents by id (FerretDB 1.x pushes down only a filter that is a lone `_id`
 * equality; `{ _id: { $in } }` scans the collection). A handful of ids are read one by one by
 * `_id` in parallel, each from the index; many at once take one `$in` query (a scan), which is
 * then cheaper than hundreds of round trips.
 */
import type { Model } from 'mongoose';

/** Up to this many ids are read one by one; more take one `$in` query. */
const ONE_BY_ONE_MAX = 30;

/**
 * The documents of `model` with the given string `_id`s (absent ones are left out), by id.
 * @param ids - string ids; duplicates are read once
 */
export async function byIds<T extends { _id: string }>(model: Model<T>, ids: Iterable<string>): Promise<Map<string, T>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows =
    unique.length <= ONE_BY_ONE_MAX
      ? (await Promise.all(unique.map((id) => model.findById(id).lean<T>().exec()))).filter((r): r is NonNullable<typeof r> => r !== null)
      : await model
          .find({ _id: { $in: unique } })
          .lean<T[]>()
          .exec();
  return new Map(rows.map((r) => [r._id, r as T]));
}
