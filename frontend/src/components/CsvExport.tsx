/**
 * "Export CSV" (issue 30 item 9): downloads a CSV export of the list the page shows (the seller's
 * items, the seller's or an admin's orders with the page's filters) under a dated file name, and
 * says how many rows it holds, or why it could not.
 */
import { Button } from '@mantine/core';
import { colomboDate } from '@market/contracts';
import { useState } from 'react';
import { csvApi, type CsvExportPath } from '../api/csv';
import { notifyError, notifySuccess } from '../lib/notify';

/**
 * @param path - the export to download
 * @param params - its query (the page's filters; empty values are left out)
 * @param name - the file's name before the date, e.g. `items` → `items-2026-11-29.csv`
 */
export function CsvExportButton({
  path,
  params = {},
  name,
  label = 'Export CSV',
}: {
  path: CsvExportPath;
  params?: Record<string, string | number | boolean | undefined | null>;
  name: string;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { rows, truncated } = await csvApi.download(path, params, `${name}-${colomboDate(new Date())}.csv`);
      notifySuccess(
        'CSV downloaded',
        truncated ? `The first rows of ${rows.toLocaleString('en')}: narrow the filters for the rest` : `${rows.toLocaleString('en')} rows`,
      );
    } catch (err) {
      notifyError('The CSV could not be downloaded', err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" loading={busy} onClick={() => void run()}>
      {label}
    </Button>
  );
}
