/**
 * `npm run bench -- --only failover` (issue 34 item 4): how long a replica's Kafka partitions
 * wait for another replica after it stops. A test stack runs two identity processes in the same
 * consumer groups; one is stopped, customers sign up through the gateway (to the other process),
 * and the figure is ms from the stop until every one of them is in the admin customer search
 * (identity's search projection). Stopped with SIGKILL (no LeaveGroup: the broker waits for the
 * session, GROUP_TIMING in packages/platform/src/kafka/client.ts) and with SIGTERM (the member
 * leaves its groups in the graceful shutdown), {@link SAMPLES} times each; a fresh replica joins
 * before each sample. The test of the bound is test/failover/kafka-takeover.int.test.ts.
 */
import { GROUP_TIMING } from '@market/platform';
import { startTestStack, testServers, uniqueName, waitFor, type TestStack } from '@market/platform/testing';
import { Client, newCustomer } from '@market/testing';
import { AssignerProtocol, Kafka, logLevel, type Admin } from 'kafkajs';
import type { BenchSection } from './lib/section';

const SAMPLES = 3;
const CUSTOMERS = 10;

async function assignedMembers(admin: Admin, groupId: string): Promise<number> {
  const { groups } = await admin.describeGroups([groupId]);
  return (groups[0]?.members ?? []).filter((m) => {
    const a = AssignerProtocol.MemberAssignment.decode(m.memberAssignment);
    return a && Object.values(a.assignment).some((ps) => ps.length > 0);
  }).length;
}

/** ms from stopping `replica` with `signal` until every customer signed up after it is searchable. */
async function takeover(stack: TestStack, admin: Admin, signal: 'SIGKILL' | 'SIGTERM'): Promise<number> {
  const groupId = `identity-identity-${stack.dbSuffix}-search`;
  const replica = await stack.addReplica('identity');
  await waitFor(async () => (await assignedMembers(admin, groupId)) === 2, 60_000, 200, 'two members with partitions');
  const tag = uniqueName('bf').replace(/-/g, '').toLowerCase();
  const t0 = Date.now();
  await replica.kill(signal);
  for (let i = 0; i < CUSTOMERS; i++) {
    const res = await new Client(stack.gatewayUrl).request('post', '/Customer/add', { body: newCustomer({ firstName: `Bf${tag}` }) });
    if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
  }
  const a = new Client(stack.gatewayUrl);
  await a.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } });
  await waitFor(
    async () => {
      const r = await a.get<{ total: number }>(`/Customer/getAll?q=${tag}&page=1&limit=10`);
      return r.status === 200 && r.body.total === CUSTOMERS;
    },
    120_000,
    50,
    'every customer searchable',
  );
  return Date.now() - t0;
}

export async function run(): Promise<BenchSection> {
  const stack = await startTestStack(['identity'], {}, { KAFKA_FROM_BEGINNING: 'true' });
  const admin = new Kafka({ clientId: 'bench-failover', brokers: testServers().kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  const ms: Record<'SIGKILL' | 'SIGTERM', number[]> = { SIGKILL: [], SIGTERM: [] };
  try {
    for (let i = 0; i < SAMPLES; i++)
      for (const signal of ['SIGKILL', 'SIGTERM'] as const) ms[signal].push(await takeover(stack, admin, signal));
  } finally {
    await admin.disconnect();
    await stack.stop();
  }
  const rows = (['SIGKILL', 'SIGTERM'] as const).map((s) => [
    s === 'SIGKILL' ? 'kill -9 (session expiry)' : 'SIGTERM (leaves its groups)',
    Math.min(...ms[s]),
    Math.round(ms[s].reduce((x, y) => x + y, 0) / ms[s].length),
    Math.max(...ms[s]),
  ]);
  return {
    id: 'failover',
    title: 'Partition takeover after a replica stops (two identity replicas)',
    columns: ['stopped with', 'min ms', 'mean ms', 'max ms'],
    rows,
    notes: [
      `${SAMPLES} samples per signal; ms from the stop until all ${CUSTOMERS} customers signed up after it are in the admin search.`,
      `Group timing: ${GROUP_TIMING.sessionTimeoutMs} ms session, ${GROUP_TIMING.heartbeatIntervalMs} ms heartbeat; the stack's idle fetch wait is 1,000 ms.`,
      'Includes the projection write and OpenSearch refresh (about 1 s) and the sign-ups themselves.',
    ],
    data: ms,
    charts: [{ yTitle: 'takeover ms', points: rows.map((r) => ({ x: String(r[0]), y: Number(r[2]) })) }],
  };
}
