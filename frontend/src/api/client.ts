/**
 * The web app's HTTP client of the gateway (docs/architecture.md, Shape): the one typed client of
 * `@market/contracts/client` with the session cookie sent with every call
 * (`credentials: 'include'`), a timeout, errors turned into {@link ApiError} carrying the server's
 * `{ error, fields }` (docs/architecture.md, Validation) so forms can show each field's message
 * inline, and the write listeners of the data layer. Only types come from the contracts' schemas,
 * so the first page loads no zod for it.
 */
import { ApiClient, errorOf, queryString } from '@market/contracts/client';

export { ApiError, retryAfterSeconds } from '@market/contracts/client';

declare global {
  interface Window {
    /** Runtime configuration a server may inject into index.html (deployments, browser tests). */
    __MARKET_CONFIG__?: { apiUrl?: string };
  }
}

/**
 * Base URL of the gateway: the runtime configuration injected into the page if any (on the server
 * renderer, the same set on `globalThis` by frontend/server/webServer.ts), else `VITE_API_URL` at
 * build time, else http://localhost:8070.
 */
export const API_URL: string =
  (globalThis as { __MARKET_CONFIG__?: { apiUrl?: string } }).__MARKET_CONFIG__?.apiUrl ??
  (import.meta.env.VITE_API_URL as string | undefined) ??
  'http://localhost:8070';

/** Told of every call that changed something on the server (a 2xx POST, PUT or DELETE). */
export type WriteListener = (method: 'POST' | 'PUT' | 'DELETE', path: string) => void;
const writeListeners = new Set<WriteListener>();

/**
 * Subscribes to successful writes (the data layer marks the cached reads they change as stale,
 * `lib/queryClient.tsx`).
 * @returns the unsubscribe function
 */
export function onApiWrite(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** Milliseconds before a call is abandoned. */
const TIMEOUT_MS = 20_000;

/**
 * The web app's instance of the one typed client (`@market/contracts/client`): every call names a
 * documented method and path, its body and answer typed by the operation's schemas. No response
 * check here: the browser's bundle carries no schemas (the tests and scripts check every answer).
 */
export const gateway = new ApiClient({
  baseUrl: API_URL,
  credentials: 'include',
  timeoutMs: TIMEOUT_MS,
  onReply(method, url, status) {
    if (method === 'GET' || status < 200 || status >= 300) return;
    for (const listener of writeListeners) listener(method as 'POST' | 'PUT' | 'DELETE', url.split('?')[0]!);
  },
});

/**
 * Calls the gateway at a concrete path, untyped (prefer `gateway.call`, typed by the operation).
 * @param path - documented path, e.g. `/Customer/loginCustomer`
 * @returns the parsed JSON body (null for an empty body)
 * @throws {ApiError} for any non-2xx answer, a network failure or a timeout
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const reply = await gateway.send(method, path, body, headers);
  if (reply.status < 200 || reply.status >= 300) throw errorOf(reply);
  return reply.body as T;
}

/** Query string from defined values, e.g. `?q=apple&page=2`. */
export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  return queryString(params);
}

/**
 * A request body as the web app's forms hold it: the operation's field names (`FormBody<BodyOf<…>>`),
 * required where the schema requires them, each value of the kind the form keeps (a choice as a
 * plain string, also in a list; a number as number or the text typed). The form checked it with the operation's
 * own schema before sending, and the service checks it again.
 */
export type FormBody<T> = { [K in keyof T]: Loose<T[K]> };
type Loose<V> = V extends string ? string : V extends number ? number | string : V extends readonly (infer E)[] ? Loose<E>[] : V;

/** A page of a list as paged endpoints return it. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}
