/**
 * Package routes at their documented paths (spec 000 and 001 section 7):
 * `GET /Packages/getPackages` (customers see available packages only, and only between their
 * startDate and endDate, Sri Lanka days, issue 27 item 7; `mine=true` for the seller's own, all
 * states and dates; search by name), `GET /Packages/getPackage/{id}` (the same rule for customers),
 * `POST /Packages/addPackage`, `PUT /Packages/updatePackages/{id}`,
 * `DELETE /Packages/deletePackage/{id}` (own, or admin).
 *
 * The list is read from the package search index (503 `{ error }` while it cannot be
 * read; unpaged: every match up to UNPAGED_SEARCH_LIMIT, with `X-Total-Count` and
 * `X-Result-Truncated`); a seller's writes are indexed at once (`refresh=wait_for`, best effort,
 * as for items), so their own list shows them in the answer's wake.
 *
 * Dates: a new package whose endDate has passed in Sri Lanka is refused (contracts'
 * PackageCreateSchema: 400 PACKAGE_END_PAST on `endDate`), and so is an edit that moves the end
 * into the past; an edit that keeps the end it had (an ended package's description, its
 * availability switch) goes through.
 *
 * Stale writes: every package answer carries its `version` (`GET
 * /Packages/getPackage/{id}` also as `ETag`); an update that names the version it was based on
 * (`version` in the body or `If-Match`) is a compare-and-set on `_id` + that version and answers
 * 409 / 412 with STALE_PACKAGE once someone else changed the package.
 */
import {
  NOT_OWN_ITEMS,
  PACKAGE_END_PAST,
  PAGE_BEYOND_SEARCH_LIMIT,
  PackageCreateSchema,
  PackageListQuerySchema,
  PackageUpdateSchema,
  STALE_PACKAGE,
  UNPAGED_SEARCH_LIMIT,
  colomboDate,
  endDateNotPast,
  packageOnSale,
} from '@market/contracts';
import { badRequest, byIds, listBody, notFound, objectIdParam, pageRequest, requireCaller, setVersionTag } from '@market/platform';
import { Router, type Request } from 'express';
import { Types, type Model } from 'mongoose';
import type { Logger } from 'pino';
import { packageSearchRequest, type PackageView } from '../domain/packageSearch';
import { searchWindow } from '../domain/search';
import { packageCreated, packageData, packageDeleted, packageUpdated } from '../events/packageEvents';
import { packagePut } from '../events/searchProjection';
import type { SearchIndex } from '../store/searchIndex';
import { aggregateWrites, answerAllMatches } from './aggregateWrites';
import type { ItemDoc } from '../store/items';
import { packageView, type PackageContentEntry, type PackageDoc } from '../store/packages';

const STALE = 'This package was changed meanwhile, please try again';

export function packageRoutes(
  packages: Model<PackageDoc>,
  items: Model<ItemDoc>,
  nudge: () => void,
  search: SearchIndex<PackageView>,
  logger: Logger,
): Router {
  const r = Router();

  const writes = aggregateWrites({
    model: packages,
    nudge,
    search,
    logger,
    indexName: 'package index',
    staleCode: STALE_PACKAGE,
    meanwhile: STALE,
  });
  const indexNow = writes.indexNow;

  /** Snapshots of the given items, which must all be the seller's own. */
  async function contentOf(sellerId: string, ids: string[]): Promise<PackageContentEntry[]> {
    // Lower-cased: the contracts accept either case of an id's hex, but the snapshot's `_id` is
    // answered (and published) as the item's id, in its canonical lower case; `A…`/`a…` of the same
    // item also counted as two items and failed as "not own items".
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const byId = await byIds(items, unique);
    const own = [...byId.values()].filter((i) => i.SellerID === sellerId && !i.deleted);
    if (own.length !== unique.length) throw badRequest(NOT_OWN_ITEMS, { content: NOT_OWN_ITEMS });
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
    const everything = req.caller?.role === 'admin';
    const scope = q.mine
      ? { sellerId: requireCaller(req, 'seller').id, availableOnly: false }
      : // Only admins see unavailable packages of others (spec 000 section 4), and those outside their dates.
        { sellerId: q.sellerId, availableOnly: !everything, onSaleOn: everything ? undefined : colomboDate(new Date()) };
    const body = packageSearchRequest(q.q, scope);
    if (!page.paged) {
      return answerAllMatches(res, search, body);
    }
    const window = searchWindow(page, UNPAGED_SEARCH_LIMIT);
    if (!window) throw badRequest(PAGE_BEYOND_SEARCH_LIMIT);
    const found = await search.search(body, window);
    res.setHeader('X-Total-Count', String(found.total));
    res.json(listBody(page, found.views, found.total));
  });

  r.get('/Packages/getPackage/:id', async (req, res) => {
    const p = await packages.findOne({ _id: objectIdParam(req.params.id), deleted: false }).lean<PackageDoc>();
    const mayAlwaysSee = req.caller?.role === 'admin' || (req.caller?.role === 'seller' && req.caller.id === p?.seller);
    if (!p || ((!p.packageAvailability || !packageOnSale(p)) && !mayAlwaysSee)) throw notFound();
    setVersionTag(res, p.aggregateVersion);
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
    await indexNow(packagePut(packageData(doc as PackageDoc), 1));
    res.status(201).json(packageView(doc as PackageDoc));
  });

  r.put('/Packages/updatePackages/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const current = await ownPackage(req, id);
    const body = PackageUpdateSchema.parse(req.body);
    if (body.endDate !== current.endDate && !endDateNotPast(body.endDate))
      throw badRequest(PACKAGE_END_PAST, { endDate: PACKAGE_END_PAST });
    const changes = async () => ({
      packageName: body.packageName,
      description: body.description,
      priceCents: Math.round(body.price * 100),
      startDate: body.startDate,
      endDate: body.endDate,
      image: body.image ?? current.image,
      content: await contentOf(current.seller, body.content),
      packageAvailability: body.packageAvailability ?? current.packageAvailability,
    });
    const next = await writes.update(req, current, body.version, changes, packageUpdated, (n) =>
      packagePut(packageData(n), n.aggregateVersion),
    );
    setVersionTag(res, next.aggregateVersion);
    res.json(packageView(next));
  });

  r.delete('/Packages/deletePackage/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const caller = requireCaller(req, 'seller', 'admin');
    const p = await packages.findOne({ _id: id, deleted: false }).lean<PackageDoc>();
    if (!p || (caller.role === 'seller' && p.seller !== caller.id)) throw notFound();
    await writes.remove(p, { deleted: true }, (v) => packageDeleted(String(id), v));
    res.json({ message: 'Package Deleted Successfully' });
  });

  return r;
}
