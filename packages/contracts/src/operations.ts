/**
 * Every HTTP operation of the marketplace in one list (the gateway's OpenAPI document, the route
 * table check, the BOLA matrix and the integration tests' response check all read it).
 */
import type { ApiOperation } from './api';
import { CART_OPERATIONS } from './cart-api';
import { CATALOGUE_OPERATIONS } from './catalogue-api';
import { IDENTITY_OPERATIONS } from './identity-api';
import { ORDERING_OPERATIONS } from './ordering-api';
import { REPORTING_OPERATIONS } from './reporting-api';
import { REVIEWS_OPERATIONS } from './reviews-api';

export const API_OPERATIONS: readonly ApiOperation[] = [
  ...IDENTITY_OPERATIONS,
  ...CATALOGUE_OPERATIONS,
  ...CART_OPERATIONS,
  ...ORDERING_OPERATIONS,
  ...REVIEWS_OPERATIONS,
  ...REPORTING_OPERATIONS,
];
