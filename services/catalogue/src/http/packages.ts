/**
 * Package routes at their documented paths (spec 000 and 001 section 7; issue 4):
 * `GET /Packages/getPackages` (customers see available packages only; `mine=true` for the
 * seller's own, all states; search by name), `GET /Packages/getPackage/{id}`,
 * `POST /Packages/addPackage`, `PUT /Packages/updatePackages/{id}`,
 * `DELETE /Packages/deletePackage/{id}` (own, or admin).
 */
import { NOT_OWN_ITEMS, PackageCreateSchema, PackageListQuerySchema, PackageUpdateSchema } from '@market/contracts';
import {
  badRequest,
  conflict,
  escapeRegex,
  listBody,
  notFound,
  objectIdParam,
  pageRequest,
  requireCaller,
  updateAggregate,
} from '@market/platform';
import { Router, type Request } from 'express';
import { Types, type Model } from 'mongoose';
import { packageCreated, packageDeleted, packageUpdated } from '../events/packageEvents';
import type { ItemDoc } from '../store/items';
import { packageView, type PackageContentEntry, type PackageDoc } from '../store/packages';

const STALE = 'This package was changed meanwhile, please try again';

export function packageRoutes(packages: Model<PackageDoc>, items: Model<ItemDoc>, nudge: () => void): Router {
  const r = Router();

  /** Snapshots of the given items, which must all be the seller's own. */
  async function contentOf(sellerId: string, ids: string[]): Promise<PackageContentEntry[]> {
    // Lower-cased: the contracts accept either case of an id's hex, but the snapshot's `_id` is
    // answered (and published) as the item's id, in its canonical lower case; `A…`/`a…` of the same
    // item also counted as two items and failed as "not own items".
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const found = await items
      .find({ _id: { $in: unique.map((id) => new Types.ObjectId(id)) }, SellerID: sellerId, deleted: false })
      .lean<ItemDoc[]>();
    if (found.length !== unique.length) throw badRequest(NOT_OWN_ITEMS, { content: NOT_OWN_ITEMS });
    const byId = new Map(found.map((i) => [String(i._id), i]));
    return unique.map((id) => {
      const i = byId.get(id)!;
      return { _id: id, Item_name: i.Item_name, Brand: i.Brand, Model: i.Model, Images: i.Images, finalPriceCents: i.finalPriceCents };
    });
  }

  async function ownPackage(req: Request, id: Types.ObjectId): Promise<PackageDoc> {
    const caller = requireCaller(req, 'seller');
    const p = await packages.findOne({ _id: id, deleted: false }).lean<PackageDoc>();
    if (!p || p.seller !== caller.id) throw notFound();
    return p;
  }

  r.get('/Packages/getPackages', async (req, res) => {
    const page = pageRequest(req.query);
    const q = PackageListQuerySchema.parse(req.query);
    const filter: Record<string, unknown> = { deleted: false };
    if (q.mine) filter.seller = requireCaller(req, 'seller').id;
    else {
      if (q.sellerId) filter.seller = q.sellerId;
      // Only admins see unavailable packages of others (spec 000 section 4).
      if (req.caller?.role !== 'admin') filter.packageAvailability = true;
    }
    if (q.q) filter.packageName = { $regex: escapeRegex(q.q), $options: 'i' };
    const [rows, total] = await Promise.all([
      packages.find(filter).sort({ createdAt: -1, _id: -1 }).skip(page.skip).limit(page.limit).lean<PackageDoc[]>(),
      packages.countDocuments(filter),
    ]);
    res.json(listBody(page, rows.map(packageView), total));
  });

  r.get('/Packages/getPackage/:id', async (req, res) => {
    const p = await packages.findOne({ _id: objectIdParam(req.params.id), deleted: false }).lean<PackageDoc>();
    const mayAlwaysSee = req.caller?.role === 'admin' || (req.caller?.role === 'seller' && req.caller.id === p?.seller);
    if (!p || (!p.packageAvailability && !mayAlwaysSee)) throw notFound();
    res.json(packageView(p));
  });

  r.post('/Packages/addPackage', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const body = PackageCreateSchema.parse(req.body);
    const doc = {
      _id: new Types.ObjectId(),
      packageName: body.packageName,
      seller: caller.id,
      description: body.description,
      priceCents: Math.round(body.price * 100),
      startDate: body.startDate,
      endDate: body.endDate,
      image: body.image,
      content: await contentOf(caller.id, body.content),
      packageAvailability: true,
      createdAt: new Date(),
      deleted: false,
      aggregateVersion: 1,
    };
    await packages.create({ ...doc, pendingEvents: [packageCreated(doc as PackageDoc, 1)] });
    nudge();
    res.status(201).json(packageView(doc as PackageDoc));
  });

  r.put('/Packages/updatePackages/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const current = await ownPackage(req, id);
    const body = PackageUpdateSchema.parse(req.body);
    const set = {
      packageName: body.packageName,
      description: body.description,
      priceCents: Math.round(body.price * 100),
      startDate: body.startDate,
      endDate: body.endDate,
      image: body.image ?? current.image,
      content: await contentOf(current.seller, body.content),
      packageAvailability: body.packageAvailability ?? current.packageAvailability,
    };
    const next = { ...current, ...set } as PackageDoc;
    if (!(await updateAggregate(packages, id, current.aggregateVersion, { $set: set }, (v) => [packageUpdated(next, v)])))
      throw conflict(STALE);
    nudge();
    res.json(packageView(next));
  });

  r.delete('/Packages/deletePackage/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const caller = requireCaller(req, 'seller', 'admin');
    const p = await packages.findOne({ _id: id, deleted: false }).lean<PackageDoc>();
    if (!p || (caller.role === 'seller' && p.seller !== caller.id)) throw notFound();
    if (!(await updateAggregate(packages, id, p.aggregateVersion, { $set: { deleted: true } }, (v) => [packageDeleted(String(id), v)])))
      throw conflict(STALE);
    nudge();
    res.json({ message: 'Package Deleted Successfully' });
  });

  return r;
}
