/**
 * The seeder's client of the gateway: the one typed client (`@market/contracts/client`) keeping
 * the session cookie it was given, with the response check on (every answer is held against the
 * published OpenAPI document, so a drift fails the seeding at its call), plus multipart image
 * uploads and the MailDev inbox (seller credentials arrive by e-mail).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiClient } from '@market/contracts/client';
import { assertDocumentedResponse } from '@market/contracts/testing';

export type { Reply as Answer } from '@market/contracts/client';

/**
 * One signed-in (or anonymous) person: `request('post', '/Customer/add', { body })` answers any
 * status, typed by the operation; it throws only for a network failure.
 */
export class Session extends ApiClient {
  constructor(readonly baseUrl: string) {
    super({ baseUrl, keepCookie: true, check: assertDocumentedResponse });
  }

  /** Uploads an image file through `POST /images/upload`; answers the stored name. */
  async upload(file: string): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([await readFile(file)], { type: 'image/jpeg' }), path.basename(file));
    const res = await fetch(`${this.baseUrl}/images/upload`, {
      method: 'POST',
      body: form,
      headers: this.cookie ? { cookie: this.cookie } : {},
    });
    const body = (await res.json()) as { name?: string; error?: string };
    if (res.status !== 201 || !body.name) throw new Error(`image upload of ${file} answered ${res.status}: ${body.error ?? ''}`);
    return body.name;
  }
}

/** Fails with the route and answer when a call did not give one of the expected statuses. */
export { expectStatus } from '@market/platform/testing';

/**
 * Waits for a MailDev message to `to` whose subject matches, received at or after `since`
 * (older ones, e.g. from an earlier attempt, are not it), and answers its text.
 */
export async function mailText(maildevUrl: string, to: string, subject: RegExp, since: Date, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${maildevUrl}/email`);
    const mails = (await res.json()) as { subject: string; text: string; time: string; to: { address: string }[] }[];
    const mail = mails
      .filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()) && subject.test(m.subject))
      // MailDev stamps whole seconds: allow the second the request started in.
      .filter((m) => new Date(m.time).getTime() >= since.getTime() - 1000)
      .at(-1);
    if (mail) return mail.text;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail "${subject.source}" reached ${to} within ${timeoutMs / 1000} s`);
}
