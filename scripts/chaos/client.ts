/**
 * A browser-like API client of the gateway for the chaos run: the one typed client
 * (`@market/contracts/client`) with the session cookie it was given and the response check on
 * (an answer outside the published document stops the run at its call), and the retry behaviour
 * of a real client (docs/architecture.md, Departures from the documents: one checkout command on
 * the server with an Idempotency-Key): on a network error or a 5xx it waits and sends the same
 * request again, with the same `Idempotency-Key` when it has one, until a deadline.
 *
 * Every attempt is recorded (start, end, outcome) so the SIGTERM phase can count the requests
 * that were in flight when a process was told to stop.
 */
import {
  ApiClient as TypedClient,
  ApiError,
  pathWith,
  type AnswerOf,
  type CallOptions as OperationOptions,
  type Method,
  type PathOf,
} from '@market/contracts/client';
import { assertDocumentedResponse } from '@market/contracts/testing';

/** One HTTP attempt as the client saw it. */
export interface Attempt {
  method: string;
  path: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 for a network error (reset, refused, timeout). */
  status: number;
  error?: string;
}

export interface Reply<T> {
  status: number;
  body: T;
  /** Attempts made for this call (1 when the first one answered). */
  attempts: number;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** Retry network errors and 5xx until this many ms have passed (default 60 s; 0: no retry). */
  retryForMs?: number;
}

/** Whether an outcome is worth retrying: a network error, a 5xx, or 429. */
export const retryable = (status: number): boolean => status === 0 || status >= 500 || status === 429;

export class ApiClient {
  private readonly http: TypedClient;

  constructor(
    baseUrl: () => string,
    private readonly log: (a: Attempt) => void = () => {},
    timeoutMs = 15_000,
  ) {
    this.http = new TypedClient({ baseUrl, keepCookie: true, timeoutMs, check: assertDocumentedResponse });
  }

  /** The session token, to sign another client in as the same user. */
  get session(): string | null {
    return this.http.cookie;
  }

  private async once<T>(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Reply<T>> {
    const startedAt = Date.now();
    try {
      const res = await this.http.send(method, path, body, headers);
      this.log({ method, path, startedAt, endedAt: Date.now(), status: res.status });
      return { status: res.status, body: res.body as T, attempts: 1 };
    } catch (err) {
      // Status 0 is a network error or the timeout; anything else (the response check) stops the run.
      if (!(err instanceof ApiError) || err.status !== 0) throw err;
      const cause =
        (err.cause as { cause?: { code?: string } } | undefined)?.cause?.code ?? (err.cause as Error | undefined)?.name ?? 'Error';
      this.log({ method, path, startedAt, endedAt: Date.now(), status: 0, error: cause });
      return { status: 0, body: null as T, attempts: 1 };
    }
  }

  /**
   * Calls a documented operation (typed by it: params, query, body, answer), retrying as
   * {@link ApiClient.call} does.
   */
  request<M extends Method, P extends PathOf<M>>(
    method: M,
    path: P,
    options: OperationOptions<M, P> & { retryForMs?: number },
  ): Promise<Reply<AnswerOf<M, P>>> {
    const o = options as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown } & CallOptions;
    return this.call<AnswerOf<M, P>>(method.toUpperCase(), pathWith(path, o.params, o.query), o.body, o);
  }

  /** Sends a request, retrying as a real client would (see the module comment). */
  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<Reply<T>> {
    const deadline = Date.now() + (opts.retryForMs ?? 60_000);
    let attempts = 0;
    let delay = 100;
    for (;;) {
      const r = await this.once<T>(method, path, body, opts.headers ?? {});
      attempts++;
      if (!retryable(r.status) || Date.now() + delay > deadline) return { ...r, attempts };
      await new Promise((res) => setTimeout(res, delay));
      delay = Math.min(delay * 2, 2_000);
    }
  }

  get<T = Record<string, unknown>>(path: string, opts?: CallOptions) {
    return this.call<T>('GET', path, undefined, opts);
  }
  post<T = Record<string, unknown>>(path: string, body: unknown = {}, opts?: CallOptions) {
    return this.call<T>('POST', path, body, opts);
  }
  put<T = Record<string, unknown>>(path: string, body: unknown = {}, opts?: CallOptions) {
    return this.call<T>('PUT', path, body, opts);
  }
}
