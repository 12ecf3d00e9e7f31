/**
 * The gateway in front of a real upstream HTTP server: paths forwarded unchanged, identity
 * headers stripped and re-set only for an authenticated caller, CORS with credentials, the
 * cross-site guard, 404 for unknown paths and 502 for a service that is down.
 */
import { DRAINING_HEADER, verifyCallerProof } from '@market/platform';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/app';
import { GatewayConfigSchema } from '../src/config';

const SECRET = 'gateway-test-secret-0123456789';
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.use((req, res) => {
    res.json({ method: req.method, url: req.originalUrl, headers: req.headers, body: req.body });
  });
  upstream = app.listen(0);
  await new Promise((r) => upstream.once('listening', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => (upstream ? upstream.close(() => r()) : r())));

function gateway(authenticated = false, identityUrl = upstreamUrl) {
  const config = GatewayConfigSchema.parse({
    SERVICE_NAME: 'gateway',
    INTERNAL_SECRET: SECRET,
    SESSION_SECRET: 'session-secret-for-gateway-tests-0123456789',
    WEB_ORIGINS: 'http://localhost:3000',
    IDENTITY_URL: identityUrl,
    CATALOGUE_URL: 'http://127.0.0.1:1', // nothing listens there
  });
  return createGatewayApp({
    config,
    logger: pino({ level: 'silent' }),
    authenticate: async () => (authenticated ? { id: 'cust-1', role: 'customer' } : null),
  });
}

describe('gateway proxy', () => {
  it('forwards a documented path unchanged with its body and request id', async () => {
    const res = await request(gateway())
      .post('/orgSeller/loginSeller?x=1')
      .set('x-request-id', 'req-42')
      .send({ username: 'u', password: 'p' });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe('/orgSeller/loginSeller?x=1');
    expect(res.body.body).toEqual({ username: 'u', password: 'p' });
    expect(res.body.headers['x-request-id']).toBe('req-42');
  });

  it('strips forged identity headers from anonymous requests', async () => {
    const res = await request(gateway())
      .get('/Customer/get/abc')
      .set({ 'x-caller-id': 'admin-1', 'x-caller-role': 'admin', 'x-internal-token': SECRET, 'x-caller-proof': 'forged' });
    expect(res.body.headers['x-caller-id']).toBeUndefined();
    expect(res.body.headers['x-caller-role']).toBeUndefined();
    expect(res.body.headers['x-internal-token']).toBeUndefined();
    expect(res.body.headers['x-caller-proof']).toBeUndefined();
  });

  it('sets identity headers for an authenticated caller, replacing forged ones', async () => {
    const res = await request(gateway(true))
      .get('/Customer/me?x=1')
      .set({ 'x-caller-id': 'admin-1', 'x-caller-role': 'admin', 'x-caller-proof': 'forged', 'x-request-id': 'req-7' });
    expect(res.body.headers['x-caller-id']).toBe('cust-1');
    expect(res.body.headers['x-caller-role']).toBe('customer');
    // No static secret on the wire any more: a proof signed for this one request (issue 27 item 2).
    expect(res.body.headers['x-internal-token']).toBeUndefined();
    const claims = verifyCallerProof(SECRET, res.body.headers['x-caller-proof'], {
      method: 'GET',
      target: '/Customer/me?x=1',
      requestId: 'req-7',
    });
    expect(claims).toMatchObject({ sub: 'cust-1', role: 'customer', exp: claims.iat + 30 });
    expect(() =>
      verifyCallerProof(SECRET, res.body.headers['x-caller-proof'], { method: 'GET', target: '/Customer/getAll', requestId: 'req-7' }),
    ).toThrow('signed for another method or path');
  });

  it('answers unknown paths with 404 { error } without calling a service', async () => {
    const res = await request(gateway()).get('/no/such/path');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', code: 'not-found' });
  });

  it('answers 502 { error } when the service is down', async () => {
    const res = await request(gateway()).get('/items/getItems');
    expect(res.status).toBe(502);
    expect(res.body.error).toMatch(/catalogue service is unavailable/);
  });

  it('allows the web origin with credentials and not others', async () => {
    const ok = await request(gateway())
      .options('/Customer/loginCustomer')
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'POST');
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const other = await request(gateway())
      .options('/Customer/loginCustomer')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const res = await request(gateway()).post('/Customer/add').set('Origin', 'https://evil.example').send({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Cross-site request refused' });
  });

  it('serves the OpenAPI document and its page', async () => {
    const json = await request(gateway()).get('/openapi.json');
    expect(json.status).toBe(200);
    expect(json.body.paths['/Customer/loginCustomer'].post.summary).toMatch(/Log in/);
    const page = await request(gateway()).get('/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
  });

  it('sends nothing more to a replica that answered it is shutting down, and keeps that header to itself', async () => {
    // Two replicas: the first says it is draining (platform's shutdown.ts) on every answer.
    const served: string[] = [];
    const replica = (name: string, draining: boolean) => {
      const app = express();
      app.use((_req, res) => {
        served.push(name);
        if (draining) res.setHeader(DRAINING_HEADER, '1');
        res.json({ name });
      });
      const server = app.listen(0);
      return new Promise<Server>((r) => server.once('listening', () => r(server)));
    };
    const [a, b] = await Promise.all([replica('a', true), replica('b', false)]);
    try {
      const url = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
      const app = gateway(false, `${url(a)},${url(b)}`);
      for (let i = 0; i < 6; i++) {
        const res = await request(app).get('/Customer/get/1');
        expect(res.status).toBe(200);
        expect(res.headers[DRAINING_HEADER]).toBeUndefined();
      }
      // Round robin would have sent every other request to a; after its first answer, none.
      expect(served).toEqual(['a', 'b', 'b', 'b', 'b', 'b']);
    } finally {
      await Promise.all([a, b].map((s) => new Promise((r) => s.close(r))));
    }
  });

  it('serves its own health probe', async () => {
    const res = await request(gateway()).get('/healthz');
    expect(res.body).toEqual({ status: 'ok', service: 'gateway' });
  });
});
