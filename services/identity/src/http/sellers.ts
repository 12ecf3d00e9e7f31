/**
 * Seller routes (spec 001 sections 4-7), by resource:
 * - sellerRequests.ts: a company applies, an admin accepts or declines (sellers/onboarding.ts);
 * - orgSellers.ts: the organisation sellers' list and profiles, password change, login, logout;
 * - sellerDeletion.ts: a seller asks for deletion, an admin accepts or declines (sellers/deletion.ts).
 *
 * Flow: a company applies (`POST /seller/add`, public) → an admin accepts
 * (`POST /orgseller/add { requestId }`: the server copies the request, generates the username and
 * a 25-character password, e-mails them, removes the request) or declines
 * (`DELETE /seller/delete/{id}`). A seller asks for deletion (`PUT /orgseller/reqDel/{id}`
 * `{ requestDelete: true }`); an admin accepts (`DELETE /orgSeller/delete/{id}`) or declines
 * (`PUT /orgseller/reqDel/{id}` `{ requestDelete: false }`).
 */
import { Router } from 'express';
import type { IdentityDeps } from '../deps';
import { orgSellerRoutes } from './orgSellers';
import { sellerDeletionRoutes } from './sellerDeletion';
import { sellerRequestRoutes } from './sellerRequests';

/** Every seller route, one router (the order of the routes does not matter: no path overlaps). */
export function sellerRoutes(deps: IdentityDeps): Router {
  return Router().use(sellerRequestRoutes(deps), orgSellerRoutes(deps), sellerDeletionRoutes(deps));
}
