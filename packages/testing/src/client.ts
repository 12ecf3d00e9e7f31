/**
 * The tests' client of the gateway: a browser-like client (session cookie, JSON) over the one
 * typed client of `@market/contracts/client`, with the response check on.
 */
import { ApiClient } from '@market/contracts/client';
import { assertDocumentedResponse } from '@market/contracts/testing';

/**
 * A browser-like client of the gateway for tests: the one typed client (`@market/contracts/client`)
 * keeping the session cookie it was given, with the response check on, so every answer a test
 * sees is also held against the published OpenAPI document. `request('post', '/checkout/session',
 * { body })` is typed by the operation; `call`/`get`/`post`/`put`/`delete` take a concrete URL and
 * any body, for tests that send what no operation documents. Neither throws for an HTTP status.
 */
export class Client {
  /** The typed client underneath (its `request` and `call`). */
  readonly api: ApiClient;
  /** Calls a documented operation and answers whatever status came (see `ApiClient.request`). */
  readonly request: ApiClient['request'];

  /**
   * @param baseUrl - the gateway's origin
   * @param opts.check - hold every answer against the published document (default true)
   */
  constructor(baseUrl: string, opts: { check?: boolean } = {}) {
    this.api = new ApiClient({ baseUrl, keepCookie: true, ...(opts.check === false ? {} : { check: assertDocumentedResponse }) });
    this.request = this.api.request.bind(this.api);
  }

  /**
   * The same session without the response check, for load generators (the benches): the check
   * (Ajv over the whole OpenAPI document) cost the checkout bench's load generator more CPU per
   * checkout than the gateway it measured, on the machine the stack shares. The tests keep it.
   */
  unchecked(): Client {
    const copy = new Client(String(this.api.options.baseUrl), { check: false });
    copy.api.cookie = this.api.cookie;
    return copy;
  }

  /** The raw session token (to replay it after logout, as an attacker would). */
  get token(): string | null {
    return this.api.cookie?.replace(/^mp_session=/, '') ?? null;
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    return (await this.api.send(method, path, body, headers)) as { status: number; body: T; headers: Headers };
  }
  get<T = Record<string, unknown>>(path: string) {
    return this.call<T>('GET', path);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.call<T>('POST', path, body ?? {});
  }
  put<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.call<T>('PUT', path, body ?? {});
  }
  delete<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.call<T>('DELETE', path, body);
  }
}
