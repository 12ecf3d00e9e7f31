/**
 * /Seller/ImportItems (issue 30 item 9): the seller adds new items from a CSV file. Choosing a file
 * checks every row on the server with the add-item form's rules and messages (a dry run) and shows
 * the result: the rows with errors (row numbers as the spreadsheet shows them, the field, the
 * message), or the items that will be added and an "Import" button. With any row error nothing is
 * imported. The template (the header row) downloads from here. Pictures are not part of the CSV:
 * the page says so, and imported items show the placeholder until pictures are added.
 *
 * The import's id is made when a file is chosen and kept (per file, in sessionStorage) until the
 * import answers, so pressing Import again after a failed connection, or choosing the same file
 * again after a reload, finishes that import instead of adding the items twice.
 */
import { Alert, Anchor, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS, CSV_TOO_LARGE, ITEM_CSV_REQUIRED, type ItemImportAnswer } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { csvApi, itemTemplate, rowErrorsOf, saveFile, type RowErrors } from '../../api/csv';
import { PageHeader } from '../../components/PageHeader';
import { notifySuccess } from '../../lib/notify';

/** What the page shows about the chosen file. */
type Result =
  | { kind: 'checked'; answer: ItemImportAnswer }
  | { kind: 'imported'; answer: ItemImportAnswer }
  | { kind: 'rows'; error: string; rows: RowErrors[] }
  | { kind: 'file'; error: string }
  | { kind: 'unfinished'; error: string };

/** The import id of a chosen file, kept until its import answered (see the module's note). */
function importIdOf(file: File): { id: string; forget: () => void } {
  const key = `item-import:${file.name}:${file.size}:${file.lastModified}`;
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
    sessionStorage.setItem(key, id);
  }
  return { id, forget: () => sessionStorage.removeItem(key) };
}

/** A file's text (UTF-8), through FileReader, which every browser (and jsdom) has. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file, 'utf-8');
  });
}

/** The outcome of a refused call, for the page. */
function failure(err: unknown): Result {
  if (err instanceof ApiError && err.status === 400) {
    const rows = rowErrorsOf(err.fields);
    return rows.length ? { kind: 'rows', error: err.message, rows } : { kind: 'file', error: err.fields.csv ?? err.message };
  }
  if (err instanceof ApiError && err.status > 0 && err.status < 500) return { kind: 'file', error: err.message };
  return {
    kind: 'unfinished',
    error: `${err instanceof ApiError ? err.message : 'The import did not answer.'} Press Import again to finish it: nothing is added twice.`,
  };
}

function RowErrorTable({ rows }: { rows: RowErrors[] }) {
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped withTableBorder aria-label="Row errors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Field</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.flatMap((r) =>
            Object.entries(r.fields).map(([field, message]) => (
              <Table.Tr key={`${r.row}-${field}`}>
                <Table.Td>{r.row}</Table.Td>
                <Table.Td>{field}</Table.Td>
                <Table.Td>{message}</Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ItemRowsTable({ answer }: { answer: ItemImportAnswer }) {
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped withTableBorder aria-label="Items in the file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Item name</Table.Th>
            <Table.Th>SKU</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.items.map((i) => (
            <Table.Tr key={i.row}>
              <Table.Td>{i.row}</Table.Td>
              <Table.Td>
                {i._id ? (
                  <Anchor component={Link} to={`/Seller/UpdateItem/${i._id}`}>
                    {i.Item_name}
                  </Anchor>
                ) : (
                  i.Item_name
                )}
              </Table.Td>
              <Table.Td>{i.Stock_keeping_unit}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ItemImport() {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (f: File | null) => {
    setFile(f);
    setResult(null);
    setText('');
    if (!f) return;
    if (f.size > CSV_IMPORT_MAX_BYTES) return setResult({ kind: 'file', error: CSV_TOO_LARGE });
    setBusy(true);
    try {
      const csv = await readText(f);
      setText(csv);
      const answer = await csvApi.importItems({ csv, importId: importIdOf(f).id, dryRun: true });
      setResult({ kind: 'checked', answer });
    } catch (err) {
      setResult(failure(err));
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    if (!file) return;
    setBusy(true);
    const { id, forget } = importIdOf(file);
    try {
      const answer = await csvApi.importItems({ csv: text, importId: id });
      forget();
      setResult({ kind: 'imported', answer });
      notifySuccess('Your Items have been saved', `${answer.items.length} items added`);
    } catch (err) {
      const r = failure(err);
      // A refusal is final for this file (a retry would be refused the same way); an unanswered call is retried with the same id.
      if (r.kind !== 'unfinished') forget();
      setResult(r);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title="Import items from CSV">
        <Button variant="default" onClick={() => saveFile(itemTemplate(), 'items-template.csv')}>
          Download template
        </Button>
        <Button variant="light" component={Link} to="/Seller/Home">
          All the Items
        </Button>
      </PageHeader>
      <Stack maw={900}>
        <Alert color="blue" title="How it works">
          <Text size="sm">
            One new item per row, with the template&apos;s columns; {ITEM_CSV_REQUIRED.join(', ')} are required. At most{' '}
            {CSV_IMPORT_MAX_ROWS} items and 1 MB per file. Every row is checked like the ADD ITEM form: if any row has an error, nothing is
            imported.
          </Text>
          <Text size="sm" mt="xs" fw={600}>
            Pictures are not part of the CSV: imported items show a placeholder until you add pictures on each item&apos;s Edit page.
          </Text>
        </Alert>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          disabled={busy}
        />
        {busy && <Text c="dimmed">Checking…</Text>}
        {result?.kind === 'file' && (
          <Alert color="red" title="This file cannot be imported">
            {result.error}
          </Alert>
        )}
        {result?.kind === 'unfinished' && (
          <Alert color="orange" title="The import may be unfinished">
            <Stack gap="xs">
              <Text size="sm">{result.error}</Text>
              <Group>
                <Button onClick={() => void runImport()} loading={busy}>
                  Import again
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {result?.kind === 'rows' && (
          <>
            <Alert color="red" title="Nothing was imported">
              {result.error}. Correct these rows in the file and choose it again.
            </Alert>
            <RowErrorTable rows={result.rows} />
          </>
        )}
        {result?.kind === 'checked' && (
          <>
            <Alert color="green" title={`All ${result.answer.rows} rows are valid`}>
              <Group justify="space-between">
                <Text size="sm">Nothing is saved until you import.</Text>
                <Button onClick={() => void runImport()} loading={busy}>
                  Import {result.answer.rows} items
                </Button>
              </Group>
            </Alert>
            <ItemRowsTable answer={result.answer} />
          </>
        )}
        {result?.kind === 'imported' && (
          <>
            <Alert color="green" title={`${result.answer.items.length} items imported`}>
              They are in All the Items now, without pictures: open each one to add them.
            </Alert>
            <ItemRowsTable answer={result.answer} />
          </>
        )}
      </Stack>
    </>
  );
}
