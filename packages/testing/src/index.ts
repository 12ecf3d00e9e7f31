/**
 * @market/testing: the shared test world of the integration tests, the end-to-end tests, the
 * fuzzing and the chaos run and the benches: the gateway client with the response check
 * (`Client`), the stacks of real service processes (`startIdentityStack`, `startCatalogueWorld`
 * with extra services, `startOrderingWorld`, `startReportingWorld`), valid request bodies
 * (`newCustomer`, `newSellerRequest`, `itemBody`) and the flows tests build on (an approved
 * seller, a signed-in customer, a listed item, a saved card, a paid and decided checkout, a
 * finished report). A service's tests import it instead of another service's test folder.
 *
 * Test-only: it starts processes and reaches the local servers (see `@market/platform/testing`).
 */
export * from './client';
export * from './identity';
export * from './catalogue';
export * from './ordering';
export * from './reporting';
