/**
 * The Terms and Conditions page's path, in a module of its own: the routes and the footer link to
 * it from the first script, which must not load the page itself (pages/public/Terms.tsx).
 */
export const TERMS_PATH = '/TermsAndConditions';
