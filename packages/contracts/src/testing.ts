/**
 * The response check of the integration tests:
 * every answer a test client receives is held against what the OpenAPI document publishes for
 * that operation, with the same JSON Schemas (`responseJsonSchema`, Ajv 2020). Schemathesis checks
 * the answers to random input; this checks the answers of the real journeys the tests walk
 * (logins, carts, checkouts, reviews, reports), which random input rarely reaches.
 *
 * Test-only (`@market/contracts/testing`): Ajv is a development dependency of the repository.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ERROR_ANSWER_SCHEMA, responseJsonSchema, type ApiOperation } from './api';
import { API_OPERATIONS } from './operations';

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validateError = ajv.compile(ERROR_ANSWER_SCHEMA);
const validators = new Map<ApiOperation, ValidateFunction | null>();

interface Route {
  op: ApiOperation;
  pattern: RegExp;
  /** Literal path segments: the most specific template wins (`/Admin/Customers/Details/{id}` over `/Admin/Customers/{id}`). */
  literals: number;
}

const ROUTES: Route[] = API_OPERATIONS.map((op) => ({
  op,
  // Paths match case-insensitively, as the services' routers do.
  pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`, 'i'),
  literals: op.path.split('/').filter((s) => s && !s.startsWith('{')).length,
}));

/**
 * The documented operation a request addressed.
 *
 * @param method - HTTP method, any case
 * @param url - path with or without query string, e.g. `/items/getItems?page=1`
 * @returns null for paths the document does not list (`/healthz`, `/readyz`, internal calls)
 */
export function operationFor(method: string, url: string): ApiOperation | null {
  const path = decodeURI(url.split('?')[0] ?? '');
  const m = method.toLowerCase();
  let best: Route | null = null;
  for (const r of ROUTES) if (r.op.method === m && r.pattern.test(path) && (!best || r.literals > best.literals)) best = r;
  return best?.op ?? null;
}

function validatorOf(op: ApiOperation): ValidateFunction | null {
  if (!validators.has(op)) {
    const schema = responseJsonSchema(op);
    validators.set(op, schema ? ajv.compile(schema) : null);
  }
  return validators.get(op) ?? null;
}

/**
 * What is wrong with an answer, measured against the document: a 2xx JSON body against the
 * operation's `response` schema, a 4xx/5xx body against `{ error, fields? }`.
 *
 * @param status - HTTP status of the answer
 * @param body - the parsed JSON body (`null` when there was none)
 * @param contentType - the answer's content type; non-JSON 2xx answers (PDF, images) are not checked
 * @returns null when it conforms or the path is not documented; otherwise a message naming the
 *   operation and the failing JSON pointers
 */
export function responseProblem(
  method: string,
  url: string,
  status: number,
  body: unknown,
  contentType = 'application/json',
): string | null {
  const op = operationFor(method, url);
  if (!op) return null;
  const where = `${op.method.toUpperCase()} ${op.path} → ${status}`;
  if (status >= 400) {
    // The gateway's and proxies' own refusals are JSON too; an empty 4xx body is a defect as well.
    return validateError(body) ? null : `${where}: error body is not { error, fields? }: ${JSON.stringify(body)?.slice(0, 200)}`;
  }
  if (status < 200 || status >= 300 || status === 204 || !contentType.includes('json')) return null;
  const validate = validatorOf(op);
  if (!validate) return `${where}: a JSON answer, but the operation documents no response schema`;
  if (validate(body)) return null;
  // A leaked field matters most: Ajv lists missing `required` fields first, so put leaks ahead.
  const errors = [...(validate.errors ?? [])]
    .sort((a, b) => Number(b.keyword === 'additionalProperties') - Number(a.keyword === 'additionalProperties'))
    .slice(0, 5)
    .map(
      (e) =>
        `${e.instancePath || '/'} ${e.message}${e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : ''}`,
    );
  return `${where}: body outside the documented schema: ${errors.join('; ')}; body ${JSON.stringify(body).slice(0, 300)}`;
}

/**
 * Throws when an answer is outside the document ({@link responseProblem}). Test clients call it
 * on every answer, so a test walking a journey fails at the call whose answer drifted.
 *
 * @throws Error with the problem's message
 */
export function assertDocumentedResponse(method: string, url: string, status: number, body: unknown, contentType?: string): void {
  const problem = responseProblem(method, url, status, body, contentType);
  if (problem) throw new Error(`response check (OpenAPI): ${problem}`);
}
