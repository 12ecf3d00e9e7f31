/**
 * The seller's "Mark as Shipped" dialog in the browser (issue 31 item 1): courier from the list,
 * tracking number and, when given, the expected delivery day (`YYYY-MM-DD`), then the dialog's
 * "Mark as Shipped". Shared by the end-to-end files whose sellers ship an order.
 */
import type { Locator, Page } from 'playwright-core';

/** Opens the ship dialog from `card` and ships with `courier` (its name in the list) and `tracking`. */
export async function shipFromCard(
  page: Page,
  card: Locator,
  shipment: { courier?: string; tracking?: string; expected?: string } = {},
  beforeSubmit?: () => Promise<void>,
): Promise<void> {
  await card.getByRole('button', { name: 'Mark as Shipped' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Courier/ }).click();
  await page.getByRole('option', { name: shipment.courier ?? 'Domex', exact: true }).click();
  await dialog.getByRole('textbox', { name: /^Tracking number/ }).fill(shipment.tracking ?? 'DX123456789LK');
  if (shipment.expected) await dialog.getByLabel('Expected delivery (optional)').fill(shipment.expected);
  await beforeSubmit?.();
  await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
  await dialog.waitFor({ state: 'detached' });
}
