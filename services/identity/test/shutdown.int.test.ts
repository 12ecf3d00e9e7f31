/**
 * Graceful shutdown (docs/architecture.md, Graceful shutdown): on SIGTERM a service stops taking requests, finishes
 * the ones in flight, closes its relay, queues and connections, and exits 0 within 10 s.
 */
import { connectMongo } from '@market/platform';
import { spawnProcess, testServers, TEST_SECRETS, uniqueName } from '@market/platform/testing';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('graceful shutdown', () => {
  it('answers the request in flight, then exits 0 within 10 s of SIGTERM', async () => {
    const dbName = uniqueName('identity-shutdown');
    const proc = await spawnProcess(path.resolve(__dirname, '../src/main.ts'), {
      ...TEST_SECRETS,
      MONGO_DB: dbName,
      ADMIN_USERNAME: 'shutdownadmin',
      ADMIN_PASSWORD: 'Admin#Passw0rd',
      ADMIN_EMAIL: 'shutdown@example.lk',
    });
    // A login costs an argon2 verification: it is still running when SIGTERM arrives.
    const inFlight = fetch(`${proc.url}/Admin/loginAdmin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'shutdownadmin', password: 'Admin#Passw0rd' }),
    });
    await new Promise((r) => setTimeout(r, 5));
    await proc.stop();
    const res = await inFlight;
    expect(res.status).toBe(200);
    const info = proc.exitInfo();
    expect(info).toMatchObject({ code: 0, signal: null });
    expect(info!.msAfterTerm).toBeLessThan(10_000);
    expect(proc.output()).toContain('shutting down');
    const db = await connectMongo({ url: testServers().mongoUrl, dbName });
    await db.dropDatabase();
    await db.close();
  });
});
