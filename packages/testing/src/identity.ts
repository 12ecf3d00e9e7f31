/**
 * The identity slice as it runs for real, for integration tests: the identity service, the e-mail
 * worker and the gateway as separate processes on free ports, on the real MongoDB/FerretDB (a
 * database of its own), Kafka, Redis and MailDev. Tests talk to the gateway only, as the SPA does;
 * valid sign-up and seller-application bodies.
 */
import { mailsTo, startTestStack, uniqueName, waitFor, type RunningProcess } from '@market/platform/testing';
import assert from 'node:assert/strict';
import { Client } from './client';

export interface IdentityStack {
  gatewayUrl: string;
  dbName: string;
  /** The stack's Kafka topic prefix (see `TestStack.topicPrefix`). */
  topicPrefix: string;
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
    topicPrefix: stack.topicPrefix,
    admin: stack.admin,
    identity: stack.processes.identity!,
    stop: stack.stop,
  };
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

/**
 * A seller company accepted through the real flow: its application (`request`), the acceptance
 * by `admin` (a signed-in admin), the credentials read from the welcome e-mail in MailDev, and a
 * sign-in with them.
 * @returns the signed-in seller's client, its id (the org seller keeps the application's id) and
 *   the e-mailed credentials
 * @throws AssertionError when the acceptance or the sign-in does not answer 201 / 200, or when no
 *   welcome e-mail arrives within 20 s
 */
export async function acceptedSeller(
  gatewayUrl: string,
  admin: Client,
  request: ReturnType<typeof newSellerRequest> = newSellerRequest(),
): Promise<{ client: Client; id: string; username: string; password: string }> {
  const applied = await new Client(gatewayUrl).request('post', '/seller/add', { body: request });
  assert.equal((await admin.request('post', '/orgseller/add', { body: { requestId: applied.body._id } })).status, 201);
  const mail = await waitFor(
    async () => (await mailsTo(request.email)).find((m) => /Welcome aboard/.test(m.subject)),
    20_000,
    200,
    'seller credentials',
  );
  const username = /^Username: (\S+)$/m.exec(mail.text)![1]!;
  const password = /^Password: (\S+)$/m.exec(mail.text)![1]!;
  const client = new Client(gatewayUrl);
  assert.equal((await client.request('post', '/orgSeller/loginSeller', { body: { username, password } })).status, 200);
  return { client, id: applied.body._id, username, password };
}
