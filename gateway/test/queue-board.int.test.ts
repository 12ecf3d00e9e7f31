/**
 * The admins' queue board at the gateway: bull-board over the `email` and `report`
 * queues on the real Redis, for a signed-in admin only.
 */
import { startTestStack, type TestStack } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newCustomer } from '@market/testing';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack(['identity']);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('queue board', () => {
  it('shows the email, report and checkout-deadline queues to an admin and nothing to anyone else', async () => {
    const anonymous = new Client(stack.gatewayUrl);
    expect((await anonymous.get('/admin/queues/api/queues')).status).toBe(404);
    const customer = new Client(stack.gatewayUrl);
    const c = newCustomer();
    await customer.request('post', '/Customer/add', { body: c });
    await customer.request('post', '/Customer/loginCustomer', { body: { username: c.username, password: c.password } });
    expect((await customer.get('/admin/queues/api/queues')).status).toBe(404);

    const admin = new Client(stack.gatewayUrl);
    expect(
      (await admin.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } }))
        .status,
    ).toBe(200);
    const page = await fetch(`${stack.gatewayUrl}/admin/queues`, { headers: { cookie: `mp_session=${admin.token}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // The board's page names a Google Fonts stylesheet; its policy keeps the browser at home
    // (issue 30 item 11: the board reached an outside host).
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).not.toContain('googleapis');
    const api = await admin.get<{ queues: { name: string }[] }>('/admin/queues/api/queues');
    expect(api.status).toBe(200);
    expect(api.body.queues.map((q) => q.name).sort()).toEqual(['checkout-deadline', 'email', 'report']);
  });
});
