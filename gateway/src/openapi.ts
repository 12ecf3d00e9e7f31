/**
 * The gateway's OpenAPI 3.1 document (docs/architecture.md, Services and Validation): every operation of every
 * landed slice, generated from the operation lists and zod schemas in @market/contracts, served
 * as JSON at `/openapi.json` and as a readable page at `/docs`.
 */
import { API_OPERATIONS, ERROR_ANSWER_SCHEMA, responseJsonSchema, type ApiOperation, type JsonSchema } from '@market/contracts';
import type { Express } from 'express';
import swaggerUi from 'swagger-ui-express';
import { z } from 'zod';
import { RATE_LIMIT_RULES } from './rateLimits';

/** Every operation of every slice, in one list. */
export const OPERATIONS: readonly ApiOperation[] = API_OPERATIONS;

function schemaOf(s: z.ZodType): JsonSchema {
  // `input`: what a client sends, before defaults and transforms.
  return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function parameters(op: ApiOperation): JsonSchema[] {
  const params: JsonSchema[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (op.query) {
    const props = (schemaOf(op.query).properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, schema] of Object.entries(props)) params.push({ name, in: 'query', required: false, schema });
  }
  for (const h of op.headers ?? [])
    params.push({ name: h.name, in: 'header', required: h.required ?? false, description: h.description, schema: { type: 'string' } });
  return params;
}

/**
 * The operation's documented answers plus those every operation of its kind can give, so the
 * document lists every status a client may get (Schemathesis checks that): 400 for
 * invalid input where there is input, 401 and 403 where a session and role are needed, 404
 * where the path names a resource, 429 on the rate-limited calls (rateLimits.ts), and 503 on
 * every operation: a server the answering service depends on (Redis, the database, Kafka,
 * OpenSearch) is not answering (issue 34; README, Operations).
 */
function answers(op: ApiOperation): Record<number, string> {
  const out: Record<number, string> = {};
  const hasPathParams = op.path.includes('{');
  if (op.body || op.query || hasPathParams) out[400] = 'Invalid input: `{ error, fields }`';
  if (!op.audience.every((a) => a === 'public')) {
    out[401] = 'No valid session';
    out[403] = 'Not allowed for this role';
  }
  if (hasPathParams) out[404] = 'Absent, or not yours';
  if (op.method === 'post' && RATE_LIMIT_RULES.some((r) => r.pattern.test(op.path))) out[429] = 'Too many requests (Retry-After)';
  out[503] = 'Temporarily unavailable: a server the service depends on is not answering; retry after `Retry-After` seconds';
  return { ...out, ...op.responses };
}

/** The `Retry-After` header of a 429 or 503 answer. */
const RETRY_AFTER_HEADER = {
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 0 } },
};

/** A 2xx answer: its JSON body schema, its media type, or (204) nothing. */
function success(op: ApiOperation, status: number, description: string): JsonSchema {
  if (status < 200 || status >= 300 || status === 204) return { description };
  const schema = responseJsonSchema(op);
  if (schema) {
    delete schema.$schema;
    return { description, content: { 'application/json': { schema } } };
  }
  if (op.responseMedia) return { description, content: { [op.responseMedia]: { schema: { type: 'string', format: 'binary' } } } };
  return { description };
}

/** Builds the document. */
export function openApiDocument(operations: readonly ApiOperation[] = OPERATIONS): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const responses = Object.fromEntries(
      Object.entries(answers(op)).map(([status, description]) => [
        status,
        Number(status) >= 400
          ? {
              description,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
              ...(status === '429' || status === '503' ? { headers: RETRY_AFTER_HEADER } : {}),
            }
          : success(op, Number(status), description),
      ]),
    );
    const entry: JsonSchema = {
      tags: [op.tag],
      summary: op.summary,
      description: `Who may call: ${op.audience.join(', ')}.${op.added ? ' Added by this project (the documents do this in the browser or not at all).' : ''}`,
      parameters: parameters(op),
      responses,
      security: op.audience.includes('public') ? [] : [{ session: [] }, { bearer: [] }],
    };
    if (op.body) entry.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(op.body) } } };
    (paths[op.path] ??= {})[op.method] = entry;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lanka Electronics Marketplace API',
      version: '1.0.0',
      description:
        'The documented paths of the marketplace, kept as the documents name them (misspellings included), plus the calls this project adds. ' +
        'Errors answer `{ error, fields? }`. Amounts are LKR integer cents.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: { Error: ERROR_ANSWER_SCHEMA },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'mp_session',
          description: 'The httpOnly session cookie every login sets (browsers).',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The same session token, for API clients: log in with `"bearer": true` in the body to get it as `token` in the answer (a login without it answers no token).',
        },
      },
    },
    paths,
  };
}

/** Mounts `/openapi.json` and the `/docs` page. */
export function mountApiDocs(app: Express): void {
  const doc = openApiDocument();
  app.get('/openapi.json', (_req, res) => {
    res.json(doc);
  });
  app.use('/docs', swaggerUi.serve, swaggerUi.setup(doc, { customSiteTitle: 'Marketplace API' }));
}
