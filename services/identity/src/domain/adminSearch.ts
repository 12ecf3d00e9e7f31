/**
 * The admin searches of identity as search read models, without I/O:
 * `GET /Customer/getAll` (customers by first name, last name or username), `GET /seller/get`
 * (seller requests by company, owner, year or e-mail) and `GET /orgseller/get` (sellers, the same
 * fields, and `requestDelete` for admins). Spec 001 section 9 "Search scope" names the fields.
 *
 * Why a search index and not an owner-keyed list: these lists have no owner (every customer,
 * every seller) and are searched by substrings of several fields; FerretDB answers such a filter
 * only by scanning, sorting and counting the whole collection in memory (README "Local
 * infrastructure"), while OpenSearch answers it from its terms dictionary.
 *
 * Matching keeps the old semantics: the whole `q` as a case-insensitive substring of any of the
 * fields (a `wildcard` query `*q*` over lower-cased keyword fields). Order: newest first
 * (registration, request or acceptance time), then id descending, as before.
 *
 * Documents (`_id` = the customer's or seller's id, external `_version` = its aggregateVersion)
 * hold the answer as the API sends it in `view` (stored, not indexed). Never a password hash:
 * the views are the routes' own (`customerView`, `orgSellerView`, `sellerRequestView`), which
 * leave it out.
 */
import { LC_KEYWORD, listIndexDefinition, type SearchBody } from '@market/platform';
import type { CustomerView } from '../store/customers';

/** What a seller document is: a request waiting for an admin, or an accepted (org) seller. */
export type SellerKind = 'request' | 'org';

export interface CustomerSearchDoc {
  view: CustomerView;
  firstName: string;
  lastName: string;
  username: string;
  sortAt: string;
  key: string;
}

export interface SellerSearchDoc {
  kind: SellerKind;
  /** `sellerRequestView` for a request, `orgSellerView` for an org seller. */
  view: Record<string, unknown> & { _id: string };
  companyname: string;
  ownername: string;
  year: string;
  email: string;
  requestDelete: boolean;
  /** Request time of a request, acceptance time of an org seller (ISO). */
  sortAt: string;
  key: string;
}

const lc = LC_KEYWORD;
const definition = listIndexDefinition;

/** Settings and mappings of the customers index. */
export const customerIndexDefinition = (replicas: number) => definition(replicas, { firstName: lc, lastName: lc, username: lc });

/** Settings and mappings of the sellers index (requests and org sellers). */
export const sellerIndexDefinition = (replicas: number) =>
  definition(replicas, {
    kind: { type: 'keyword' },
    companyname: lc,
    ownername: lc,
    year: lc,
    email: lc,
    requestDelete: { type: 'boolean' },
  });

export function customerSearchDoc(view: CustomerView): CustomerSearchDoc {
  return { view, firstName: view.firstName, lastName: view.lastName, username: view.username, sortAt: view.newlyAddeddate, key: view._id };
}

export function sellerSearchDoc(
  kind: SellerKind,
  view: Record<string, unknown> & { _id: string; companyname: string; ownername: string; year: string; email: string },
  sortAt: string,
  requestDelete = false,
): SellerSearchDoc {
  return {
    kind,
    view,
    companyname: view.companyname,
    ownername: view.ownername,
    year: view.year,
    email: view.email,
    requestDelete,
    sortAt,
    key: view._id,
  };
}

/** `*q*` with the wildcard characters of `q` escaped, lower-cased. */
export function containsPattern(q: string): string {
  return `*${q.toLowerCase().replace(/[\\*?]/g, (c) => `\\${c}`)}*`;
}

/** Any of `fields` contains `q` (case-insensitive); everything when `q` is empty. */
function contains(q: string | undefined, fields: string[]): Record<string, unknown>[] {
  if (!q) return [];
  const value = containsPattern(q);
  return [{ bool: { should: fields.map((f) => ({ wildcard: { [f]: { value, case_insensitive: true } } })), minimum_should_match: 1 } }];
}

const newestFirst = [{ sortAt: { order: 'desc' } }, { key: { order: 'desc' } }];

/** The search for `GET /Customer/getAll?q=`. */
export function customerSearch(q: string | undefined): SearchBody {
  return {
    query: { bool: { filter: contains(q, ['firstName', 'lastName', 'username']) } },
    sort: newestFirst,
    track_total_hits: true,
    _source: ['view'],
  };
}

/** The search for `GET /seller/get` (kind `request`) and `GET /orgseller/get` (kind `org`). */
export function sellerSearch(kind: SellerKind, q: string | undefined, requestDelete?: boolean): SearchBody {
  const filter: Record<string, unknown>[] = [{ term: { kind } }, ...contains(q, ['companyname', 'ownername', 'year', 'email'])];
  if (requestDelete !== undefined) filter.push({ term: { requestDelete } });
  return { query: { bool: { filter } }, sort: newestFirst, track_total_hits: true, _source: ['view'] };
}
