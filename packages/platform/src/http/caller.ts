/**
 * Caller identity passed from the gateway to services (docs/architecture.md, Shape and Sessions).
 *
 * The gateway verifies the session and forwards `x-caller-id` and `x-caller-role` together with
 * `x-internal-token`, a secret shared only by the gateway and the services. A service accepts the
 * identity headers only when that token matches, so a request that reaches a service directly
 * cannot claim to be anybody.
 */
import { RoleSchema, type Role } from '@market/contracts';
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { forbidden, unauthorized } from '../errors';

export const CALLER_ID_HEADER = 'x-caller-id';
export const CALLER_ROLE_HEADER = 'x-caller-role';
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

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

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Middleware: reads the caller from the gateway's headers into `req.caller`. Identity headers
 * without the right internal token are ignored (the request is then anonymous).
 */
export function callerFromGateway(internalSecret: string): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = req.get(INTERNAL_TOKEN_HEADER);
    const id = req.get(CALLER_ID_HEADER);
    const role = RoleSchema.safeParse(req.get(CALLER_ROLE_HEADER));
    if (token && id && role.success && sameSecret(token, internalSecret)) {
      req.caller = { id, role: role.data };
    }
    next();
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

/** Headers the gateway sets on a proxied request for `caller` (or none when anonymous). */
export function gatewayCallerHeaders(caller: Caller | null, internalSecret: string): Record<string, string> {
  if (!caller) return {};
  return { [CALLER_ID_HEADER]: caller.id, [CALLER_ROLE_HEADER]: caller.role, [INTERNAL_TOKEN_HEADER]: internalSecret };
}
