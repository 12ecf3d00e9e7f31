/**
 * The web app's security headers (issue 27 item 4, ./securityHeaders.ts): the hashes of the inline
 * scripts and styles of a given index.html (checked against the CSP specification's own example),
 * the policy text, HSTS in production only, and the style attributes of a server-rendered page.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, NONCE_PLACEHOLDER, policyInputs, securityHeaders, styleAttributeHashes } from './securityHeaders';

/** The example of the CSP Level 3 specification (§ 8.4 "Hash usage for script elements"). */
const SPEC_SCRIPT = "alert('Hello, world.');";
const SPEC_HASH = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";

const page = (head: string) =>
  `<!doctype html><html><head>${head}<meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}"></head><body><div id="root"></div></body></html>`;

describe('policyInputs', () => {
  it('hashes every inline script, whatever its attributes, and leaves scripts with src to script-src self', () => {
    const html = page(
      `<script>${SPEC_SCRIPT}</script><script type="module" nonce="${NONCE_PLACEHOLDER}">import('/a.js')</script>` +
        `<script type="module" crossorigin src="/assets/index.js"></script>`,
    );
    const inputs = policyInputs(html, 'http://localhost:8070');
    expect(inputs.scriptHashes).toHaveLength(2);
    expect(inputs.scriptHashes[0]).toBe(SPEC_HASH);
    expect(inputs.styleHashes).toEqual([]);
  });

  it('hashes inline <style> elements too, and hashes what the browser hashes (CRLF read as LF)', () => {
    const html = page(`<script>\r\n${SPEC_SCRIPT}\r\n</script><style>body{margin:0}</style>`);
    const lf = policyInputs(page(`<script>\n${SPEC_SCRIPT}\n</script>`), '/');
    const inputs = policyInputs(html, '/');
    expect(inputs.scriptHashes).toEqual(lf.scriptHashes);
    expect(inputs.styleHashes).toEqual([`'sha256-${createHash('sha256').update('body{margin:0}').digest('base64')}'`]);
  });

  it('refuses HTML whose inline code no hash can allow (event handler or style attributes)', () => {
    expect(() => policyInputs(page('<img src="/x.png" onerror="alert(1)">'), '/')).toThrow(/onerror/);
    expect(() => policyInputs(page('<div style="color:red"></div>'), '/')).toThrow(/style attribute/);
  });
});

describe('securityHeaders', () => {
  const inputs = { gatewayUrl: 'https://api.marketplace.lk/', scriptHashes: [SPEC_HASH], styleHashes: [] };

  it('builds the policy of issue 27 item 4', () => {
    const headers = securityHeaders(inputs, { styleNonce: 'abc123abc123abc123', production: false });
    expect(headers['Content-Security-Policy']).toBe(
      [
        "default-src 'self'",
        `script-src 'self' ${SPEC_HASH}`,
        "style-src 'self' 'nonce-abc123abc123abc123'",
        "img-src 'self' https://api.marketplace.lk",
        "font-src 'self'",
        "connect-src 'self' https://api.marketplace.lk",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Permissions-Policy']).toMatch(/camera=\(\)/);
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
  });

  it('adds HSTS in production only', () => {
    expect(securityHeaders(inputs, { styleNonce: 'n0nce0n0nce0n0nce0', production: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('names the gateway by its origin, and nothing more when the gateway is the page’s own origin', () => {
    const withPath = contentSecurityPolicy({ ...inputs, gatewayUrl: 'http://localhost:8070/api/v1' }, 'n');
    expect(withPath).toContain("connect-src 'self' http://localhost:8070;");
    const relative = contentSecurityPolicy({ ...inputs, gatewayUrl: '/api' }, 'n');
    expect(relative).toContain("connect-src 'self';");
    expect(relative).toContain("img-src 'self';");
  });

  it('puts inline style hashes beside the nonce', () => {
    const policy = contentSecurityPolicy({ ...inputs, styleHashes: ["'sha256-AAAA'"] }, 'n');
    expect(policy).toContain("style-src 'self' 'nonce-n' 'sha256-AAAA';");
  });

  it('refuses a nonce that could break out of the header', () => {
    expect(() => securityHeaders(inputs, { styleNonce: "x'; script-src *", production: false })).toThrow(/nonce/);
  });
});

describe('style attributes of a server-rendered page (issue 32 item 2)', () => {
  it("allows exactly the page's style attributes, hashed as the browser reads them, with 'unsafe-hashes'", () => {
    const html = '<div style="width:100%;--x:&quot;a&quot;"></div><p style="width:100%;--x:&quot;a&quot;">t</p><img style="color:red">';
    const hashes = styleAttributeHashes(html);
    const expected = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    expect(hashes).toEqual([expected('width:100%;--x:"a"'), expected('color:red')]);
    const policy = contentSecurityPolicy({ gatewayUrl: '/api', scriptHashes: [], styleHashes: [] }, 'abc=', hashes);
    expect(policy).toContain(`style-src 'self' 'nonce-abc=' 'unsafe-hashes' ${hashes.join(' ')}`);
    // Without any, the policy stays as before.
    expect(contentSecurityPolicy({ gatewayUrl: '/api', scriptHashes: [], styleHashes: [] }, 'abc=')).toContain(
      "style-src 'self' 'nonce-abc=';",
    );
    expect(() => contentSecurityPolicy({ gatewayUrl: '/api', scriptHashes: [], styleHashes: [] }, 'abc=', ["'unsafe-inline'"])).toThrow(
      /sha256/,
    );
  });
});
