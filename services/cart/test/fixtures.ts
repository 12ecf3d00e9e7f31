/**
 * Shared set-up of the cart tests: identity, the e-mail worker, the catalogue and the cart behind
 * a gateway on the real servers; an admin-approved seller (credentials read from MailDev);
 * signed-in customers; and a direct, read-mostly connection to the cart's own database to wait
 * for event effects (read models, carts created or removed by events).
 */
import type { EventType } from '@market/contracts';
import { createKafka, untypedPendingEvent, publishEvents } from '@market/platform';
import { mailsTo, startTestStack, testServers, waitFor, type TestStack } from '@market/platform/testing';
import type { Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { expect } from 'vitest';
import { itemBody, Client, newCustomer, newSellerRequest } from '@market/testing';

export { Client, itemBody };

export interface Customer {
  client: Client;
  id: string;
  body: ReturnType<typeof newCustomer>;
}

export interface CartWorld {
  stack: TestStack;
  /** The cart service's database (`cart-<suffix>`). */
  db: Connection;
  newSeller(): Promise<Client>;
  newCustomer(): Promise<Customer>;
  /** Publishes an event on Kafka as its owning service would (e.g. OrderConfirmed). */
  publish(type: EventType, aggregateId: string, data: Record<string, unknown>): Promise<void>;
  /** Waits until the cart's read model holds `id` (item or package) with the given fields. */
  readModel(kind: 'item' | 'package', id: string, fields: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the cart's stack, plus `extraServices` (e.g. `['ordering']` to buy items out). */
export async function startCartWorld(extraServices: string[] = []): Promise<CartWorld> {
  const stack = await startTestStack(['identity', 'notifications', 'catalogue', 'cart', ...extraServices]);
  const admin = new Client(stack.gatewayUrl);
  expect(
    (await admin.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } })).status,
  ).toBe(200);
  const conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
  const db = conn.useDb(`cart-${stack.dbSuffix}`);
  const kafka = createKafka('cart-test', testServers().kafkaBrokers, pino({ level: 'silent' }));
  const producer: Producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();

  async function newSeller() {
    const request = newSellerRequest();
    const applied = await new Client(stack.gatewayUrl).request('post', '/seller/add', { body: request });
    expect((await admin.request('post', '/orgseller/add', { body: { requestId: applied.body._id } })).status).toBe(201);
    const mail = await waitFor(
      async () => (await mailsTo(request.email)).find((m) => /Welcome aboard/.test(m.subject)),
      20_000,
      200,
      'seller credentials',
    );
    const client = new Client(stack.gatewayUrl);
    const username = /^Username: (\S+)$/m.exec(mail.text)![1]!;
    const password = /^Password: (\S+)$/m.exec(mail.text)![1]!;
    expect((await client.request('post', '/orgSeller/loginSeller', { body: { username, password } })).status).toBe(200);
    return client;
  }

  async function newCustomerClient(): Promise<Customer> {
    const client = new Client(stack.gatewayUrl);
    const body = newCustomer();
    expect((await client.request('post', '/Customer/add', { body })).status).toBe(201);
    const login = await client.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
    expect(login.status).toBe(200);
    return { client, id: login.body.customerLogin._id, body };
  }

  return {
    stack,
    db,
    newSeller,
    newCustomer: newCustomerClient,
    async publish(type, aggregateId, data) {
      const { topic, envelope } = untypedPendingEvent(type, aggregateId, 1, data);
      await publishEvents(producer, [{ topic: stack.topicPrefix + topic, event: envelope }]);
    },
    async readModel(kind, id, fields) {
      const collection = db.collection(kind === 'item' ? 'item_availability' : 'package_availability');
      await waitFor(
        async () => {
          const doc = await collection.findOne({ _id: id as never });
          return Boolean(doc && Object.entries(fields).every(([k, v]) => doc[k] === v));
        },
        15_000,
        50,
        `${kind} ${id} in the cart read model with ${JSON.stringify(fields)}`,
      );
    },
    async stop() {
      await producer.disconnect();
      await conn.close();
      await stack.stop();
    },
  };
}
