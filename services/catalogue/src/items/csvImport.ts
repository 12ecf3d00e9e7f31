/**
 * CSV import of new items (`POST /items/import-csv`, issue 30 item 9): every row of the file is
 * checked with the add-item form's rules and messages (domain/itemCsv.ts) and its SKU against the
 * items in store (the unique `skuKey`, read by that key, the add form's live check); with any row
 * error nothing is written. Otherwise every row is created through the add-item use case
 * (items/add.ts: the same document, ItemCreated through the outbox, as a form-created item), and
 * written to the search index in one bulk at the end (`refresh=wait_for`, so the seller's list
 * shows them in the answer's wake).
 *
 * Nothing half-written: the import is recorded (store/itemImports.ts) before its first item, with
 * the id each row's item gets. A crash midway leaves that record at `writing`; the retry the
 * client sends with the same `importId` (the web app keeps it until it has an answer) reads the
 * file again, creates only the items whose ids are not there yet, and answers as if in one go; a
 * retry of a finished import answers its result again. Should a SKU be taken by someone else
 * between the check and the write, the items this import already wrote are deleted again (the
 * delete use case, ItemDeleted) and the import answers 409 naming the row; the record keeps that
 * outcome for retries. The document store has no multi-document transactions (FerretDB), so this
 * forward-recovery by id, not a transaction, is what keeps an import whole.
 */
import { createHash } from 'node:crypto';
import {
  CSV_IMPORT_ID_REUSED,
  SKU_IN_USE,
  csvRowsInvalid,
  type ItemImportAnswer,
  type ItemImportBody,
  type ItemImportRowError,
} from '@market/contracts';
import { HttpError, badRequest, conflict, insertIfAbsent } from '@market/platform';
import { Types, type Model } from 'mongoose';
import type { Logger } from 'pino';
import { readItemCsv, type ValidRow } from '../domain/itemCsv';
import type { ItemImportDoc, PlannedItem } from '../store/itemImports';
import type { IndexOp, SearchIndex } from '../store/searchIndex';
import { addItem } from './add';
import { deleteItem } from './delete';
import type { ItemDeps } from './deps';

export interface ItemImportDeps {
  items: ItemDeps;
  imports: Model<ItemImportDoc>;
  /** The item index, written once per import (not once per item). */
  search: SearchIndex;
  logger: Logger;
  /** Called after the import reached the index (drops the shoppers' listing cache). */
  onIndexed?: () => void;
}

/** What the route answers: the status and the body (a 400 with the row errors is an outcome, not a throw). */
export type ItemImportOutcome =
  | { status: 200 | 201; body: ItemImportAnswer }
  | { status: 400; body: { error: string; fields: Record<string, string>; rows: ItemImportRowError[] } };

/** How many SKU look-ups run at once. */
const SKU_CHECKS_AT_ONCE = 16;

const answerOf = (rec: Pick<ItemImportDoc, 'items' | 'rows'>, importId: string): ItemImportAnswer => ({
  importId,
  status: 'imported',
  rows: rec.rows,
  items: rec.items.map((p) => ({ row: p.row, Item_name: p.Item_name, Stock_keeping_unit: p.Stock_keeping_unit, _id: p.itemId })),
});

/** The 409 of a rolled-back import. */
const rolledBack = (f: NonNullable<ItemImportDoc['failure']>) =>
  conflict(`Row ${f.row}: ${f.message}; nothing was imported`, { [`${f.row}.Stock_keeping_unit`]: f.message });

/** The rows' SKUs already in use by a live item (read by the unique `skuKey`, as the add form's check). */
async function skusInUse(d: ItemImportDeps, rows: ValidRow[]): Promise<ItemImportRowError[]> {
  const taken: ItemImportRowError[] = [];
  for (let i = 0; i < rows.length; i += SKU_CHECKS_AT_ONCE) {
    const chunk = rows.slice(i, i + SKU_CHECKS_AT_ONCE);
    const found = await Promise.all(chunk.map((r) => d.items.items.exists({ skuKey: r.body.Stock_keeping_unit.toUpperCase() })));
    chunk.forEach((r, j) => {
      if (found[j]) taken.push({ row: r.row, fields: { Stock_keeping_unit: SKU_IN_USE } });
    });
  }
  return taken;
}

/**
 * Checks, and unless `dryRun` imports, the file of `body` for seller `sellerId` (see the module's note).
 * @returns 200 `checked` (dry run, every row valid) or a finished import's result again; 201
 *   `imported`; 400 with every row error (nothing written)
 * @throws HttpError 400 when the file cannot be read (`fields.csv`); 409 when the importId was used
 *   for another file, or the import was rolled back because a SKU was taken meanwhile
 */
