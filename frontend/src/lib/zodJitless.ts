/**
 * Zod without its JIT in the browser (issue 27 item 4, server/securityHeaders.ts). Zod 4 compiles
 * object parsers with `new Function`, and first probes whether it may; under the app's
 * Content-Security-Policy (no 'unsafe-eval') the probe throws, zod falls back to its interpreter,
 * and the browser reports a CSP violation on every page that loads the schemas. `jitless` skips
 * the probe (zod's own comment on `allowsEval` says so). It is set on zod's shared config object,
 * `globalThis.__zod_globalConfig`, which zod adopts when it is already there, so that the first
 * script still loads no zod (firstPageWithoutZod.test.ts); main.tsx imports this module first,
 * before any schema is built (zod reads the flag when a schema is created).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// The same object zod may already hold: replacing it would leave zod reading the old one.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
