/**
 * The web app's security headers (issue 27 item 4: the app could be framed, clickjacking on admin
 * screens, and sent no headers at all), in one place for the servers of the built app: the web
 * server under `npm start`, in the image and in the end-to-end tests (./webServer.ts), and `vite
 * preview` (./securityHeadersPlugin.ts).
 *
 * The policy: everything from the app's own origin, plus
 * - scripts: the SHA-256 hashes of the inline scripts of the built index.html (the route-chunk
 *   modulepreload of vite.config.ts and the gateway read preload of index.html), no 'unsafe-inline';
 * - styles: the app's CSS files and the <style> elements that carry this answer's nonce. Mantine
 *   writes <style> tags at run time (the theme's CSS variables, its global classes, and the
 *   responsive props of SimpleGrid and the like, whose selectors come from React ids, so no hash
 *   known at build time can allow them); it puts the nonce of `<meta property="csp-nonce">`
 *   (src/main.tsx, getStyleNonce) on each. Style attributes stay blocked: React sets styles
 *   through the CSSOM, which CSP does not govern (checked in Chromium with no violation);
 * - images and reads: the gateway's origin (VITE_API_URL), which serves the item photos;
 * - no plugins, no <base> elsewhere, forms post to the app only, and no other site may frame it
 *   (frame-ancestors 'none', and X-Frame-Options DENY for browsers before CSP 2).
 * Beside it nosniff, Referrer-Policy strict-origin-when-cross-origin, a Permissions-Policy that
 * turns off devices the app never uses, and HSTS in production only (never on http://localhost).
 */
import { createHash } from 'node:crypto';

/** What the build writes where each HTML answer's nonce goes (Vite's `html.cspNonce`); each server replaces it per answer. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';
/** The policy's inputs the build writes beside index.html (`dist/security-headers.json`, a {@link PolicyInputs}). */
export const POLICY_FILE = 'security-headers.json';

/** What the policy depends on, as the build found it. */
export interface PolicyInputs {
  /** The gateway the app calls (VITE_API_URL): an http(s) URL, or a path on the app's own origin. */
  gatewayUrl: string;
  /** `'sha256-…'` source expressions of the inline <script> elements of index.html. */
  scriptHashes: string[];
  /** `'sha256-…'` source expressions of its inline <style> elements (none today). */
  styleHashes: string[];
}

const HASH = /^'sha256-[A-Za-z0-9+/]+={0,2}'$/;
const NONCE = /^[A-Za-z0-9+/_-]+={0,2}$/;
const SCRIPT = /(<script\b[^>]*>)([\s\S]*?)(<\/script\s*>)/gi;
const STYLE = /(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi;

/** The CSP source expression of an inline element's text, hashed as browsers do: UTF-8, after the HTML parser turned CRLF and CR into LF. */
export function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;
}

/**
 * The policy's inputs for a built index.html: the hash of every inline <script> (those with a
 * `src` load under 'self') and <style>.
 * @param html - index.html as the servers send it, the nonce placeholder still in it
 * @param gatewayUrl - VITE_API_URL of the build
 * @throws when the HTML has inline code that no hash can allow (an `on…=` event handler or a
 *   `style` attribute), which the browser would block: the build fails instead of the page
 */
export function policyInputs(html: string, gatewayUrl: string): PolicyInputs {
  const scriptHashes = [...html.matchAll(SCRIPT)].filter((m) => !/\ssrc\s*=/i.test(m[1]!)).map((m) => sha256(m[2]!));
  const styleHashes = [...html.matchAll(STYLE)].map((m) => sha256(m[2]!));
  const markup = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(SCRIPT, '$1$3')
    .replace(STYLE, '$1$3');
  for (const [tag] of markup.matchAll(/<[a-zA-Z][^>]*>/g)) {
    const handler = /\s(on[a-z]+)\s*=/i.exec(tag);
    if (handler) throw new Error(`index.html has an inline ${handler[1]} handler, which the Content-Security-Policy blocks: ${tag}`);
    if (/\sstyle\s*=/i.test(tag)) throw new Error(`index.html has a style attribute, which the Content-Security-Policy blocks: ${tag}`);
  }
  gatewaySources(gatewayUrl); // refuses an address the policy cannot name, at build time
  return { gatewayUrl, scriptHashes, styleHashes };
}

/** The gateway as a CSP source: its origin, or nothing when it is a path on the app's own origin ('self'). */
function gatewaySources(gatewayUrl: string): string[] {
  if (gatewayUrl.startsWith('/')) return [];
  const url = new URL(gatewayUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`the gateway URL ${gatewayUrl} is neither http(s) nor a path`);
  return [url.origin];
}

/**
 * The Content-Security-Policy header's value.
 * @param inputs - what the build found ({@link policyInputs})
 * @param styleNonce - this answer's nonce, as it stands in the header (unchecked)
 * @param styleAttributeHashes - `'sha256-…'` of the `style` attributes of a server-rendered page
 *   (issue 32 item 2: React writes a component's inline styles as attributes in HTML, which the
 *   browser applies only when allowed; in the browser it sets them through the CSSOM): allowed
 *   with 'unsafe-hashes', which lets exactly these declarations be applied, nothing else
 */
export function contentSecurityPolicy(inputs: PolicyInputs, styleNonce: string, styleAttributeHashes: string[] = []): string {
  for (const hash of [...inputs.scriptHashes, ...inputs.styleHashes, ...styleAttributeHashes])
    if (!HASH.test(hash)) throw new Error(`not a sha256 source: ${hash}`);
  const gateway = gatewaySources(inputs.gatewayUrl);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inputs.scriptHashes]],
    [
      'style-src',
      [
        "'self'",
        `'nonce-${styleNonce}'`,
        ...inputs.styleHashes,
        ...(styleAttributeHashes.length ? ["'unsafe-hashes'", ...styleAttributeHashes] : []),
      ],
    ],
    ['img-src', ["'self'", ...gateway]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...gateway]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The headers besides the policy's that do not depend on the build. */
function fixedHeaders(production: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // For browsers without CSP 2's frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // Production is served over https (the ingress); a browser ignores HSTS over http, and on
    // http://localhost it would be wrong to send it at all.
    ...(production ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Every security header of one answer.
 * @param inputs - what the build found ({@link policyInputs}, or dist/security-headers.json)
 * @param options.styleNonce - this answer's fresh nonce (base64), the one written into its HTML
 * @param options.styleAttributeHashes - see {@link contentSecurityPolicy}
 * @param options.production - adds Strict-Transport-Security
 * @returns header name → value
 */
export function securityHeaders(
  inputs: PolicyInputs,
  options: { styleNonce: string; production: boolean; styleAttributeHashes?: string[] },
): Record<string, string> {
  if (!NONCE.test(options.styleNonce)) throw new Error('the style nonce must be base64');
  return {
    'Content-Security-Policy': contentSecurityPolicy(inputs, options.styleNonce, options.styleAttributeHashes),
    ...fixedHeaders(options.production),
  };
}

/**
 * The `'sha256-…'` of every distinct `style` attribute in `html` (as the browser reads it, entities
 * decoded), for {@link contentSecurityPolicy}'s `styleAttributeHashes`.
 */
export function styleAttributeHashes(html: string): string[] {
  const values = new Set<string>();
  for (const m of html.matchAll(/<[a-zA-Z][^>]*?\sstyle="([^"]*)"/g)) values.add(decodeEntities(m[1]!));
  return [...values].map(sha256);
}

/** The entities React writes in attribute values, decoded (&amp; last, so `&amp;quot;` stays `&quot;`). */
const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
