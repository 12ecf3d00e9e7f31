/**
 * The identity slice as it runs for real, for integration tests: the identity service, the e-mail
 * worker and the gateway as separate processes on free ports, on the real MongoDB/FerretDB (a
 * database of its own), Kafka, Redis and MailDev. Tests talk to the gateway only, as the SPA does;
 * valid sign-up and seller-application bodies.
 */
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
