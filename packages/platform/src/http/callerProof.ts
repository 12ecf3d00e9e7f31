/**
 * The gateway's proof on each request it forwards to a service (issue 27 item 2;
 * docs/architecture.md, Shape and Sessions).
 *
 * The proof is a compact HS256 JSON Web Token (RFC 7519), keyed by `INTERNAL_SECRET` (one random
 * key per deployment), that says who is calling and which request it was signed for:
 *
 * | claim | meaning |
 * | --- | --- |
 * | `iss`, `aud` | `marketplace-gateway`, `marketplace-service`: never a session token, whatever key signed it |
 * | `sub`, `role` | the caller the gateway verified (its session) |
 * | `jti` | 128 random bits, one per proof: what a service remembers to refuse a second use |
 * | `rid` | the request id (`x-request-id`) the gateway gave the request |
 * | `htm` | the method |
 * | `htd` | the SHA-256 (base64url) of the request target: path and query, exactly as the service receives it ({@link targetDigest}) |
 * | `iat`, `exp` | issued at and expiry, seconds since the epoch: {@link DEFAULT_CALLER_PROOF_TTL_SECONDS} apart by default |
 *
 * The target travels as a digest, not as text, so a proof's size does not grow with the URL: a
 * long query (up to the servers' 16 KiB of headers) would otherwise double in the header and be
 * refused as too long, or push the request past the service's header limit (431).
 *
 * So a leaked key value is no longer a permanent master key in transit, and a proof copied off the
 * wire is worth little: it names one method, path and request, it expires within seconds, and a
 * service refuses it a second time ({@link ProofReplayGuard}).
 *
 * Why node:crypto's HMAC instead of jose: every forwarded request needs a new proof (no cache can
 * help, unlike the session tokens), and jose signs and verifies HS256 through WebCrypto, whose
 * calls hop to the thread pool. Measured on this project's machine (one Node process, 20,000
 * rounds): jose sign + verify about 120–200 µs of CPU and 350–480 µs of latency per request, these
 * functions about 20–35 µs, synchronously. The tokens are standard JWTs all the same: jose
 * verifies what {@link signCallerProof} signs, and {@link verifyCallerProof} accepts what jose signs
 * (callerProof.test.ts checks both ways).
 */
import { RoleSchema, type Role } from '@market/contracts';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** `iss` of every proof. */
export const CALLER_PROOF_ISSUER = 'marketplace-gateway';
/** `aud` of every proof. */
export const CALLER_PROOF_AUDIENCE = 'marketplace-service';
/**
 * Lifetime of a proof unless the gateway's `CALLER_PROOF_TTL_SECONDS` says otherwise, in seconds.
 * A proof is checked when its request's headers arrive, within milliseconds of signing; 30 s
 * leaves room for a request queued in the gateway's connection pool up to its upstream timeout.
 */
export const DEFAULT_CALLER_PROOF_TTL_SECONDS = 30;
/** The longest lifetime a service accepts (`exp - iat`), in seconds. */
export const MAX_CALLER_PROOF_TTL_SECONDS = 60;
/**
 * How far the gateway's and a service's clocks may disagree, in seconds: a proof counts as
 * expired this long after its `exp`, and may carry an `iat` this far in the future.
 */
export const CALLER_PROOF_CLOCK_TOLERANCE_SECONDS = 2;
/** Longest proof accepted, in characters; a real one is about 400. */
const MAX_PROOF_LENGTH = 2_048;

/** The request a proof is signed for: what the gateway sends and the service receives. */
export interface ProofRequest {
  /** HTTP method, upper case (`GET`). */
  method: string;
  /** Request target: path and query, e.g. `/Customer/getAll?page=2`. */
  target: string;
  /** The request id (`x-request-id`). */
  requestId: string;
}

