/**
 * Packages collection (spec 001 section 3, "Package"): promo bundles of a seller's own items, an
 * aggregate with the outbox (PackageCreated / PackageUpdated / PackageDeleted). `content` keeps a
 * snapshot of each item as it was when put in the package (the documents show content entries
 * with Item_name); price in cents.
 */
import { rupees } from '@market/contracts';
import { outboxPlugin, type OutboxFields } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';

export interface PackageContentEntry {
  _id: string;
  Item_name: string;
  Brand: string;
  Model: string;
  Images: string[];
  /** The item's final price when it was put in the package, in cents. */
  finalPriceCents: number;
}

export interface PackageDoc extends OutboxFields {
  _id: Types.ObjectId;
  packageName: string;
  /** The seller's id. */
  seller: string;
  description: string;
  priceCents: number;
  startDate: string;
  endDate: string;
  image: string;
  content: PackageContentEntry[];
  packageAvailability: boolean;
  createdAt: Date;
  deleted: boolean;
}

const schema = new Schema<PackageDoc>(
  {
    packageName: { type: String, required: true },
    seller: { type: String, required: true },
    description: { type: String, required: true },
    priceCents: { type: Number, required: true },
    startDate: { type: String, required: true },
    endDate: { type: String, required: true },
    image: { type: String, required: true },
    content: {
      type: [{ _id: String, Item_name: String, Brand: String, Model: String, Images: [String], finalPriceCents: Number }],
      default: [],
    },
    packageAvailability: { type: Boolean, default: true },
    createdAt: { type: Date, required: true },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'packages', versionKey: false },
);
schema.plugin(outboxPlugin);
schema.index({ seller: 1, createdAt: -1 });
schema.index({ deleted: 1 });

export function packageModel(conn: Connection): Model<PackageDoc> {
  return (conn.models.Package as Model<PackageDoc>) ?? conn.model<PackageDoc>('Package', schema);
}

/** A package as the documents return it: price in rupees, content as item entries. */
export function packageView(p: PackageDoc) {
  return {
    _id: String(p._id),
    packageName: p.packageName,
    seller: p.seller,
    description: p.description,
    price: rupees(p.priceCents),
    startDate: p.startDate,
    endDate: p.endDate,
    image: p.image,
    content: p.content.map((c) => ({
      _id: c._id,
      Item_name: c.Item_name,
      Brand: c.Brand,
      Model: c.Model,
      Images: c.Images,
      FinalPrice: rupees(c.finalPriceCents),
    })),
    packageAvailability: p.packageAvailability,
    createdAt: p.createdAt.toISOString(),
    /** The aggregate version: an update names it to be refused once someone else changed the package. */
    version: p.aggregateVersion,
  };
}
