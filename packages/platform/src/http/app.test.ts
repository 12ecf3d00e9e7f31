import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest, HttpError, OUTAGE_RETRY_AFTER_SECONDS, outageOf } from '../errors';
import { callerFromGateway, REFUSED_CALLER_MESSAGE, requireCaller } from './caller';
import { signCallerProof } from './callerProof';
import { READINESS_REFRESH_MS, READINESS_TIMEOUT_MS, createHttpApp, finishApp, metricsRegistryOf } from './app';
import { createMetricsServer } from './metrics';

const logger = pino({ level: 'silent' });
const SECRET = 'internal-secret-for-tests';

function build(readyOk = true) {
  const app = createHttpApp({
    service: 'test',
    logger,
    readiness: [{ name: 'db', check: async () => (readyOk ? undefined : Promise.reject(new Error('down'))) }],
  });
  app.use(callerFromGateway(SECRET));
  const Body = z.object({ phoneNumber: z.string().regex(/^\d+$/, 'Enter only numeric values to phone number') });
  app.post('/Customer/add', (req, res) => {
    res.json(Body.parse(req.body));
  });
  app.get('/boom', () => {
    throw new Error('secret internals at /srv/db');
  });
  app.get('/limited', () => {
    throw new HttpError(429, 'Too many requests', undefined, { 'Retry-After': '30' });
  });
  app.get('/form', () => {
    throw badRequest('Password Mismatch', { confirmPassword: 'Password Mismatch' });
  });
  app.get('/me', (req, res) => {
    res.json(requireCaller(req, 'customer'));
  });
  return finishApp(app, logger);
}

