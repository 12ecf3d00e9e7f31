/**
 * A PDF report in the requester's language (issue 33 item 3), through the gateway on real servers
 * and the `report` queue: a seller whose web app is in Sinhala (the `lang` cookie, which holds the
 * account's choice) asks for the monthly sales report; the PDF's title, labels and empty line are
 * Sinhala. Without the cookie the report stays in English.
 */
import { waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, download, pdfText, startCatalogueWorld, type CatalogueWorld } from '@market/testing';

let world: CatalogueWorld;
let seller: { client: Client; id: string };

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering', 'reporting']);
  seller = await world.newSeller();
}, 240_000);

afterAll(async () => {
  await world?.stack.stop();
});

/** Asks for this month's sales report with `cookie` beside the session, and reads the finished PDF. */
async function salesReport(lang?: string): Promise<string> {
  const res = await fetch(`${world.stack.gatewayUrl}/items/create-pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `mp_session=${seller.client.token}${lang ? `; lang=${lang}` : ''}` },
    body: '{}',
  });
  expect(res.status).toBe(202);
  const { jobId } = (await res.json()) as { jobId: string };
  await waitFor(
    async () => ((await seller.client.get<{ state: string }>(`/reports/${jobId}`)).body.state === 'completed' ? true : undefined),
    30_000,
    250,
    'the report rendered',
  );
  const file = await download(world.stack.gatewayUrl, seller.client, `/items/fetch-pdf?jobId=${jobId}`);
  expect(file.status).toBe(200);
  // Vowel signs drawn before their consonant come back in drawing order: compare the letters only.
  return (await pdfText(file.bytes)).text.normalize('NFD').replace(/\p{M}/gu, '');
}
const letters = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

describe('a PDF report in the requester language', () => {
  it('prints the Sinhala words for a seller in Sinhala, English without a language', async () => {
    const si = await salesReport('si');
    for (const words of ['මාසික විකුණුම් වාර්තාව', 'මුළු ආදායම', 'මෙම මාසයේ විකුණුම් නැත']) expect(si, words).toContain(letters(words));
    expect(si).not.toContain('Monthly Sales Report');
    const en = await salesReport();
    expect(en).toContain('Monthly Sales Report');
    expect(en).toContain('No sales in this month');
  });
});
