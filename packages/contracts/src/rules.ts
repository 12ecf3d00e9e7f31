/**
 * `@market/contracts/rules`: the contracts' constants, messages and pure rules that need no zod
 * (the `*-rules` modules, money and Sri Lanka time), for code that must not load zod: the web
 * app's first page (initial JavaScript). Every name here is also exported by the package's main
 * entry, through the slice that re-exports it, so services import them as before.
 */
export * from './catalogue-rules';
export * from './cart-rules';
export * from './ordering-rules';
export * from './reviews-rules';
export * from './identity-rules';
export * from './money';
export * from './colomboTime';
export * from './languages';
export * from './messages';
