/**
 * Seller item forms: the edit form, the discount form and the availability switch send only what
 * the person changed with the version they loaded, show the server's refusal of a stale save
 * instead of overwriting, and keep an out-of-range number as typed so its message shows.
 */
import { DISCOUNT_RANGE, STALE_ITEM } from '@market/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage, SELLER, type Call } from '../../test-utils';
import { sellerItem } from './fixtures';
import { AddItem, Discount, MyDiscountedItems, SellerItems, UpdateItem } from './Items';

afterEach(() => vi.unstubAllGlobals());

const ID = 'a1a1a1a1a1a1a1a1a1a1a1a1';

const item = sellerItem;

const stale = { status: 409, body: { error: STALE_ITEM, fields: { version: STALE_ITEM } } };
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');

describe('edit item', () => {
  it('sends only the changed fields and the version it loaded (never the untouched Quantity)', async () => {
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /items/get/${ID}`]: item(),
      [`PUT /items/update/${ID}`]: (call: Call) => item({ ...(call.body as object), version: 5 }),
    });
    renderPage(<UpdateItem />, { kind: 'seller', path: `/Seller/UpdateItem/${ID}`, pattern: 'UpdateItem/:id' });
    const name = await screen.findByLabelText(/Item Name/);
    fireEvent.change(name, { target: { value: 'Galaxy A55 5G' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ Item_name: 'Galaxy A55 5G', version: 4 });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Seller/Home'));
  });

  it('shows the refusal of a stale save with a Reload that brings the latest state', async () => {
    let current = item();
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /items/get/${ID}`]: () => current,
      [`PUT /items/update/${ID}`]: stale,
    });
    renderPage(<UpdateItem />, { kind: 'seller', path: `/Seller/UpdateItem/${ID}`, pattern: 'UpdateItem/:id' });
    fireEvent.change(await screen.findByLabelText(/Brand/), { target: { value: 'Samsung Lanka' } });
    // Meanwhile a customer bought one.
    current = item({ Quantity: 5, version: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(STALE_ITEM);
    expect(puts(calls)[0]!.body).toEqual({ Brand: 'Samsung Lanka', version: 4 });
    expect(screen.getByTestId('location')).toHaveTextContent(`/Seller/UpdateItem/${ID}`);

    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText(/Quantity/)).toHaveValue('5'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText(/Brand/)).toHaveValue('Samsung');
  });

  it('keeps 201 and 0 in Quantity when the field loses focus and shows the documents’ messages', async () => {
    const calls = fakeGateway({ 'GET /orgSeller/me': SELLER, [`GET /items/get/${ID}`]: item() });
    renderPage(<UpdateItem />, { kind: 'seller', path: `/Seller/UpdateItem/${ID}`, pattern: 'UpdateItem/:id' });
    const quantity = await screen.findByLabelText(/Quantity/);
    fireEvent.focus(quantity);
    fireEvent.change(quantity, { target: { value: '201' } });
    fireEvent.blur(quantity);
    await waitFor(() => expect(screen.getByText('Quantity cannot be more than 200')).toBeInTheDocument());
    expect(quantity).toHaveValue('201');

    fireEvent.focus(quantity);
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.blur(quantity);
    await waitFor(() => expect(screen.getByText('Quantity cannot be Zero or less')).toBeInTheDocument());
    expect(quantity).toHaveValue('0');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(puts(calls)).toEqual([]);
  });
});

