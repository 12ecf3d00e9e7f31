/**
 * The report button under React.StrictMode: StrictMode mounts, unmounts and
 * mounts every component again in development, and the button used to stop polling after the
 * first answer (`active`), so no Download and no error ever showed. These tests render it as
 * `main.tsx` does, inside <StrictMode>, against a fake gateway whose job takes a few polls.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, type Call } from '../test-utils';
import { ReportButton } from './ReportButton';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const JOB = '0b5f8a52-6a3c-4c8e-9a57-3f6f1b0c9d11';

function renderStrict(ui: React.ReactNode) {
  return render(
    <StrictMode>
      <MantineProvider>{ui}</MantineProvider>
    </StrictMode>,
  );
}

/** A job that answers `waiting`, then `active` at 40 %, then `last`. */
function jobAnswers(last: Record<string, unknown>) {
  const states = [
    { state: 'waiting', progress: 0 },
    { state: 'active', progress: 40 },
    { state: 'active', progress: 40 },
  ];
  let polls = 0;
  return () => ({ jobId: JOB, kind: 'items', attemptsMade: 0, ...(states[polls++] ?? last) });
}

describe('ReportButton in StrictMode', () => {
  it('follows the job past "active" to the Download of the PDF and of the CSV', async () => {
    const calls = fakeGateway({
      'POST /items/create-pdf': { jobId: JOB },
      [`GET /reports/${JOB}`]: jobAnswers({ state: 'completed', progress: 100 }),
      'GET /items/fetch-pdf': {},
      'GET /items/fetch-csv': {},
    });
    const created: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => (created.push('blob'), 'blob:x'), revokeObjectURL: () => {} }));
    const saved: string[] = [];
    // jsdom does not navigate; record the file name each download link was clicked with.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderStrict(<ReportButton kind="items" params={{ month: '12', year: 2025 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    expect(await screen.findByText('Rendering… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Report progress' })).toBeInTheDocument();
    expect(await screen.findByText('Your report is ready.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(calls.find((c: Call) => c.method === 'POST')?.body).toEqual({ month: '12', year: 2025 });

    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/items/fetch-pdf?jobId=${JOB}`)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/items/fetch-csv?jobId=${JOB}`)).toBe(true));
    await waitFor(() => expect(saved).toEqual(['MonthlySalesReport.pdf', 'MonthlySalesReport.csv']));
    expect(created).toHaveLength(2);
  }, 10_000);

  it("shows a failed job's reason", async () => {
    fakeGateway({
      'POST /orgSeller/create-pdf': { jobId: JOB },
      [`GET /reports/${JOB}`]: jobAnswers({ state: 'failed', progress: 40, attemptsMade: 3, failedReason: 'No such seller' }),
    });
    renderStrict(<ReportButton kind="sellers" params={{ month: '01', year: 2026 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent('No such seller');
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  }, 10_000);
});
