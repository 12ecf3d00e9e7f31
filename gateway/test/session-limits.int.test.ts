/**
 * The gateway's session check and per-IP rate limits against the real Redis: a valid session
 * becomes caller headers, a revoked, forged or expired one does not; the limited endpoints answer
 * 429 with Retry-After once the IP has used its allowance.
 */
import { createRedis, revokeSession, revokeSubjectSessions, signSession } from '@market/platform';
import { requireServers, testServers, uniqueName } from '@market/platform/testing';
import express from 'express';
import type { Redis } from 'ioredis';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/app';
import { GatewayConfigSchema } from '../src/config';
import { rateLimits } from '../src/rateLimits';
import { sessionAuthenticator } from '../src/session';

const SESSION_SECRET = 'session-secret-for-gateway-tests-0123456789';
let redis: Redis;
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  await requireServers('redis');
  redis = createRedis(testServers().redisUrl);
  const app = express();
  app.use((req, res) => {
    res.json({ callerId: req.get('x-caller-id') ?? null, role: req.get('x-caller-role') ?? null });
  });
  upstream = app.listen(0);
  await new Promise((r) => upstream.once('listening', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => (upstream ? upstream.close(() => r()) : r()));
  await redis?.quit();
});

function gateway(limitRules?: Parameters<typeof rateLimits>[2]) {
  const config = GatewayConfigSchema.parse({
    SERVICE_NAME: 'gateway',
    INTERNAL_SECRET: 'gateway-test-secret-0123456789',
    SESSION_SECRET,
    IDENTITY_URL: upstreamUrl,
  });
  return createGatewayApp({
    config,
    logger: pino({ level: 'silent' }),
    authenticate: sessionAuthenticator(SESSION_SECRET, redis),
    rateLimit: rateLimits(redis, 1, limitRules),
  });
}

describe('gateway sessions', () => {
  it('passes the caller of a valid cookie or Bearer session', async () => {
    const { token } = await signSession(SESSION_SECRET, 'cust-7', 'customer', 60);
    const byCookie = await request(gateway()).get('/Customer/me').set('Cookie', `mp_session=${token}`);
    expect(byCookie.body).toEqual({ callerId: 'cust-7', role: 'customer' });
    const byBearer = await request(gateway()).get('/Customer/me').set('Authorization', `Bearer ${token}`);
    expect(byBearer.body).toEqual({ callerId: 'cust-7', role: 'customer' });
  });

  it('treats a revoked, forged or expired session as anonymous', async () => {
    const { token, claims } = await signSession(SESSION_SECRET, 'cust-8', 'customer', 60);
    await revokeSession(redis, claims);
    const revoked = await request(gateway()).get('/Customer/me').set('Cookie', `mp_session=${token}`);
    expect(revoked.body).toEqual({ callerId: null, role: null });
    const forged = (await signSession('some-other-secret-0123456789-abcdef', 'admin-1', 'admin', 60)).token;
    expect((await request(gateway()).get('/Admin/me').set('Cookie', `mp_session=${forged}`)).body.callerId).toBeNull();
    const expired = (await signSession(SESSION_SECRET, 'cust-9', 'customer', -5)).token;
    expect((await request(gateway()).get('/Customer/me').set('Cookie', `mp_session=${expired}`)).body.callerId).toBeNull();
  });
});

describe('revoking every session of a subject (a deleted account)', () => {
  it('treats all sessions of that subject as anonymous, and only theirs', async () => {
    const sub = uniqueName('deleted-seller');
    const one = (await signSession(SESSION_SECRET, sub, 'seller', 60)).token;
    const two = (await signSession(SESSION_SECRET, sub, 'seller', 3600)).token;
    const other = (await signSession(SESSION_SECRET, uniqueName('other-seller'), 'seller', 60)).token;
    await revokeSubjectSessions(redis, sub);
    for (const token of [one, two]) {
      expect((await request(gateway()).put('/orgSeller/update/1').set('Cookie', `mp_session=${token}`)).body.callerId).toBeNull();
      expect((await request(gateway()).put('/orgSeller/update/1').set('Authorization', `Bearer ${token}`)).body.callerId).toBeNull();
    }
    // A token signed after the revocation (a login racing the deletion) is refused as well.
    const late = (await signSession(SESSION_SECRET, sub, 'seller', 60)).token;
    expect((await request(gateway()).get('/orgSeller/me').set('Cookie', `mp_session=${late}`)).body.callerId).toBeNull();
    expect((await request(gateway()).get('/orgSeller/me').set('Cookie', `mp_session=${other}`)).body.role).toBe('seller');
    expect(await redis.ttl(`session:revoked-subject:${sub}`)).toBeGreaterThan(30 * 24 * 3600);
  });
});

describe('gateway rate limits', () => {
  it('answers 429 with Retry-After past the allowance, on POST only', async () => {
    const rules = [{ name: uniqueName('login'), pattern: /^\/Customer\/loginCustomer$/i, points: 3, durationSeconds: 60 }];
    const app = gateway(rules);
    for (let i = 0; i < 3; i++) expect((await request(app).post('/Customer/loginCustomer').send({})).status).toBe(200);
    const limited = await request(app).post('/Customer/loginCustomer').send({});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toEqual({ error: 'Too many requests, please try again later', code: 'too-many-requests' });
    // Other paths and methods are not counted.
    expect((await request(app).get('/Customer/loginCustomer')).status).toBe(200);
    expect((await request(app).post('/Customer/update/1').send({})).status).toBe(200);
  });
});