export async function importItems(d: ItemImportDeps, sellerId: string, body: ItemImportBody): Promise<ItemImportOutcome> {
  const key = `${sellerId}:${body.importId}`;
  const digest = createHash('sha256').update(body.csv).digest('hex');
  const earlier = body.dryRun ? null : await d.imports.findById(key).lean<ItemImportDoc>();
  if (earlier) return resume(d, sellerId, body, earlier, digest);

  const reading = readItemCsv(body.csv);
  if ('fileError' in reading) throw badRequest(reading.fileError, { csv: reading.fileError });
  const errors = [...reading.errors, ...(await skusInUse(d, reading.valid))].sort((a, b) => a.row - b.row);
  if (errors.length) {
    const rows = mergeRows(errors);
    const fields = Object.fromEntries(rows.flatMap((r) => Object.entries(r.fields).map(([f, m]) => [`${r.row}.${f}`, m])));
    return { status: 400, body: { error: csvRowsInvalid(rows.map((r) => r.row)), fields, rows } };
  }
  if (body.dryRun) {
    return {
      status: 200,
      body: {
        importId: body.importId,
        status: 'checked',
        rows: reading.rows,
        items: reading.valid.map((v) => ({ row: v.row, Item_name: v.body.Item_name, Stock_keeping_unit: v.body.Stock_keeping_unit })),
      },
    };
  }
  const now = new Date();
  const planned: PlannedItem[] = reading.valid.map((v) => ({
    row: v.row,
    itemId: new Types.ObjectId().toHexString(),
    Stock_keeping_unit: v.body.Stock_keeping_unit,
    Item_name: v.body.Item_name,
  }));
  await insertIfAbsent(d.imports, {
    _id: key,
    sellerId,
    digest,
    status: 'writing',
    rows: reading.rows,
    items: planned,
    createdAt: now,
    updatedAt: now,
  });
  // A concurrent request with the same id may have planned first: go on with the stored plan.
  const record = (await d.imports.findById(key).lean<ItemImportDoc>())!;
  if (record.digest !== digest) throw conflict(CSV_IMPORT_ID_REUSED);
  return write(d, sellerId, record, reading.valid, body.importId);
}

/** One entry per row (a row may have both schema errors and a SKU in use). */
function mergeRows(errors: ItemImportRowError[]): ItemImportRowError[] {
  const byRow = new Map<number, Record<string, string>>();
  for (const e of errors) byRow.set(e.row, { ...e.fields, ...byRow.get(e.row) });
  return [...byRow].map(([row, fields]) => ({ row, fields }));
}

/** A retry of a recorded import: its result again, or the rest of its writes (or of its rollback). */
async function resume(d: ItemImportDeps, sellerId: string, body: ItemImportBody, rec: ItemImportDoc, digest: string) {
  if (rec.digest !== digest) throw conflict(CSV_IMPORT_ID_REUSED);
  if (rec.status === 'imported') return { status: 200 as const, body: answerOf(rec, body.importId) };
  if (rec.status === 'rolling-back') await rollBack(d, sellerId, rec, rec.failure!);
  if (rec.status !== 'writing') throw rolledBack(rec.failure!);
  const reading = readItemCsv(body.csv);
  // The same file (same digest) read by the same rules: every planned row is valid again.
  if ('fileError' in reading) throw badRequest(reading.fileError, { csv: reading.fileError });
  return write(d, sellerId, rec, reading.valid, body.importId);
}

/** Creates the planned items not there yet, indexes them in one bulk and marks the import done. */
async function write(d: ItemImportDeps, sellerId: string, rec: ItemImportDoc, valid: ValidRow[], importId: string) {
  const bodies = new Map(valid.map((v) => [v.row, v.body]));
  const ops: IndexOp[] = [];
  // The add use case as is, its index write collected for one bulk at the end.
  const adding: ItemDeps = { ...d.items, writes: { ...d.items.writes, indexNow: async (op: IndexOp) => void ops.push(op) } };
  for (const p of rec.items) {
    const id = new Types.ObjectId(p.itemId);
    if (await d.items.items.exists({ _id: id })) continue;
    try {
      await addItem(adding, sellerId, bodies.get(p.row)!, id);
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 409)) throw err;
      // A concurrent retry of this import created it, or someone else took the SKU meanwhile.
      if (await d.items.items.exists({ _id: id })) continue;
      const failure = { row: p.row, message: SKU_IN_USE };
      await d.imports.updateOne({ _id: rec._id }, { $set: { status: 'rolling-back', failure, updatedAt: new Date() } });
      await rollBack(d, sellerId, rec, failure);
      throw rolledBack(failure);
    }
  }
  if (ops.length) {
    try {
      await d.search.bulk(ops, { refresh: 'wait_for' });
    } catch (err) {
      d.logger.warn({ err }, 'imported items not indexed on the request path; the projection will catch up');
    }
    d.onIndexed?.();
  }
  await d.imports.updateOne({ _id: rec._id }, { $set: { status: 'imported', updatedAt: new Date() } });
  return { status: 201 as const, body: answerOf(rec, importId) };
}

/** Deletes the items of the import that were written (delete use case), then records the rollback. */
async function rollBack(d: ItemImportDeps, sellerId: string, rec: ItemImportDoc, failure: NonNullable<ItemImportDoc['failure']>) {
  for (const p of rec.items) {
    try {
      await deleteItem(d.items, { id: sellerId, role: 'seller' }, new Types.ObjectId(p.itemId));
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 404)) throw err;
    }
  }
  await d.imports.updateOne({ _id: rec._id }, { $set: { status: 'rolled-back', failure, updatedAt: new Date() } });
}
