/**
 * Closed-loop HTTP load with autocannon: a fixed number of connections
 * for a fixed duration against one URL. Latencies are recorded per response (autocannon's own
 * histogram has no p95), in milliseconds.
 */
import autocannon from 'autocannon';
import { percentiles, type Percentiles } from './stats';

export interface HammerOptions {
  connections: number;
  /** Seconds; ignored when `amount` is given. */
  duration?: number;
  /** Stop after this many requests instead of after `duration`. */
  amount?: number;
  /** Seconds a request may take before it counts as an error (autocannon's default is 10). */
  timeout?: number;
  headers?: Record<string, string>;
  /**
   * Headers computed for each request, over `headers`: e.g. a new gateway proof per request
   * (platform's http/callerProof.ts; a service refuses a proof a second time).
   */
  headersPerRequest?: () => Record<string, string>;
}

export interface HammerResult extends Percentiles {
  /** Mean completed requests per second over the run. */
  reqPerSec: number;
  /** Responses outside 2xx, and socket errors/timeouts. */
  non2xx: number;
  errors: number;
}

/** Loads `url` with GET requests; throws if nothing succeeded (a broken target, not a result). */
export async function hammer(url: string, opts: HammerOptions): Promise<HammerResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: opts.connections,
        ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? 10 }),
        timeout: opts.timeout ?? 10,
        headers: opts.headers,
        ...(opts.headersPerRequest
          ? { requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...opts.headersPerRequest!() } }) }] }
          : {}),
      },
      (err, res) => (err ? reject(err as Error) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  if (latencies.length === 0) throw new Error(`no successful response from ${url} (${result.non2xx} non-2xx, ${result.errors} errors)`);
  return {
    ...percentiles(latencies),
    reqPerSec: Math.round((latencies.length / seconds) * 100) / 100,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
