/**
 * The HTTP operations of the marketplace as data, one list per slice, so the gateway's OpenAPI
 * document (`/openapi.json`, `/docs`) is generated from the same zod schemas the services
 * validate with (docs/architecture.md, Validation).
 */
import { z } from 'zod';

/** Who may call an operation (docs/architecture.md, Authorization). */
export type Audience = 'public' | 'customer' | 'seller' | 'admin';

export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Documented path in OpenAPI form, e.g. `/Customer/get/{id}`. */
  path: string;
  summary: string;
  tag: string;
  /** Who may call it; several means any of them (each seeing only their own data). */
  audience: readonly Audience[];
  body?: z.ZodType;
  query?: z.ZodType;
  /** Request headers the operation reads (besides the session), e.g. `If-Match` on updates. */
  headers?: readonly { readonly name: string; readonly description: string; readonly required?: boolean }[];
  /**
   * The JSON body of the 2xx answers, exactly as the services send it (no field more: the
   * document says `additionalProperties: false`, so a leaked field fails Schemathesis and the
   * integration tests' response check). `z.output` of it is the wire type. Absent only when the
   * answer is not JSON ({@link responseMedia}).
   */
  response?: z.ZodType;
  /** Media type of a 2xx answer that is not JSON, e.g. `application/pdf` or `image/webp`. */
  responseMedia?: string;
  /** Status → description of the answers a client should expect. */
  responses: Readonly<Record<number, string>>;
  /** Added by this project (the documents lack it). */
  added?: boolean;
}

/** A JSON Schema (draft 2020-12) object. */
export type JsonSchema = Record<string, unknown>;

/**
 * The body of every error answer (`HttpError`, zod failures, the gateway's own refusals;
 * docs/architecture.md, Validation): the document's `Error` component, so response-schema checks
 * (Schemathesis, the integration tests' response check) test the 4xx bodies too.
 */
export const ERROR_ANSWER_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', minLength: 1 },
    code: {
      description:
        "Stable id of `error`'s message (contracts' messages.ts MESSAGES), e.g. `stale-version`, for the web app's translations (issue 33 item 2); absent for a message the catalogue lacks",
      type: 'string',
      pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
    },
    params: {
      description: "The values of a template message's `{{name}}` placeholders, e.g. `{ stock, name }` of 'Only 3 of X left in stock'",
      type: 'object',
      additionalProperties: { type: 'string' },
    },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
    fieldCodes: {
      description: 'Field → code of its message in `fields`, for the messages the catalogue holds',
      type: 'object',
      additionalProperties: { type: 'string' },
    },
    unavailable: {
      description:
        'Paying a checkout whose lines are no longer sold (409): the ids of every such line (ordering-answers.ts LinesUnavailableAnswerSchema)',
      type: 'object',
      required: ['items', 'packages'],
      properties: { items: { type: 'array', items: { type: 'string' } }, packages: { type: 'array', items: { type: 'string' } } },
    },
  },
};

/**
 * The JSON Schema of an operation's 2xx body as the OpenAPI document publishes it (`io: 'output'`:
 * what the service sends, after transforms; objects closed with `additionalProperties: false`).
 *
 * @returns null when the operation documents no JSON body (a media answer)
 */
export function responseJsonSchema(op: ApiOperation): JsonSchema | null {
  if (!op.response) return null;
  return z.toJSONSchema(op.response, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
}
