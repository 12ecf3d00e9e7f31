/**
 * The web app's HTTP client of the gateway (DESIGN.md section 1): JSON in and out, the session
 * cookie sent with every call (`credentials: 'include'`), a timeout, and errors turned into
 * {@link ApiError} carrying the server's `{ error, fields }` (DESIGN.md section 8) so forms can
 * show each field's message inline.
 */

declare global {
  interface Window {
    /** Runtime configuration a server may inject into index.html (deployments, browser tests). */
    __MARKET_CONFIG__?: { apiUrl?: string };
  }
}

/**
 * Base URL of the gateway: the runtime configuration injected into the page if any, else
 * `VITE_API_URL` at build time, else http://localhost:8070.
 */
export const API_URL: string =
  (typeof window !== 'undefined' ? window.__MARKET_CONFIG__?.apiUrl : undefined) ??
  (import.meta.env.VITE_API_URL as string | undefined) ??
  'http://localhost:8070';

/**
 * A failed call: HTTP status (0 when the gateway could not be reached), message, field messages,
 * and for a 429 the seconds to wait from its Retry-After header (DESIGN.md section 5).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
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
 * Calls the gateway.
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
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`${API_URL}${path}`, {
      method,
      credentials: 'include',
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(
      0,
      controller.signal.aborted ? 'The server took too long to answer. Please try again!' : 'Cannot reach the server. Please try again!',
    );
  } finally {
    clearTimeout(timer);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const err = (json ?? {}) as { error?: string; fields?: Record<string, string> };
    throw new ApiError(
      res.status,
      err.error ?? `Request failed (${res.status})`,
      err.fields ?? {},
      retryAfterSeconds(res.headers.get('Retry-After')),
    );
  }
  if (method !== 'GET') for (const listener of writeListeners) listener(method, path.split('?')[0]!);
  return json as T;
}

/** Query string from defined values, e.g. `?q=apple&page=2`. */
export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

/** A page of a list as paged endpoints return it. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}
