/**
 * Shared set-up of the catalogue tests: a stack with identity (sessions), the e-mail worker and
 * the catalogue; sellers approved through the real flow (credentials read from MailDev); a
 * signed-in customer; valid item bodies.
 */
import { mailsTo, startTestStack, uniqueName, waitFor, type TestStack } from '@market/platform/testing';
import { expect } from 'vitest';
import { Client, newCustomer, newSellerRequest } from '../../identity/test/stack';

export { Client };

export interface CatalogueWorld {
  stack: TestStack;
  admin: Client;
  customer: Client;
  newSeller(): Promise<{ client: Client; id: string }>;
}

export async function startCatalogueWorld(): Promise<CatalogueWorld> {
  const stack = await startTestStack(['identity', 'notifications', 'catalogue']);
  const admin = new Client(stack.gatewayUrl);
  expect((await admin.post('/Admin/loginAdmin', { username: stack.admin.username, password: stack.admin.password })).status).toBe(200);
  const customer = new Client(stack.gatewayUrl);
  const c = newCustomer();
  await customer.post('/Customer/add', c);
  expect((await customer.post('/Customer/loginCustomer', { username: c.username, password: c.password })).status).toBe(200);

  async function newSeller() {
    const request = newSellerRequest();
    const applied = await new Client(stack.gatewayUrl).post<{ _id: string }>('/seller/add', request);
    expect((await admin.post('/orgseller/add', { requestId: applied.body._id })).status).toBe(201);
    const mail = await waitFor(
      async () => (await mailsTo(request.email)).find((m) => /Welcome aboard/.test(m.subject)),
      20_000,
      200,
      'seller credentials',
    );
    const username = /^Username: (\S+)$/m.exec(mail.text)![1]!;
    const password = /^Password: (\S+)$/m.exec(mail.text)![1]!;
    const client = new Client(stack.gatewayUrl);
    expect((await client.post('/orgSeller/loginSeller', { username, password })).status).toBe(200);
    return { client, id: applied.body._id };
  }

  return { stack, admin, customer, newSeller };
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
    Color_family: ['Black'],
    ...overrides,
  };
}
