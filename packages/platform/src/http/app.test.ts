import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest, HttpError } from '../errors';
import { callerFromGateway, requireCaller } from './caller';
import { createHttpApp, finishApp } from './app';

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

  it('exposes Prometheus metrics', async () => {
    const res = await request(build()).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toContain('process_cpu_user_seconds_total');
  });

  it('turns a zod error into 400 { error, fields } with the schema message', async () => {
    const res = await request(build()).post('/Customer/add').send({ phoneNumber: '07x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Enter only numeric values to phone number',
      fields: { phoneNumber: 'Enter only numeric values to phone number' },
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await request(build()).post('/Customer/add').set('content-type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The request body is not valid JSON');
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
    expect(res.body).toEqual({ error: 'Internal server error' });
  });

  it('passes HttpError status, fields and headers through', async () => {
    const limited = await request(build()).get('/limited');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
    const form = await request(build()).get('/form');
    expect(form.body).toEqual({ error: 'Password Mismatch', fields: { confirmPassword: 'Password Mismatch' } });
  });

  it('answers unknown paths 404 { error }', async () => {
    const res = await request(build()).get('/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  it('routes case-insensitively, as the documents need', async () => {
    const res = await request(build()).post('/customer/ADD').send({ phoneNumber: '0771234567' });
    expect(res.status).toBe(200);
  });

  it('trusts caller headers only with the internal token', async () => {
    const app = build();
    const forged = await request(app).get('/me').set('x-caller-id', 'c1').set('x-caller-role', 'customer');
    expect(forged.status).toBe(401);
    const wrong = await request(app).get('/me').set({ 'x-caller-id': 'c1', 'x-caller-role': 'customer', 'x-internal-token': 'nope' });
    expect(wrong.status).toBe(401);
    const ok = await request(app).get('/me').set({ 'x-caller-id': 'c1', 'x-caller-role': 'customer', 'x-internal-token': SECRET });
    expect(ok.body).toEqual({ id: 'c1', role: 'customer' });
    const seller = await request(app).get('/me').set({ 'x-caller-id': 's1', 'x-caller-role': 'seller', 'x-internal-token': SECRET });
    expect(seller.status).toBe(403);
  });
});

// Keep express imported for its types in the declaration merge above.
void express;
