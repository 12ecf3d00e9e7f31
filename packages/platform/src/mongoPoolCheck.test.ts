import { describe, expect, it } from 'vitest';
import { applyPoolCheckInterval, driverPoolModule, POOL_CHECK_INTERVAL_MS } from './mongoPoolCheck';

/** The least of a server, and of pool options, the driver's pool constructor reads. */
const server = { topology: {} };
const hostAddress = { toString: () => '127.0.0.1:27017' };

describe("the driver's connection pool check", () => {
  it('runs every 10 s instead of every 100 ms on the driver mongoose uses, unless a pool names its own interval', () => {
    expect(applyPoolCheckInterval()).toBe(true);
    const { ConnectionPool } = driverPoolModule().module;
    expect(new ConnectionPool(server, { hostAddress }).options.minPoolSizeCheckFrequencyMS).toBe(POOL_CHECK_INTERVAL_MS);
    expect(new ConnectionPool(server, { hostAddress, minPoolSizeCheckFrequencyMS: 50 }).options.minPoolSizeCheckFrequencyMS).toBe(50);
  });

  it('is applied once however often it is called', () => {
    applyPoolCheckInterval();
    const first = driverPoolModule().module.ConnectionPool;
    applyPoolCheckInterval();
    expect(driverPoolModule().module.ConnectionPool).toBe(first);
  });
});
