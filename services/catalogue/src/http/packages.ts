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
 *
 * Every package answer carries `Unavailable` when an item inside it is gone, switched off or sold
 * out (packages/contentState.ts; issue 30 item 3): customers see it and cannot buy it.
 *
 * The writes are the use cases in src/packages/ (create.ts, edit.ts, delete.ts); this module
 * parses the request and shapes the answer.
 */
import {
  BAD_IF_MATCH,
  PAGE_BEYOND_SEARCH_LIMIT,
  PackageCreateSchema,
  PackageListQuerySchema,
  PackageUpdateSchema,
  UNPAGED_SEARCH_LIMIT,
  colomboDate,
  packageOnSale,
} from '@market/contracts';
import { badRequest, listBody, notFound, objectIdParam, pageRequest, requireCaller, setVersionTag, writeBase } from '@market/platform';
import { Router } from 'express';
import { packageSearchRequest, type PackageView } from '../domain/packageSearch';
import { searchWindow } from '../domain/search';
import { createPackage } from '../packages/create';
import { deletePackage } from '../packages/delete';
import type { PackageDeps } from '../packages/deps';
import { editPackage } from '../packages/edit';
import { withContentState } from '../packages/contentState';
import { ownPackage } from '../packages/read';
import type { SearchIndex } from '../store/searchIndex';
import { packageView, type PackageDoc } from '../store/packages';
import { answerAllMatches } from './answers';

/**
 * @param d - the package use cases' dependencies (packages/deps.ts)
 * @param hiddenSellers - the suspended sellers (store/suspendedSellers.ts), whose packages only
 *   admins and the seller themself list (issue 30 item 10)
 */
export function packageRoutes(
  d: PackageDeps,
  search: SearchIndex<PackageView>,
  hiddenSellers: () => Promise<string[]> = async () => [],
): Router {
  const r = Router();
  const packages = d.packages;
  /** One package as answered, with the state of its content (issue 30 item 3). */
  const viewWithContent = async (p: PackageDoc) => (await withContentState(d.items, [packageView(p)]))[0]!;

  r.get('/Packages/getPackages', async (req, res) => {
    const page = pageRequest(req.query);
    const q = PackageListQuerySchema.parse(req.query);
    const everything = req.caller?.role === 'admin';
    const scope = q.mine
      ? { sellerId: requireCaller(req, 'seller').id, availableOnly: false }
      : // Only admins see unavailable packages of others (spec 000 section 4), and those outside their dates.
        {
          sellerId: q.sellerId,
          availableOnly: !everything,
          onSaleOn: everything ? undefined : colomboDate(new Date()),
          hiddenSellers: everything ? [] : await hiddenSellers(),
        };
    const body = packageSearchRequest(q.q, scope);
    const shape = (views: PackageView[]) => withContentState(d.items, views);
    if (!page.paged) {
      return answerAllMatches(res, search, body, shape);
    }
    const window = searchWindow(page, UNPAGED_SEARCH_LIMIT);
    if (!window) throw badRequest(PAGE_BEYOND_SEARCH_LIMIT);
    const found = await search.search(body, window);
    res.setHeader('X-Total-Count', String(found.total));
    res.json(listBody(page, await shape(found.views), found.total));
  });

  r.get('/Packages/getPackage/:id', async (req, res) => {
    const p = await packages.findOne({ _id: objectIdParam(req.params.id), deleted: false }).lean<PackageDoc>();
    const mayAlwaysSee = req.caller?.role === 'admin' || (req.caller?.role === 'seller' && req.caller.id === p?.seller);
    if (!p || ((!p.packageAvailability || !packageOnSale(p)) && !mayAlwaysSee)) throw notFound();
    // A suspended seller's package is not found by anyone else, by link either (issue 30 item 10).
    if (!mayAlwaysSee && (await hiddenSellers()).includes(p.seller)) throw notFound();
    setVersionTag(res, p.aggregateVersion);
    res.json(await viewWithContent(p));
  });

  r.post('/Packages/addPackage', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const p = await createPackage(d, caller.id, PackageCreateSchema.parse(req.body));
    res.status(201).json(await viewWithContent(p));
  });

  r.put('/Packages/updatePackages/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const current = await ownPackage(d, requireCaller(req, 'seller').id, id);
    const body = PackageUpdateSchema.parse(req.body);
    const next = await editPackage(d, current, () => writeBase(req, body.version, BAD_IF_MATCH), body);
    setVersionTag(res, next.aggregateVersion);
    res.json(await viewWithContent(next));
  });

  r.delete('/Packages/deletePackage/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const caller = requireCaller(req, 'seller', 'admin');
    await deletePackage(d, caller, id);
    res.json({ message: 'Package Deleted Successfully' });
  });

  return r;
}
