/**
 * The HTTP operations of the marketplace as data, one list per slice, so the gateway's OpenAPI
 * document (`/openapi.json`, `/docs`) is generated from the same zod schemas the services
 * validate with (DESIGN.md section 8; issue 8 "generated from the same zod schemas").
 */
import type { z } from 'zod';

/** Who may call an operation (DESIGN.md section 5). */
export type Audience = 'public' | 'customer' | 'seller' | 'admin';

export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Documented path in OpenAPI form, e.g. `/Customer/get/{id}`. */
  path: string;
  summary: string;
  tag: string;
  /** Who may call it; several means any of them (each seeing only their own data). */
  audience: Audience[];
  body?: z.ZodType;
  query?: z.ZodType;
  /** Status → description of the answers a client should expect. */
  responses: Record<number, string>;
  /** Added by this project (the documents lack it). */
  added?: boolean;
}