/** The claims of a verified proof. */
export interface CallerProofClaims {
  iss: string;
  aud: string;
  /** Caller id. */
  sub: string;
  role: Role;
  /** Proof id (random, one per proof). */
  jti: string;
  /** Request id. */
  rid: string;
  /** Method. */
  htm: string;
  /** The request target's digest ({@link targetDigest}). */
  htd: string;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** A proof a service must refuse; `reason` is for the log, never for the client. */
export class CallerProofError extends Error {
  override name = 'CallerProofError';
}

const b64url = (s: string) => Buffer.from(s).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const B64URL = /^[A-Za-z0-9_-]+$/;

const mac = (secret: string, input: string) => createHmac('sha256', secret).update(input).digest();

/** The `htd` claim of a proof for `target` (path and query): its SHA-256 as base64url, 43 characters. */
export const targetDigest = (target: string): string => createHash('sha256').update(target).digest('base64url');

/**
 * Signs the proof of one forwarded request (the gateway, for each request of a signed-in caller).
 * @param secret - `INTERNAL_SECRET`
 * @param opts.ttlSeconds - lifetime in seconds (default {@link DEFAULT_CALLER_PROOF_TTL_SECONDS})
 * @param opts.now - the time to sign at, ms since the epoch (tests)
 * @returns the compact JWT, for the `x-caller-proof` header
 */
export function signCallerProof(
  secret: string,
  caller: { id: string; role: Role },
  request: ProofRequest,
  opts: { ttlSeconds?: number; now?: number } = {},
): string {
  const iat = Math.floor((opts.now ?? Date.now()) / 1000);
  const claims: CallerProofClaims = {
    iss: CALLER_PROOF_ISSUER,
    aud: CALLER_PROOF_AUDIENCE,
    sub: caller.id,
    role: caller.role,
    jti: randomBytes(16).toString('base64url'),
    rid: request.requestId,
    htm: request.method,
    htd: targetDigest(request.target),
    iat,
    exp: iat + (opts.ttlSeconds ?? DEFAULT_CALLER_PROOF_TTL_SECONDS),
  };
  const input = `${HEADER}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${mac(secret, input).toString('base64url')}`;
}

function parsePart(part: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new CallerProofError(`${what} is not JSON`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new CallerProofError(`${what} is not an object`);
  return value as Record<string, unknown>;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 2_048;

/**
 * Verifies the proof a service received with `request`: the HS256 signature with `secret`, the
 * issuer and audience, the caller's shape, the lifetime (at most {@link MAX_CALLER_PROOF_TTL_SECONDS},
 * not expired, not issued in the future, each with {@link CALLER_PROOF_CLOCK_TOLERANCE_SECONDS})
 * and that it was signed for this method, target and request id. It does not remember proofs: the
 * caller passes the `jti` to a {@link ProofReplayGuard}.
 * @param now - ms since the epoch (tests)
 * @returns the claims
 * @throws {CallerProofError} naming the first check that failed
 */
export function verifyCallerProof(secret: string, token: string, request: ProofRequest, now = Date.now()): CallerProofClaims {
  if (token.length > MAX_PROOF_LENGTH) throw new CallerProofError('too long');
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) throw new CallerProofError('not a compact JWT');
  const [header, payload, signature] = parts as [string, string, string];
  const expected = mac(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new CallerProofError('bad signature');
  // Signed with our key, so written by a gateway; the header is still held to the one algorithm.
  const h = parsePart(header, 'header');
  if (h.alg !== 'HS256' || (h.typ !== undefined && h.typ !== 'JWT') || h.crit !== undefined)
    throw new CallerProofError('unexpected header');
  const c = parsePart(payload, 'payload');
  const aud = Array.isArray(c.aud) ? (c.aud as unknown[]) : [c.aud];
  if (c.iss !== CALLER_PROOF_ISSUER || !aud.includes(CALLER_PROOF_AUDIENCE)) throw new CallerProofError('not a caller proof');
  const role = RoleSchema.safeParse(c.role);
  if (!isText(c.sub) || !role.success || !isText(c.jti) || !isText(c.rid) || !isText(c.htm) || !isText(c.htd))
    throw new CallerProofError('missing or malformed claims');
  if (typeof c.iat !== 'number' || typeof c.exp !== 'number' || !Number.isFinite(c.iat) || !Number.isFinite(c.exp))
    throw new CallerProofError('missing iat or exp');
  const nowSeconds = now / 1000;
  if (c.exp - c.iat > MAX_CALLER_PROOF_TTL_SECONDS) throw new CallerProofError('lifetime too long');
  if (nowSeconds > c.exp + CALLER_PROOF_CLOCK_TOLERANCE_SECONDS) throw new CallerProofError('expired');
  if (c.iat > nowSeconds + CALLER_PROOF_CLOCK_TOLERANCE_SECONDS) throw new CallerProofError('issued in the future');
  if (c.htm !== request.method || c.htd !== targetDigest(request.target)) throw new CallerProofError('signed for another method or path');
  if (c.rid !== request.requestId) throw new CallerProofError('signed for another request id');
  return {
    iss: c.iss,
    aud: CALLER_PROOF_AUDIENCE,
    sub: c.sub,
    role: role.data,
    jti: c.jti,
    rid: c.rid,
    htm: c.htm,
    htd: c.htd,
    iat: c.iat,
    exp: c.exp,
  };
}

/**
 * Remembers the proofs a process accepted for as long as they could verify, so a copied proof
 * replayed to the same process answers 401 even within its lifetime.
 *
 * Two generations of proof ids, each spanning {@link windowMs} (the longest lifetime plus twice
 * the clock tolerance): an id stays remembered at least one window after its first use, by when it
 * has expired. O(1) per request and no timers; the memory is bounded by `maxPerWindow` ids per
 * generation (about 64 bytes each). Past that rate (100,000 per 64 s, about 1,500 requests a
 * second into ONE process) the older generation is dropped early and a replay within its
 * lifetime could pass again; a replica that never saw a proof accepts it once until it expires.
 * Closing those gaps would take a shared store (a Redis SET NX per request: one more round trip
 * on every request for a case the NetworkPolicies and the loopback binding already keep out), so
 * it is not done.
 */
export class ProofReplayGuard {
  private current = new Set<string>();
  private previous = new Set<string>();
  private since: number;

  /**
   * @param windowMs - how long one generation spans, ms
   * @param maxPerWindow - most ids one generation holds before it is rotated early
   * @param now - ms since the epoch (tests)
   */
  constructor(
    readonly windowMs = (MAX_CALLER_PROOF_TTL_SECONDS + 2 * CALLER_PROOF_CLOCK_TOLERANCE_SECONDS) * 1000,
    readonly maxPerWindow = 100_000,
    now = Date.now(),
  ) {
    this.since = now;
  }

  /**
   * Records `jti` as used.
   * @param now - ms since the epoch (tests)
   * @returns true on its first use, false when it was used before (a replay)
   */
  firstUse(jti: string, now = Date.now()): boolean {
    if (now - this.since >= this.windowMs || this.current.size >= this.maxPerWindow) {
      this.previous = this.current;
      this.current = new Set();
      this.since = now;
    }
    if (this.current.has(jti) || this.previous.has(jti)) return false;
    this.current.add(jti);
    return true;
  }
}
