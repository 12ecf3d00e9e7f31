/**
 * Generate report → progress → Download (issue 7): enqueues the report job, follows its state
 * and progress, shows a failure's reason (not only in the console), and downloads the finished
 * PDF under its documented name.
 */
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { reportsApi, type ReportJobStatus, type ReportKind } from '../api/reports';

const POLL_MS = 500;

export function ReportButton({
  kind,
  params,
  label = 'Generate report',
}: {
  kind: ReportKind;
  params: { month?: string; year?: number; itemId?: string };
  label?: string;
}) {
  const [job, setJob] = useState<ReportJobStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const generate = async () => {
    setError(null);
    setJob(null);
    setBusy(true);
    try {
      const { jobId } = await reportsApi.create(kind, params);
      let status = await reportsApi.status(jobId);
      while (alive.current && (status.state === 'waiting' || status.state === 'active')) {
        setJob(status);
        await new Promise((r) => setTimeout(r, POLL_MS));
        status = await reportsApi.status(jobId);
      }
      setJob(status);
      if (status.state === 'failed') setError(status.failedReason ?? 'The report could not be made. Please try again!');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The report could not be made. Please try again!');
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    if (!job) return;
    try {
      await reportsApi.download(kind, job.jobId);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The report could not be downloaded.');
    }
  };

  return (
    <Stack gap="xs" maw={420}>
      <Group>
        <Button onClick={() => void generate()} loading={busy}>
          {label}
        </Button>
        {job?.state === 'completed' && (
          <Button variant="light" onClick={() => void download()}>
            Download
          </Button>
        )}
      </Group>
      {busy && job && (
        <>
          <Progress value={job.progress} aria-label="Report progress" animated />
          <Text size="xs" c="dimmed">
            {job.state === 'waiting' ? 'Waiting for a report worker…' : `Rendering… ${job.progress}%`}
          </Text>
        </>
      )}
      {job?.state === 'completed' && !busy && (
        <Text size="sm" c="green">
          Your report is ready.
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
