/**
 * Reaching a service past the gateway (issue 27 items 2 and 9; docs/architecture.md, Shape,
 * Sessions and Observability), against the real identity service behind the real gateway:
 *
 * - a request sent straight to the service with caller headers answers 401 whatever it carries:
 *   the old static `x-internal-token`, a made-up proof, a proof signed with another key, an
 *   unsigned one; forged headers are refused, not taken for an anonymous request;
 * - a proof the gateway really signed, captured between the gateway and the service, is refused
 *   on another path, a second time, and after it expired (this stack's gateway signs proofs for
 *   2 s, CALLER_PROOF_TTL_SECONDS);
 * - services listen on the loopback address only (skipped, saying so, when the machine has no
 *   non-loopback IPv4 address);
 * - `/metrics` answers 404 on the gateway's and the service's own ports, and Prometheus text on
 *   each process's metrics listener (METRICS_PORT).
 *
 * A capture proxy sits where the gateway expects identity (IDENTITY_URL): it records the headers
 * the gateway sends and either forwards the request to identity or keeps it (answers 204 itself),
 * so a test can replay a proof the service never saw.
 */
import { targetDigest } from '@market/platform';
import { startTestStack, TEST_SECRETS, type TestStack } from '@market/platform/testing';
import { Client, newCustomer } from '@market/testing';
import { createHmac } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** How long this stack's gateway signs a proof for, in seconds. */
const PROOF_TTL_SECONDS = 2;
/** The clock skew a service allows on a proof's expiry, in seconds (platform's callerProof.ts). */
const CLOCK_TOLERANCE_SECONDS = 2;

