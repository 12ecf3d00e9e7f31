/**
 * Caller identity passed from the gateway to services (docs/architecture.md, Shape and Sessions;
 * issue 27 item 2).
 *
 * The gateway verifies the session and forwards `x-caller-id` and `x-caller-role` together with
 * `x-caller-proof`, a short-lived token signed with `INTERNAL_SECRET` for that one request
 * (callerProof.ts: caller, role, request id, method, path, expiry). A service believes the proof,
 * not the plain headers, and refuses with 401 any request that carries caller headers without a
 * proof it accepts: forged, signed with another key, expired, signed for another request or
 * path, already used, or beside the static `x-internal-token` of before. A request with no
 * caller header at all is anonymous, as before.
 */
import { type Role } from '@market/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { forbidden, unauthorized } from '../errors';
import { CallerProofError, ProofReplayGuard, signCallerProof, verifyCallerProof, type ProofRequest } from './callerProof';

export const CALLER_ID_HEADER = 'x-caller-id';
export const CALLER_ROLE_HEADER = 'x-caller-role';
/** The gateway's signed proof of the caller for one request (callerProof.ts). */
export const CALLER_PROOF_HEADER = 'x-caller-proof';
/**
 * The static shared secret the gateway sent before the proofs. No longer sent; a request carrying
 * it is refused (401), and the gateway strips it from what clients send.
 */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
/** Every header that claims a caller: what the gateway strips from clients, and what makes a service check. */
export const CALLER_HEADERS = [CALLER_ID_HEADER, CALLER_ROLE_HEADER, CALLER_PROOF_HEADER, INTERNAL_TOKEN_HEADER] as const;

/** Who is calling: a signed-in customer, seller or admin. */
export interface Caller {
  id: string;
  role: Role;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by {@link callerFromGateway} when the gateway vouched for a signed-in caller. */
    caller?: Caller;
  }
}

/** What a service answers to caller headers without an acceptable proof. */
export const REFUSED_CALLER_MESSAGE = 'The caller headers carry no valid proof from the gateway';

/**
 * Middleware: reads the caller from the gateway's proof into `req.caller`.
 *
 * - no caller header (`x-caller-id`, `x-caller-role`, `x-caller-proof`, `x-internal-token`): anonymous;
 * - a proof that verifies for this method, request target and `x-request-id`, used for the first
 *   time in this process, with `x-caller-id`/`x-caller-role` (when sent) equal to its claims:
 *   `req.caller` is set;
 * - anything else: 401 `{ error }`, the reason logged as a warning (never the proof itself).
 *
 * Mount it at the root, before any router, so `req.originalUrl` is the target the gateway signed.
 * @param internalSecret - `INTERNAL_SECRET`
 * @param replay - the process's memory of used proofs (a new one by default)
 */
export function callerFromGateway(internalSecret: string, replay = new ProofReplayGuard()): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const proof = req.get(CALLER_PROOF_HEADER);
    const id = req.get(CALLER_ID_HEADER);
    const role = req.get(CALLER_ROLE_HEADER);
    const legacy = req.get(INTERNAL_TOKEN_HEADER);
    if (proof === undefined && id === undefined && role === undefined && legacy === undefined) {
      next();
      return;
    }
    try {
      if (legacy !== undefined) throw new CallerProofError('the static x-internal-token is no longer accepted');
      if (!proof) throw new CallerProofError('caller headers without a proof');
      const request: ProofRequest = { method: req.method, target: req.originalUrl, requestId: String(req.headers['x-request-id']) };
      const claims = verifyCallerProof(internalSecret, proof, request);
      if ((id !== undefined && id !== claims.sub) || (role !== undefined && role !== claims.role))
        throw new CallerProofError('caller headers differ from the proof');
      if (!replay.firstUse(claims.jti)) throw new CallerProofError('proof used before');
      req.caller = { id: claims.sub, role: claims.role };
      next();
    } catch (err) {
      if (!(err instanceof CallerProofError)) {
        next(err);
        return;
      }
      req.log?.warn({ reason: err.message, method: req.method, url: req.originalUrl }, 'caller proof refused');
      next(unauthorized(REFUSED_CALLER_MESSAGE));
    }
  };
}

/**
 * Returns the caller, requiring one of `roles`.
 * @throws {HttpError} 401 when nobody is signed in, 403 when the role is not allowed
 */
export function requireCaller(req: Request, ...roles: Role[]): Caller {
  if (!req.caller) throw unauthorized();
  if (roles.length > 0 && !roles.includes(req.caller.role)) throw forbidden();
  return req.caller;
}

/**
 * Headers the gateway sets on one proxied request for `caller` (none when anonymous): the caller's
 * id and role, readable in logs, and the proof a service believes ({@link signCallerProof}).
 * @param request - the method and target exactly as sent upstream, and the request id
 * @param ttlSeconds - the proof's lifetime, seconds (the gateway's `CALLER_PROOF_TTL_SECONDS`)
 */
export function gatewayCallerHeaders(
  caller: Caller | null,
  internalSecret: string,
  request: ProofRequest,
  ttlSeconds?: number,
): Record<string, string> {
  if (!caller) return {};
  return {
    [CALLER_ID_HEADER]: caller.id,
    [CALLER_ROLE_HEADER]: caller.role,
    [CALLER_PROOF_HEADER]: signCallerProof(internalSecret, caller, request, ttlSeconds === undefined ? {} : { ttlSeconds }),
  };
}
