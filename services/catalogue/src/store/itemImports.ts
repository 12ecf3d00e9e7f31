/**
 * Item imports (issue 30 item 9): one document per import, `_id` = `<sellerId>:<importId>` (the
 * client's id, scoped to the seller, so two sellers' ids never meet), read and written by `_id`
 * only. Written once every row of the file passed its checks, before the first item: it holds
 * the file's digest and the id each row's item gets, so a retry after a crash creates the missing
 * items under the same ids (never a second copy) and a finished import answers its result again.
 */
import { Schema, type Connection, type Model } from 'mongoose';

/** One planned item of an import: its row in the file, its SKU and name, and the id it is created under. */
export interface PlannedItem {
  row: number;
  itemId: string;
  Stock_keeping_unit: string;
  Item_name: string;
}

export interface ItemImportDoc {
  _id: string;
  sellerId: string;
  /** SHA-256 of the file's text: the same id with another file is refused. */
  digest: string;
  /** writing → imported, or writing → rolling-back → rolled-back when a SKU was taken meanwhile. */
  status: 'writing' | 'imported' | 'rolling-back' | 'rolled-back';
  rows: number;
  items: PlannedItem[];
  /** Why it was rolled back (the row and its SKU message). */
  failure?: { row: number; message: string };
  createdAt: Date;
  updatedAt: Date;
}

const schema = new Schema<ItemImportDoc>(
  {
    _id: { type: String, required: true },
    sellerId: { type: String, required: true },
    digest: { type: String, required: true },
    status: { type: String, required: true },
    rows: { type: Number, required: true },
    items: { type: [{}], default: [] },
    failure: { type: {}, default: undefined },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'item_imports', versionKey: false },
);

export function itemImportModel(conn: Connection): Model<ItemImportDoc> {
  return (conn.models.ItemImport as Model<ItemImportDoc>) ?? conn.model<ItemImportDoc>('ItemImport', schema);
}
