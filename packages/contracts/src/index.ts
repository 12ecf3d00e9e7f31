/**
 * @market/contracts: what crosses a process boundary. Topic names, the event envelope and
 * event names (docs/architecture.md, Events), queue payloads (Jobs), and the request schemas that
 * services validate with and the SPA reuses (Validation).
 */
export * from './topics';
export * from './events';
export * from './envelope';
export * from './jobs';
export * from './roles';
export * from './languages';
export * from './language-schema';
export * from './messages';
export * from './identity';
export * from './paging';
export * from './identity-events';
export * from './api';
export * from './identity-api';
export * from './catalogue';
export * from './catalogue-api';
export * from './csv';
export * from './csv-api';
export * from './saga-events';
export * from './catalogue-events';
export * from './addresses';
export * from './address-book-api';
export * from './cart';
export * from './ordering';
export * from './couriers';
export * from './cart-api';
export * from './ordering-api';
export * from './returns';
export * from './returns-api';
export * from './reviews';
export * from './reviews-api';
export * from './threads';
export * from './threads-api';
export * from './reporting';
export * from './reporting-api';
export * from './audit';
export * from './operations';
export * from './money';
export * from './colomboTime';
export * from './identity-answers';
export * from './catalogue-answers';
export * from './cart-answers';
export * from './ordering-answers';
export * from './reviews-answers';
export * from './reporting-answers';
export * from './answer-fields';
