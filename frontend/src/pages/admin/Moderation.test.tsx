/**
 * The admin's moderation screens: deleting a reported review asks first,
 * says so and reloads the list; a refusal shows the server's message; Keep review asks first,
 * dismisses the report with the review's version and reloads the list (issue 30 item 7).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage } from '../../test-utils';
import { AdminReportedReviews } from './Moderation';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = { _id: 'ad0000000000000000000001', username: 'admin' };
const review = {
  _id: 'r1',
  customerName: 'Sachini',
  date: '2026-11-20T10:00:00.000Z',
  item: { _id: 'i1', Item_name: 'Galaxy A55', Brand: 'Samsung' },
  noofstars: 1,
  description: 'Bad',
  reviewstatus: true,
  reportreason: 'Rude',
  reply: null,
  version: 4,
};

describe("admin's moderation", () => {
  it("shows the server's refusal to delete a reported review and keeps the list", async () => {
    fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /review/get': { items: [review], total: 1, page: 1, limit: 10 },
      'DELETE /review/delete/r1': { status: 404, body: { error: 'Review not found' } },
    });
    renderPage(<AdminReportedReviews />, { kind: 'admin', path: '/Admin/ReportedReviews' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete review' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Oops...')).toBeInTheDocument();
    expect(screen.getByText('Review not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Reported by the seller: Rude')).toBeInTheDocument());
  });

  it('keeps a reported review after confirmation: the report is dismissed with the version shown', async () => {
    let reported = [review];
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /review/get': () => ({ items: reported, total: reported.length, page: 1, limit: 10 }),
      'PUT /review/dismissReport/r1': () => ((reported = []), { ...review, reviewstatus: false, reportreason: '', version: 5 }),
    });
    renderPage(<AdminReportedReviews />, { kind: 'admin', path: '/Admin/ReportedReviews' });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep review' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/e-mailed that it was kept/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, keep it' }));
    expect(await screen.findByText('Report dismissed')).toBeInTheDocument();
    expect(await screen.findByText('No reported reviews.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([['/review/dismissReport/r1', { version: 4 }]]);
  });

  it('deletes a reported review with the version shown, after confirmation', async () => {
    let reported = [review];
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /review/get': () => ({ items: reported, total: reported.length, page: 1, limit: 10 }),
      'DELETE /review/delete/r1': () => ((reported = []), { message: 'Deleted!' }),
    });
    renderPage(<AdminReportedReviews />, { kind: 'admin', path: '/Admin/ReportedReviews' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete review' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/e-mailed that it was removed/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('No reported reviews.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/review/delete/r1?version=4']);
  });
});