describe('discount', () => {
  it('keeps 81 as typed with the range message, and sends the discount with the loaded version only', async () => {
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /items/get/${ID}`]: item(),
      [`PUT /items/updateDiscount/${ID}`]: (call: Call) => item({ ...(call.body as object), version: 5 }),
    });
    renderPage(<Discount />, { kind: 'seller', path: `/Seller/UpdateDiscount/${ID}`, pattern: 'UpdateDiscount/:id' });
    const percent = await screen.findByLabelText('Discount (%)');
    await waitFor(() => expect(percent).toHaveValue('10'));
    fireEvent.focus(percent);
    fireEvent.change(percent, { target: { value: '81' } });
    fireEvent.blur(percent);
    expect(percent).toHaveValue('81');
    expect(screen.getByText(DISCOUNT_RANGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();

    fireEvent.change(percent, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ DiscountStatus: true, DiscountPrecentage: 20, version: 4 });
  });
});

describe('my discounted items', () => {
  it('toggles availability with only ItemAvailabilityStatus and the version, and shows a stale refusal', async () => {
    let answer: unknown = (call: Call) => item({ ...(call.body as object), version: 5 });
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /items/getItems': () => ({ items: [item()], total: 1, page: 1, limit: 12 }),
      [`PUT /items/update/${ID}`]: (call: Call) => (typeof answer === 'function' ? (answer as (c: Call) => unknown)(call) : answer),
    });
    renderPage(<MyDiscountedItems />, { kind: 'seller', path: '/Seller/MyDiscountedItems' });
    const toggle = await screen.findByRole('switch');
    fireEvent.click(toggle);
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ ItemAvailabilityStatus: false, version: 4 });

    answer = stale;
    const listsBefore = calls.filter((c) => c.path.startsWith('/items/getItems')).length;
    fireEvent.click(await screen.findByRole('switch'));
    expect(await screen.findByText(STALE_ITEM)).toBeInTheDocument();
    // The list is read again, so the page shows the latest state.
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/items/getItems')).length).toBeGreaterThan(listsBefore));
  });
});

describe('add item (spec 001 section 6)', () => {
  it("says 'Please Enter Valid Details!' above the form when its checks refuse the submit, sending nothing", async () => {
    const calls = fakeGateway({ 'GET /orgSeller/me': SELLER });
    renderPage(<AddItem />, { kind: 'seller', path: '/Seller/AddItem' });
    await screen.findByLabelText(/Item Name/);
    fireEvent.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await screen.findByText('Please Enter Valid Details!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe("the seller's item list (issue 30 items 9 and 11)", () => {
  it('shows each item with its picture and an unavailable one as such without opening its row', async () => {
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /items/getItems': {
        items: [
          item({ Images: [`${'b'.repeat(64)}.webp`] }),
          item({ _id: 'a2a2a2a2a2a2a2a2a2a2a2a2', Item_name: 'Xperia Z5', ItemAvailabilityStatus: false }),
        ],
        total: 2,
        page: 1,
        limit: 10,
      },
    });
    renderPage(<SellerItems />, { kind: 'seller', path: '/Seller/Home' });
    const xperia = (await screen.findByText('Xperia Z5')).closest('button')!;
    expect(within(xperia).getByText('Not available')).toBeInTheDocument();
    const galaxy = screen.getByText('Galaxy A55').closest('button')!;
    expect(within(galaxy).queryByText('Not available')).toBeNull();
    expect(galaxy.querySelector('img')?.getAttribute('src')).toContain(`${'b'.repeat(64)}-thumb.webp`);
  });
});

describe('removing an item that is in packages (issue 30 item 3)', () => {
  it('names the packages it would make unavailable before asking to confirm', async () => {
    const pkg = (packageName: string, ids: string[]) => ({
      _id: packageName,
      packageName,
      content: ids.map((_id) => ({ _id, Item_name: 'x' })),
    });
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /items/getItems': { items: [item()], total: 1, page: 1, limit: 10 },
      'GET /Packages/getPackages': {
        items: [pkg('Galaxy Combo', [ID, 'b2']), pkg('Charger Pack', ['b2']), pkg('Phone Starter', [ID])],
        total: 3,
        page: 1,
        limit: 100,
      },
      [`DELETE /items/delete/${ID}`]: { message: 'Item Deleted Successfully' },
    });
    renderPage(<SellerItems />, { kind: 'seller', path: '/Seller/Home' });
    fireEvent.click((await screen.findByText('Galaxy A55')).closest('button')!);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        "Remove Galaxy A55? It is in the packages Galaxy Combo, Phone Starter: customers cannot buy them until you take it out. You won't be able to revert this!",
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/Packages/getPackages') && c.path.includes('mine=true'))).toBe(true);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});

describe('bulk edits (issue 30 item 9)', () => {
  it('applies one change to the selected items with the versions shown, and lists the ones not updated', async () => {
    const two = item({ _id: 'a2a2a2a2a2a2a2a2a2a2a2a2', Item_name: 'Xperia Z5', version: 7 });
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /items/getItems': { items: [item(), two], total: 2, page: 1, limit: 10 },
      'POST /items/bulkUpdate': {
        results: [
          { id: ID, outcome: 'updated', item: item({ Price: 1100 }) },
          { id: two._id, outcome: 'stale', error: 'This item was changed by someone else; reload to see the latest' },
        ],
      },
    });
    renderPage(<SellerItems />, { kind: 'seller', path: '/Seller/Home' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Apply to 2 items' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose what to change');
    fireEvent.change(screen.getByRole('combobox', { name: 'Change' }), { target: { value: 'price-percent' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Change (%)' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply to 2 items' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      items: [
        { id: ID, version: 4 },
        { id: two._id, version: 7 },
      ],
      change: { kind: 'price-percent', percent: 10 },
    });
    // The stale one stays selected and is named with why.
    expect(await screen.findByText('Xperia Z5: changed since the list was shown; reload and try again')).toBeInTheDocument();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });
});
