/**
 * The one typed HTTP client of the gateway, derived from the operation list (`./operations.ts`):
 * `client.call('post', '/checkout/session', { body, headers })` takes only a documented method and
 * path, its path parameters (`{ params: { id } }`, substituted and URL-encoded), a query typed by
 * the operation's query schema, a body typed by `z.input` of its body schema, and answers
 * `z.output` of its response schema. The web app, the seeder, the chaos run, the benches and the
 * integration tests all call the gateway through it.
 *
 * At run time this module needs neither zod nor the operation table (only their types, erased by
 * the compiler): the path template is the URL. So the web app can use it without loading zod on
 * its first page. The response check is a switch: tests and scripts pass `check`
 * (`assertDocumentedResponse` of `@market/contracts/testing`, which holds every answer against the
 * published OpenAPI document), the web app passes nothing and pays nothing for it.
 */
import type { z } from 'zod';
import type { Operation } from './operations';

/** HTTP method as the operation list spells it. */
export type Method = Operation['method'];

/** Every documented path of `method`, e.g. `PathOf<'get'>` includes `'/items/get/{id}'`. */
export type PathOf<M extends Method> = Extract<Operation, { method: M }>['path'];

/** The operation at `method` and `path` (a path template exactly as documented). */
export type OperationAt<M extends Method, P extends string> = Operation extends infer O
  ? O extends { method: M; path: infer Q }
    ? P extends Q
      ? O
      : never
    : never
  : never;

type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

/** The path parameters of a template: `'/items/get/{id}'` → `{ id: string | number }`. */
export type ParamsOf<P extends string> = { [K in ParamNames<P>]: string | number };

/** The request body an operation accepts (`z.input` of its body schema); `never` when it takes none. */
export type BodyOf<M extends Method, P extends string> = OperationAt<M, P> extends { body: infer S extends z.ZodType } ? z.input<S> : never;

/**
 * The query an operation reads, as the values its schema yields (`page: number`, `mine: boolean`),
 * each optional; sent as strings.
 */
export type QueryOf<M extends Method, P extends string> =
  OperationAt<M, P> extends { query: infer S extends z.ZodType } ? { [K in keyof z.output<S>]?: z.output<S>[K] } : never;

/** The 2xx answer (`z.output` of the response schema); `unknown` for a media answer (PDF, CSV, image). */
export type AnswerOf<M extends Method, P extends string> =
  OperationAt<M, P> extends { response: infer S extends z.ZodType } ? z.output<S> : unknown;

/** The options of one call: only what the operation takes, required where the operation requires it. */
export type CallOptions<M extends Method, P extends string> = ([ParamNames<P>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<P> }) &
  ([BodyOf<M, P>] extends [never]
    ? { body?: undefined }
    : undefined extends BodyOf<M, P>
      ? { body?: BodyOf<M, P> }
      : object extends BodyOf<M, P>
        ? { body?: BodyOf<M, P> }
        : { body: BodyOf<M, P> }) &
  ([QueryOf<M, P>] extends [never] ? { query?: undefined } : { query?: QueryOf<M, P> }) & {
    /** Request headers, e.g. `Idempotency-Key`, `If-Match`. */
    headers?: Record<string, string>;
  };

/** The options argument, optional when the operation needs none of its parts. */
export type CallArgs<M extends Method, P extends string> =
  object extends CallOptions<M, P> ? [options?: CallOptions<M, P>] : [options: CallOptions<M, P>];

/** The body of every error answer (the document's `Error` component). */
export interface ErrorAnswer {
  error: string;
  /** Stable id of `error` (messages.ts), and a template's values: the web app shows it in the page's language (issue 33 item 2). */
  code?: string;
  params?: Record<string, string>;
  fields?: Record<string, string>;
  /** Paying a checkout whose lines are no longer sold (409): their ids (ordering-answers.ts LinesUnavailableAnswerSchema). */
  unavailable?: UnavailableLines;
}

/** The lines of a checkout no longer sold, by id. */
export interface UnavailableLines {
  items: string[];
  packages: string[];
}

/** An answer as it came: status, parsed body (null when empty, the text when not JSON), headers. */
export interface Reply<T> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A failed call: HTTP status (0 when the gateway could not be reached or took too long), the
 * server's message and field messages (`{ error, fields }`), and for a 429 the seconds its
 * `Retry-After` asks to wait. `cause` is the network error for status 0.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
    options?: { cause?: unknown; unavailable?: UnavailableLines; code?: string; params?: Record<string, string> },
  ) {
    super(message, options);
    this.unavailable = options?.unavailable;
    this.code = options?.code;
    this.params = options?.params;
  }

  /** The answer's message code and a template's values (ErrorAnswer), when it carried them. */
  readonly code?: string;
  readonly params?: Record<string, string>;

  /** A pay refused for lines no longer sold: their ids (`unavailable` of the answer). */
  readonly unavailable?: UnavailableLines;
}

/**
 * Seconds a `Retry-After` header asks to wait: delta-seconds or an HTTP date (RFC 9110 section
 * 10.2.3); undefined when absent or unreadable.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Query string from the defined values, e.g. `?q=apple&page=2` (empty strings and nulls left out). */
