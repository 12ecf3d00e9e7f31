/**
 * Every HTTP operation of the marketplace in one list (the gateway's OpenAPI document, the route
 * table check, the BOLA matrix and the integration tests' response check all read it).
 */
import { ADDRESS_BOOK_OPERATIONS } from './address-book-api';
import { AUDIT_OPERATIONS } from './audit';
import type { ApiOperation } from './api';
import { CART_OPERATIONS } from './cart-api';
import { CATALOGUE_OPERATIONS } from './catalogue-api';
import { CSV_OPERATIONS } from './csv-api';
import { IDENTITY_OPERATIONS } from './identity-api';
import { ORDERING_OPERATIONS } from './ordering-api';
import { REPORTING_OPERATIONS } from './reporting-api';
import { RETURN_OPERATIONS } from './returns-api';
import { REVIEWS_OPERATIONS } from './reviews-api';
import { THREAD_OPERATIONS } from './threads-api';

export const API_OPERATIONS: readonly ApiOperation[] = [
  ...IDENTITY_OPERATIONS,
  ...ADDRESS_BOOK_OPERATIONS,
  ...CATALOGUE_OPERATIONS,
  ...CSV_OPERATIONS,
  ...CART_OPERATIONS,
  ...ORDERING_OPERATIONS,
  ...RETURN_OPERATIONS,
  ...REVIEWS_OPERATIONS,
  ...THREAD_OPERATIONS,
  ...REPORTING_OPERATIONS,
  ...AUDIT_OPERATIONS,
];

/**
 * The type of every operation, each with its literal method and path and its own schemas, for
 * the typed client (`./client.ts`) to look an operation's body, query and answer up by method and
 * path. `API_OPERATIONS` itself stays the plain list the document generators read.
 */
export type Operation =
  | (typeof IDENTITY_OPERATIONS)[number]
  | (typeof ADDRESS_BOOK_OPERATIONS)[number]
  | (typeof CATALOGUE_OPERATIONS)[number]
  | (typeof CSV_OPERATIONS)[number]
  | (typeof CART_OPERATIONS)[number]
  | (typeof ORDERING_OPERATIONS)[number]
  | (typeof RETURN_OPERATIONS)[number]
  | (typeof REVIEWS_OPERATIONS)[number]
  | (typeof THREAD_OPERATIONS)[number]
  | (typeof REPORTING_OPERATIONS)[number]
  | (typeof AUDIT_OPERATIONS)[number];