interface Captured {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** The identity-bound hop of the gateway, recorded; `forward` false keeps the request from identity. */
class CaptureProxy {
  readonly captured: Captured[] = [];
  forward = true;
  target = '';
  private readonly server = http.createServer((req, res) => {
    this.captured.push({ method: req.method!, url: req.url!, headers: { ...req.headers } });
    if (!this.forward) {
      req.resume();
      res.writeHead(204).end();
      return;
    }
    const upstream = http.request(`${this.target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The headers of the last captured request to `path`. */
  last(path: string): IncomingHttpHeaders {
    const hit = this.captured.findLast((c) => c.url === path);
    if (!hit) throw new Error(`nothing captured for ${path}`);
    return hit.headers;
  }
}

const capture = new CaptureProxy();
let stack: TestStack;
let admin: Client;
let adminId: string;

beforeAll(async () => {
  const captureUrl = await capture.listen();
  stack = await startTestStack(['identity'], { IDENTITY_URL: captureUrl, CALLER_PROOF_TTL_SECONDS: String(PROOF_TTL_SECONDS) });
  capture.target = stack.processes.identity!.url;
  admin = new Client(stack.gatewayUrl);
  const login = await admin.request('post', '/Admin/loginAdmin', {
    body: { username: stack.admin.username, password: stack.admin.password },
  });
  expect(login.status).toBe(200);
  adminId = login.body.adminLogin._id;
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await capture.close();
});

const identityUrl = () => stack.processes.identity!.url;

/** A request straight to identity, past the gateway. */
const direct = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  fetch(`${identityUrl()}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });

/** The caller headers of a captured request, as an attacker on the wire would copy them. */
function callerHeadersOf(h: IncomingHttpHeaders): Record<string, string> {
  const copied: Record<string, string> = {};
  for (const name of ['x-caller-id', 'x-caller-role', 'x-caller-proof', 'x-internal-token', 'x-request-id'])
    if (typeof h[name] === 'string') copied[name] = h[name];
  return copied;
}

/** A compact HS256 JWT over `claims` with `key` (a forger's key, or none for `alg: none`). */
function jwt(claims: Record<string, unknown>, key: string | null): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const input = `${part({ alg: key ? 'HS256' : 'none', typ: 'JWT' })}.${part(claims)}`;
  return `${input}.${key ? createHmac('sha256', key).update(input).digest('base64url') : ''}`;
}

const adminClaims = (path: string) => {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: 'marketplace-gateway',
    aud: 'marketplace-service',
    sub: adminId,
    role: 'admin',
    jti: 'forged-1',
    rid: 'forged-req',
    htm: 'GET',
    htd: targetDigest(path),
    iat: now,
    exp: now + 30,
  };
};

describe('a request sent straight to a service, past the gateway', () => {
  it('answers 401 on GET /Customer/getAll, anonymous or with forged caller headers', async () => {
    const asAdmin = { 'x-caller-id': adminId, 'x-caller-role': 'admin', 'x-request-id': 'forged-req' };
    expect((await direct('/Customer/getAll')).status).toBe(401);
    // The static header of before: knowing INTERNAL_SECRET no longer makes anybody anyone.
    expect((await direct('/Customer/getAll', { ...asAdmin, 'x-internal-token': TEST_SECRETS.INTERNAL_SECRET })).status).toBe(401);
    expect((await direct('/Customer/getAll', asAdmin)).status).toBe(401);
    expect((await direct('/Customer/getAll', { ...asAdmin, 'x-caller-proof': 'made-up' })).status).toBe(401);
    const otherKey = jwt(adminClaims('/Customer/getAll'), 'an-attackers-own-key-0123456789-abcdef');
    expect((await direct('/Customer/getAll', { ...asAdmin, 'x-caller-proof': otherKey })).status).toBe(401);
    const unsigned = jwt(adminClaims('/Customer/getAll'), null);
    expect((await direct('/Customer/getAll', { ...asAdmin, 'x-caller-proof': unsigned })).status).toBe(401);
    // The same claims through the gateway, from the signed-in admin, pass.
    expect((await admin.request('get', '/Customer/getAll', { query: {} })).status).toBe(200);
  });

  it('refuses forged caller headers instead of treating the request as anonymous', async () => {
    const register = (headers: Record<string, string>) =>
      direct('/Customer/add', { 'content-type': 'application/json', ...headers }, { method: 'POST', body: JSON.stringify(newCustomer()) });
    const forged = await register({ 'x-caller-id': adminId, 'x-caller-role': 'admin', 'x-internal-token': TEST_SECRETS.INTERNAL_SECRET });
    expect(forged.status).toBe(401);
    expect((await register({ 'x-caller-proof': jwt(adminClaims('/Customer/add'), 'another-key-0123456789-0123456789') })).status).toBe(401);
    // Without any caller header the request stays anonymous, as registration is.
    expect((await register({})).status).toBe(201);
  });

  it('refuses a proof captured from a gateway-forwarded request on another path and a second time', async () => {
    capture.forward = true;
    expect((await admin.request('get', '/Admin/me')).status).toBe(200);
    const stolen = callerHeadersOf(capture.last('/Admin/me'));
    expect(stolen['x-caller-role']).toBe('admin');
    expect((await direct('/Customer/getAll', stolen)).status).toBe(401);
    expect((await direct(`/Admin/getAdmin/${adminId}`, stolen)).status).toBe(401);
    expect((await direct('/Admin/me', stolen, { method: 'DELETE' })).status).toBe(401);
    // The very request again: identity has seen this proof already.
    expect((await direct('/Admin/me', stolen)).status).toBe(401);
  });

  it('refuses a captured proof after it expired, though it was good when captured', async () => {
    capture.forward = false;
    const viaGateway = () => fetch(`${stack.gatewayUrl}/Admin/me`, { headers: { cookie: `mp_session=${admin.token}` } });
    expect((await viaGateway()).status).toBe(204);
    // Never seen by identity, within its lifetime: the proof itself is good.
    expect((await direct('/Admin/me', callerHeadersOf(capture.last('/Admin/me')))).status).toBe(200);

    expect((await viaGateway()).status).toBe(204);
    const kept = callerHeadersOf(capture.last('/Admin/me'));
    await new Promise((r) => setTimeout(r, (PROOF_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS + 1.5) * 1000));
    expect((await direct('/Admin/me', kept)).status).toBe(401);
    capture.forward = true;
  }, 30_000);
});

/** The first IPv4 address of this machine that is not a loopback one. */
function nonLoopbackIPv4(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('where processes listen', () => {
  it('binds the service, its metrics listener and the gateway to the loopback address only', async (ctx) => {
    const address = nonLoopbackIPv4();
    if (!address) ctx.skip(true, 'this machine has no non-loopback IPv4 address to connect to');
    const identity = stack.processes.identity!;
    for (const url of [identity.url, stack.gatewayUrl, identity.metricsUrl]) {
      const port = Number(new URL(url).port);
      expect(await accepts('127.0.0.1', port), `127.0.0.1:${port}`).toBe(true);
      expect(await accepts(address!, port), `${address}:${port}`).toBe(false);
    }
  });
});

describe('metrics', () => {
  it('answers 404 for /metrics on the gateway and service ports, Prometheus text on the metrics listeners', async () => {
    for (const url of [stack.gatewayUrl, identityUrl()]) expect((await fetch(`${url}/metrics`)).status, url).toBe(404);
    for (const name of ['gateway', 'identity']) {
      const res = await fetch(`${stack.processes[name]!.metricsUrl}/metrics`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      expect(text).toContain(`service="${name}"`);
      // Only metrics there: the probes and the API stay on the main port.
      expect((await fetch(`${stack.processes[name]!.metricsUrl}/healthz`)).status).toBe(404);
    }
  });
});
