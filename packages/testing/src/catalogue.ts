/**
 * Shared set-up of the catalogue tests: a stack with identity (sessions), the e-mail worker and
 * the catalogue; sellers approved through the real flow (credentials read from MailDev); a
 * signed-in customer; valid item and package bodies.
 */
import { colomboDate } from '@market/contracts';
import type { BodyOf } from '@market/contracts/client';
import { startTestStack, uniqueName, type TestStack } from '@market/platform/testing';
import assert from 'node:assert/strict';
import { Client } from './client';
import { acceptedSeller, newCustomer } from './identity';

export interface CatalogueWorld {
  stack: TestStack;
  admin: Client;
  customer: Client;
  newSeller(): Promise<{ client: Client; id: string }>;
  /** Registers and signs in another customer. */
  newCustomer(): Promise<{ client: Client; id: string }>;
}

/**
 * Starts identity, the e-mail worker, the catalogue and `extraServices` (e.g. `['ordering']`)
 * behind a gateway, with a signed-in admin and customer; `env` is added to every process.
 */
export async function startCatalogueWorld(extraServices: string[] = [], env: Record<string, string> = {}): Promise<CatalogueWorld> {
  // `env` goes to every process, the gateway included (e.g. OpenTelemetry settings).
  const stack = await startTestStack(['identity', 'notifications', 'catalogue', ...extraServices], env, env);
  const admin = new Client(stack.gatewayUrl);
  const adminLogin = { username: stack.admin.username, password: stack.admin.password };
  assert.equal((await admin.request('post', '/Admin/loginAdmin', { body: adminLogin })).status, 200);
  const customer = new Client(stack.gatewayUrl);
  const c = newCustomer();
  await customer.request('post', '/Customer/add', { body: c });
  assert.equal(
    (await customer.request('post', '/Customer/loginCustomer', { body: { username: c.username, password: c.password } })).status,
    200,
  );

  async function newSeller() {
    const { client, id } = await acceptedSeller(stack.gatewayUrl, admin);
    return { client, id };
  }

  async function newCustomerClient() {
    const client = new Client(stack.gatewayUrl);
    const body = newCustomer();
    assert.equal((await client.request('post', '/Customer/add', { body })).status, 201);
    const login = await client.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
    assert.equal(login.status, 200);
    return { client, id: login.body.customerLogin._id };
  }

  return { stack, admin, customer, newSeller, newCustomer: newCustomerClient };
}

/** A valid add-item body with a unique SKU. */
export function itemBody(overrides: Record<string, unknown> = {}) {
  return {
    Item_name: 'Galaxy S24',
    Brand: 'Samsung',
    Model: 'M-S24',
    Quantity: 10,
    Price: 249999.99,
    Stock_keeping_unit: uniqueName('SKU').toUpperCase(),
    Description: 'Flagship phone',
    Specification: '8 GB RAM, 256 GB',
    Color_family: ['Black' as const],
    ...overrides,
  };
}

/** The body of `POST /Packages/addPackage`, as the typed client takes it. */
type PackageBody = BodyOf<'post', '/Packages/addPackage'>;

/**
 * The Sri Lanka calendar day `days` from today, `YYYY-MM-DD` (a package's startDate and endDate are
 * Asia/Colombo days: it is on sale from the first moment of its start day to the last of its end
 * day, issue 27 item 7). Tests date their packages from it so they stay on sale whenever they run.
 */
export function colomboDay(days = 0, now: Date = new Date()): string {
  return colomboDate(new Date(now.getTime() + days * 86_400_000));
}

/**
 * A valid add-package body (`POST /Packages/addPackage`) of the items `content`, on sale from
 * yesterday to a year from today (Sri Lanka days, {@link colomboDay}), with a stored image name;
 * `overrides` replace any field.
 */
export function packageBody(content: string[], overrides: Partial<PackageBody> = {}): PackageBody {
  return {
    packageName: 'Galaxy Starter Kit',
    description: 'Phone and earbuds together',
    price: 2500,
    startDate: colomboDay(-1),
    endDate: colomboDay(365),
    image: `${'c'.repeat(64)}.webp`,
    content,
    ...overrides,
  };
}