describe('HTTP kit', () => {
  it('answers /healthz and a request id', async () => {
    const res = await request(build()).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', service: 'test' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a well-formed incoming request id', async () => {
    const res = await request(build()).get('/healthz').set('x-request-id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('reports readiness per dependency, 503 when one is down', async () => {
    const ok = await request(build(true)).get('/readyz');
    expect(ok.status).toBe(200);
    const down = await request(build(false)).get('/readyz');
    expect(down.status).toBe(503);
    expect(down.body.checks).toEqual([{ name: 'db', ok: false, error: 'down' }]);
  });

  it('answers /metrics 404 on the API app; the metrics listener serves the registry (issue 27 item 9)', async () => {
    const app = build();
    expect((await request(app).get('/metrics')).status).toBe(404);
    await request(app).get('/healthz');
    const metrics = createMetricsServer(metricsRegistryOf(app));
    const res = await request(metrics).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toContain('process_cpu_user_seconds_total');
    expect(res.text).toContain('http_request_duration_seconds_count{service="test",method="GET",route="/healthz",status="200"} 1');
    expect((await request(metrics).get('/healthz')).status).toBe(404);
    expect((await request(metrics).post('/metrics')).status).toBe(404);
  });

  it('turns a zod error into 400 { error, fields } with the schema message', async () => {
    const res = await request(build()).post('/Customer/add').send({ phoneNumber: '07x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Enter only numeric values to phone number',
      code: 'phone-digits-only',
      fields: { phoneNumber: 'Enter only numeric values to phone number' },
      fieldCodes: { phoneNumber: 'phone-digits-only' },
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await request(build()).post('/Customer/add').set('content-type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON', code: 'invalid-json' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await request(build())
      .post('/Customer/add')
      .send({ phoneNumber: '1'.repeat(200_000) });
    expect(res.status).toBe(413);
  });

  it('hides internals of unexpected errors', async () => {
    const res = await request(build()).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Internal server error', code: 'server-error' });
  });

  it('passes HttpError status, fields and headers through', async () => {
    const limited = await request(build()).get('/limited');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
    const form = await request(build()).get('/form');
    expect(form.body).toEqual({
      error: 'Password Mismatch',
      code: 'password-mismatch',
      fields: { confirmPassword: 'Password Mismatch' },
      fieldCodes: { confirmPassword: 'password-mismatch' },
    });
  });

  it('gives error answers written by a route itself their codes, and leaves a text without one as it is (issue 33 item 2)', async () => {
    const app = createHttpApp({ service: 'test', logger: pino({ level: 'silent' }) });
    app.get('/own', (_req, res) => {
      res.status(409).json({ error: 'Only 2 of Red Phone left in stock', current: 1 });
    });
    app.get('/unknown', (_req, res) => {
      res.status(400).json({ error: 'A text the catalogue lacks' });
    });
    app.get('/ok', (_req, res) => {
      res.json({ error: 'Not found' });
    });
    finishApp(app, pino({ level: 'silent' }));
    expect((await request(app).get('/own')).body).toEqual({
      error: 'Only 2 of Red Phone left in stock',
      code: 'out-of-stock',
      params: { stock: '2', name: 'Red Phone' },
      current: 1,
    });
    expect((await request(app).get('/unknown')).body).toEqual({ error: 'A text the catalogue lacks' });
    expect((await request(app).get('/ok')).body).toEqual({ error: 'Not found' });
  });

  it('answers unknown paths 404 { error }', async () => {
    const res = await request(build()).get('/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', code: 'not-found' });
  });

  it('routes case-insensitively, as the documents need', async () => {
    const res = await request(build()).post('/customer/ADD').send({ phoneNumber: '0771234567' });
    expect(res.status).toBe(200);
  });

  it("trusts caller headers only with the gateway's proof for this very request (issue 27 item 2)", async () => {
    const app = build();
    const proof = (id: string, role: 'customer' | 'seller', target = '/me', requestId = 'req-1') =>
      signCallerProof(SECRET, { id, role }, { method: 'GET', target, requestId });
    const as = (id: string, role: string, extra: Record<string, string> = {}) => ({
      'x-caller-id': id,
      'x-caller-role': role,
      'x-request-id': 'req-1',
      ...extra,
    });
    const refused = { error: REFUSED_CALLER_MESSAGE };

    // Anonymous: no caller header at all.
    expect((await request(app).get('/me')).body).toEqual({ error: 'Please log in', code: 'please-log-in' });
    expect((await request(app).post('/Customer/add').send({ phoneNumber: '0771234567' })).status).toBe(200);
    // Caller headers without a good proof are refused, not taken as anonymous.
    const forged = await request(app).post('/Customer/add').set(as('c1', 'customer')).send({ phoneNumber: '0771234567' });
    expect([forged.status, forged.body]).toEqual([401, refused]);
    expect(
      (
        await request(app)
          .get('/me')
          .set(as('c1', 'customer', { 'x-internal-token': SECRET }))
      ).body,
    ).toEqual(refused);
    expect(
      (
        await request(app)
          .get('/me')
          .set(as('c1', 'customer', { 'x-caller-proof': 'nope' }))
      ).status,
    ).toBe(401);
    expect(
      (
        await request(app)
          .get('/me')
          .set({ 'x-caller-proof': proof('c1', 'customer', '/other') })
      ).status,
    ).toBe(401);
    expect(
      (
        await request(app)
          .get('/me')
          .set(as('c1', 'customer', { 'x-caller-proof': proof('c1', 'customer', '/me', 'req-2') }))
      ).status,
    ).toBe(401);
    // Plain headers that disagree with the proof.
    expect(
      (
        await request(app)
          .get('/me')
          .set(as('c2', 'customer', { 'x-caller-proof': proof('c1', 'customer') }))
      ).status,
    ).toBe(401);
    // Beside the old static token, even a good proof is refused.
    const both = as('c1', 'customer', { 'x-caller-proof': proof('c1', 'customer'), 'x-internal-token': SECRET });
    expect((await request(app).get('/me').set(both)).status).toBe(401);

    const good = as('c1', 'customer', { 'x-caller-proof': proof('c1', 'customer') });
    const ok = await request(app).get('/me').set(good);
    expect([ok.status, ok.body]).toEqual([200, { id: 'c1', role: 'customer' }]);
    expect((await request(app).get('/me').set(good)).body).toEqual(refused); // the same proof again
    // The proof alone is enough; the plain headers are for logs.
    expect(
      (
        await request(app)
          .get('/me')
          .set({ 'x-request-id': 'req-1', 'x-caller-proof': proof('c1', 'customer') })
      ).status,
    ).toBe(200);
    const seller = await request(app)
      .get('/me')
      .set(as('s1', 'seller', { 'x-caller-proof': proof('s1', 'seller') }));
    expect(seller.status).toBe(403);
  });
});

// Keep express imported for its types in the declaration merge above.
void express;

describe('dependency outages (issue 34)', () => {
  it('answers 503 with Retry-After for a client library outage error, 500 for anything else', async () => {
    const app = createHttpApp({ service: 'test', logger });
    const redisDown = Object.assign(new Error("Stream isn't writeable and enableOfflineQueue options is false"), {});
    const mongoDown = Object.assign(new Error('Server selection timed out after 1000 ms'), { name: 'MongoServerSelectionError' });
    const buffered = Object.assign(new Error('Operation `items.findOne()` buffering timed out after 1000ms'), { name: 'MongooseError' });
    const wrapped = new Error('could not save', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    app.get('/redis', () => Promise.reject(redisDown));
    app.get('/mongo', () => Promise.reject(mongoDown));
    app.get('/buffered', () => Promise.reject(buffered));
    app.get('/wrapped', () => Promise.reject(wrapped));
    app.get('/other', () => Promise.reject(new Error('a bug')));
    finishApp(app, logger);
    for (const path of ['/redis', '/mongo', '/buffered', '/wrapped']) {
      const res = await request(app).get(path);
      expect([path, res.status, res.headers['retry-after']]).toEqual([path, 503, String(OUTAGE_RETRY_AFTER_SECONDS)]);
      expect(res.body.error).toMatch(/temporarily unavailable/);
    }
    expect((await request(app).get('/other')).status).toBe(500);
    expect(outageOf(new Error('a bug'))).toBeNull();
  });

  it('answers /readyz within its bound from states kept in the background, even while a check hangs', async () => {
    let answer: 'ok' | 'hang' = 'ok';
    let started = 0;
    const app = finishApp(
      createHttpApp({
        service: 'test',
        logger,
        readiness: [
          {
            name: 'kafka',
            check: () => {
              started++;
              return answer === 'ok' ? Promise.resolve() : new Promise<void>(() => undefined);
            },
          },
        ],
      }),
      logger,
    );
    expect((await request(app).get('/readyz')).status).toBe(200);
    answer = 'hang';
    // The next rounds find the hanging probe still running: not ready, and no second probe piled on.
    const down = await waitForStatus(app, 503);
    expect(down.body.checks).toEqual([{ name: 'kafka', ok: false, error: `kafka did not answer within ${READINESS_TIMEOUT_MS} ms` }]);
    const probes = started;
    await new Promise((r) => setTimeout(r, 2 * READINESS_REFRESH_MS));
    expect(started).toBe(probes);
  });
});

/** Asks /readyz until it answers `status` (the states refresh every READINESS_REFRESH_MS). */
async function waitForStatus(app: express.Express, status: number) {
  for (let i = 0; i < 50; i++) {
    const res = await request(app).get('/readyz');
    if (res.status === status) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`/readyz did not answer ${status}`);
}
