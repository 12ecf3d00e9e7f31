/**
 * Generate report → progress → Download: enqueues the report job, follows its state and progress
 * until it is completed or failed, shows a failure's reason (not only in the console), and
 * downloads the finished PDF under its documented name, or the same rows as CSV (`GET
 * /<prefix>/fetch-csv`).
 *
 * Works under React.StrictMode: StrictMode runs every effect's clean-up and the effect again on
 * mount, so the "still mounted" flag is set by the effect itself (it used to be set only by
 * `useRef(true)`, the first clean-up cleared it for good and polling stopped after one answer).
 */
import { useServerMessage } from '../i18n/serverMessage';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { reportsApi, type ReportJobStatus, type ReportKind } from '../api/reports';

const POLL_MS = 500;
/** Polling gives up (with a message) after this long without a completed or failed job. */
const GIVE_UP_MS = 3 * 60_000;
const TOO_LONG = 'The report is taking longer than expected. Please try again later!';

export function ReportButton({
  kind,
  params,
  label,
  fileName,
  compact = false,
}: {
  kind: ReportKind;
  params: { month?: string; year?: number; itemId?: string; orderLineId?: string };
  label?: string;
  /** The download's name without extension (default: the kind's documented name). */
  fileName?: string;
  /** Small buttons, PDF only (an order card's packing slip). */
  compact?: boolean;
}) {
  const { t } = useTranslation('seller');
  const message = useServerMessage();
  const [job, setJob] = useState<ReportJobStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(false);
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);

  const generate = async () => {
    setError(null);
    setJob(null);
    setBusy(true);
    try {
      const { jobId } = await reportsApi.create(kind, params);
      const giveUpAt = Date.now() + GIVE_UP_MS;
      let status = await reportsApi.status(jobId);
      while (alive.current && (status.state === 'waiting' || status.state === 'active')) {
        setJob(status);
        if (Date.now() > giveUpAt) {
          setError(TOO_LONG);
          return;
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
        status = await reportsApi.status(jobId);
      }
      if (!alive.current) return;
      setJob(status);
      if (status.state === 'failed') setError(status.failedReason ?? 'The report could not be made. Please try again!');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The report could not be made. Please try again!');
    } finally {
      setBusy(false);
    }
  };

  const download = async (format: 'pdf' | 'csv') => {
    if (!job) return;
    try {
      await reportsApi.download(kind, job.jobId, format, fileName);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The report could not be downloaded.');
    }
  };

  return (
    <Stack gap="xs" maw={420}>
      <Group gap={compact ? 'xs' : undefined}>
        <Button onClick={() => void generate()} loading={busy} size={compact ? 'xs' : undefined} variant={compact ? 'default' : undefined}>
          {label ?? t('report.generate')}
        </Button>
        {job?.state === 'completed' && (
          <>
            <Button variant="light" size={compact ? 'xs' : undefined} onClick={() => void download('pdf')}>
              {t('report.pdf')}
            </Button>
            {!compact && (
              <Button variant="default" onClick={() => void download('csv')}>
                {t('report.csv')}
              </Button>
            )}
          </>
        )}
      </Group>
      {busy && job && (
        <>
          <Progress value={job.progress} aria-label={t('report.progress')} animated />
          <Text size="xs" c="dimmed">
            {job.state === 'waiting' ? t('report.waiting') : t('report.rendering', { progress: job.progress })}
          </Text>
        </>
      )}
      {job?.state === 'completed' && !busy && !compact && (
        <Text size="sm" c="green">
          {t('report.ready')}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {message(error)}
        </Alert>
      )}
    </Stack>
  );
}
