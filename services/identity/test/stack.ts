/**
 * The identity slice as it runs for real, for integration tests: the identity service, the e-mail
 * worker and the gateway as separate processes on free ports, on the real MongoDB/FerretDB (a
 * database of its own), Kafka, Redis and MailDev. Tests talk to the gateway only, as the SPA does.
 */
import { ApiClient } from '@market/contracts/client';
import { assertDocumentedResponse } from '@market/contracts/testing';
import { startTestStack, uniqueName, type RunningProcess } from '@market/platform/testing';

export interface IdentityStack {
  gatewayUrl: string;
  dbName: string;
  admin: { username: string; password: string; email: string };
  identity: RunningProcess;
  stop(): Promise<void>;
}

/** Identity, the e-mail worker and the gateway (see `startTestStack`). */
export async function startIdentityStack(): Promise<IdentityStack> {
  const stack = await startTestStack(['identity', 'notifications']);
  return {
    gatewayUrl: stack.gatewayUrl,
    dbName: `identity-${stack.dbSuffix}`,
    admin: stack.admin,
    identity: stack.processes.identity!,
    stop: stack.stop,
  };
}

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

  constructor(baseUrl: string) {
    this.api = new ApiClient({ baseUrl, keepCookie: true, check: assertDocumentedResponse });
    this.request = this.api.request.bind(this.api);
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

/** A valid signup body with unique e-mail and username. */
export function newCustomer(overrides: Record<string, unknown> = {}) {
  const tag = uniqueName('c').replace(/-/g, '');
  return {
    firstName: 'Nimal',
    lastName: 'Perera',
    email: `${tag}@example.lk`,
    phoneNumber: '0771234567',
    dob: '1995-04-12',
    gender: 'Male' as const,
    address: '12 Galle Road, Colombo 03',
    username: tag,
    password: 'Secret#123',
    ...overrides,
  };
}

/** A valid seller application with a unique e-mail. */
export function newSellerRequest(overrides: Record<string, unknown> = {}) {
  const tag = uniqueName('s').replace(/-/g, '');
  return {
    ownername: 'Kamala Silva',
    mobile: '0712345678',
    companyname: `Tech Hub ${tag}`,
    address: '45 Kandy Road, Kadawatha',
    year: '2015',
    description: 'Authorised reseller of phones and tablets.',
    email: `${tag}@example.lk`,
    ...overrides,
  };
}
