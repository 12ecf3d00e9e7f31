/**
 * Gateway configuration (validated at start-up like every service's).
 * Upstream URLs default to the local ports of `npm start`.
 */
import { BaseConfigSchema, DEFAULT_CALLER_PROOF_TTL_SECONDS, MAX_CALLER_PROOF_TTL_SECONDS } from '@market/platform';
import { z } from 'zod';
import type { ServiceName } from './routes';
import { UpstreamPool, parseUpstreamList } from './upstreams';

/**
 * A service's upstream: one base URL, or several replicas' comma-separated (issue 34 item 5;
 * ./upstreams.ts), e.g. `http://127.0.0.1:8074,http://127.0.0.1:8174`.
 */
const url = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s, ctx) => {
      try {
        const list = parseUpstreamList(s);
        if (list.length === 0) throw new Error('no URL given');
        return list;
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    });

export const GatewayConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8070),
  /** Origins of the web app allowed to call with credentials, comma-separated. */
  WEB_ORIGINS: z
    .string()
    .default('http://localhost:3000,http://127.0.0.1:3000')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  IDENTITY_URL: url('http://127.0.0.1:8071'),
  CATALOGUE_URL: url('http://127.0.0.1:8072'),
  CART_URL: url('http://127.0.0.1:8073'),
  ORDERING_URL: url('http://127.0.0.1:8074'),
  REVIEWS_URL: url('http://127.0.0.1:8075'),
  REPORTING_URL: url('http://127.0.0.1:8076'),
  /** Key that signs session tokens; shared with identity only. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Scales the per-IP rate limits (1 in production; tests and benchmarks raise it). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).default(1),
  /** How long an upstream may take to answer, in ms. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * Lifetime of the proof signed for each forwarded request, in seconds (platform's
   * http/callerProof.ts; issue 27 item 2). Services accept at most 60.
   */
  CALLER_PROOF_TTL_SECONDS: z.coerce.number().int().min(1).max(MAX_CALLER_PROOF_TTL_SECONDS).default(DEFAULT_CALLER_PROOF_TTL_SECONDS),
});

export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;

/** Upstream base URLs of each service (its replicas; one in Kubernetes and compose, where a Service or DNS name spreads them). */
export function upstreams(config: GatewayConfig): Record<ServiceName, string[]> {
  return {
    identity: config.IDENTITY_URL,
    catalogue: config.CATALOGUE_URL,
    cart: config.CART_URL,
    ordering: config.ORDERING_URL,
    reviews: config.REVIEWS_URL,
    reporting: config.REPORTING_URL,
  };
}

/** One {@link UpstreamPool} per service, from {@link upstreams}. */
export function upstreamPools(config: GatewayConfig): Record<ServiceName, UpstreamPool> {
  const urls = upstreams(config);
  return Object.fromEntries(Object.entries(urls).map(([s, list]) => [s, new UpstreamPool(list)])) as Record<ServiceName, UpstreamPool>;
}