export function queryString(params: Record<string, unknown> | undefined): string {
  const entries = Object.entries(params ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

/**
 * The URL path of a template: each `{name}` replaced by its URL-encoded parameter, then the query.
 *
 * @throws Error when a parameter of the template is missing (a programming error, never sent)
 */
export function pathWith(template: string, params?: Record<string, string | number>, query?: Record<string, unknown>): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${template}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return `${path}${queryString(query)}`;
}

/** The response check: throws when an answer is outside the document (`assertDocumentedResponse`). */
export type ResponseCheck = (method: string, url: string, status: number, body: unknown, contentType?: string) => void;

export interface ApiClientOptions {
  /** Gateway origin, e.g. `http://localhost:8070` (a function when it can change, as in the chaos run). */
  baseUrl: string | (() => string);
  /** `'include'` in the browser, so the session cookie travels with every call. */
  credentials?: 'include' | 'same-origin' | 'omit';
  /** Keep the `mp_session` cookie of the answers and send it back (outside a browser). */
  keepCookie?: boolean;
  /** Milliseconds before a call is abandoned (an {@link ApiError} with status 0); none by default. */
  timeoutMs?: number;
  /** Held against every answer; absent, nothing is checked (the web app's production bundle). */
  check?: ResponseCheck;
  /** Told of every answer (the web app's write listeners). `method` is upper case, `url` without the origin. */
  onReply?: (method: string, url: string, status: number) => void;
}

/** Message of a call that got no answer. */
const TIMED_OUT = 'The server took too long to answer. Please try again!';
const UNREACHABLE = 'Cannot reach the server. Please try again!';

/**
 * A client of the gateway. `call` answers the operation's 2xx body or throws {@link ApiError};
 * `request` answers every status as a {@link Reply} (tests that expect refusals); `send` takes any
 * method and concrete URL, untyped (tests that send what no operation documents).
 */
export class ApiClient {
  /** The session cookie (`mp_session=<token>`) kept from the answers, with `keepCookie`. */
  cookie: string | null = null;

  constructor(readonly options: ApiClientOptions) {}

  /**
   * Sends one request to a concrete URL; never throws for an HTTP status.
   *
   * @param url - path and query, e.g. `/items/get/65f…?x=1`
   * @param body - sent as JSON when defined
   * @throws {ApiError} status 0 when the gateway cannot be reached or the timeout passed
   * @throws Error from the response check when the answer is outside the document
   */
  async send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<unknown>> {
    const { baseUrl, credentials, keepCookie, timeoutMs, check, onReply } = this.options;
    const upper = method.toUpperCase();
    const controller = new AbortController();
    const timer = timeoutMs ? setTimeout(() => controller.abort(), timeoutMs) : undefined;
    let res: Response;
    try {
      res = await fetch(`${typeof baseUrl === 'function' ? baseUrl() : baseUrl}${url}`, {
        method: upper,
        ...(credentials ? { credentials } : {}),
        headers: {
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(keepCookie && this.cookie ? { cookie: this.cookie } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: controller.signal,
      });
    } catch (err) {
      throw new ApiError(0, controller.signal.aborted ? TIMED_OUT : UNREACHABLE, {}, undefined, { cause: err });
    } finally {
      clearTimeout(timer);
    }
    if (keepCookie) {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        if (pair?.startsWith('mp_session=')) this.cookie = pair === 'mp_session=' ? null : pair;
      }
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    check?.(upper, url, res.status, parsed, res.headers.get('content-type') ?? undefined);
    onReply?.(upper, url, res.status);
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /**
   * Calls a documented operation and answers whatever status came (typed as the 2xx answer;
   * a 4xx/5xx body is `{ error, fields? }`).
   */
  async request<M extends Method, P extends PathOf<M>>(method: M, path: P, ...[options]: CallArgs<M, P>): Promise<Reply<AnswerOf<M, P>>> {
    return (await this.sendTo(method, path, options)) as Reply<AnswerOf<M, P>>;
  }

  /**
   * Calls a documented operation and answers its 2xx body.
   *
   * @throws {ApiError} for any other status (the server's `error` and `fields`, `Retry-After`), a
   *   network failure or a timeout (status 0)
   */
  async call<M extends Method, P extends PathOf<M>>(method: M, path: P, ...[options]: CallArgs<M, P>): Promise<AnswerOf<M, P>> {
    const reply = await this.sendTo(method, path, options);
    if (reply.status < 200 || reply.status >= 300) throw errorOf(reply);
    return reply.body as AnswerOf<M, P>;
  }

  private sendTo(method: string, template: string, options: object | undefined): Promise<Reply<unknown>> {
    const o: {
      params?: Record<string, string | number>;
      query?: Record<string, unknown>;
      body?: unknown;
      headers?: Record<string, string>;
    } = options ?? {};
    return this.send(method, pathWith(template, o.params, o.query), o.body, o.headers);
  }
}

/** The {@link ApiError} of a non-2xx answer. */
export function errorOf(reply: Reply<unknown>): ApiError {
  const err = (reply.body && typeof reply.body === 'object' ? reply.body : {}) as Partial<ErrorAnswer>;
  return new ApiError(
    reply.status,
    err.error ?? `Request failed (${reply.status})`,
    err.fields ?? {},
    retryAfterSeconds(reply.headers.get('Retry-After')),
    {
      ...(err.unavailable && Array.isArray(err.unavailable.items) && Array.isArray(err.unavailable.packages)
        ? { unavailable: { items: err.unavailable.items, packages: err.unavailable.packages } }
        : {}),
      ...(typeof err.code === 'string' ? { code: err.code } : {}),
      ...(err.params && typeof err.params === 'object' ? { params: err.params } : {}),
    },
  );
}
