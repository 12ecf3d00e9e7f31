/**
 * One return (issue 31 items 3 and 4) as a card, the same for its customer, its seller and the
 * admins: its state, what was asked and said, the refund, the moves the reader may make now, and
 * its timeline. {@link ReturnPanel} loads it by id (`GET /Returns/{id}`) for an order's page.
 */
import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { returnsApi, type ReturnAnswer } from '../../api/returns';
import { useAsync } from '../../lib/useAsync';
import { LoadError, Loading } from '../Loading';
import { ReturnActions } from './ReturnActions';
import { ReturnFacts, ReturnStatusBadge, ReturnTimeline, type ReturnViewer } from './ReturnParts';

/**
 * One return as a card: its state, what was asked and said, the refund, the timeline, and the
 * moves `viewer` may make. `heading` is drawn above (lists name the product and order there).
 */
export function ReturnCard({
  ret,
  viewer,
  onChanged,
  heading,
}: {
  ret: ReturnAnswer;
  viewer: ReturnViewer;
  onChanged: () => unknown;
  heading?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="return-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          {heading ?? (
            <Title order={2} size="h4">
              Return
            </Title>
          )}
          <div style={{ flexShrink: 0 }}>
            <ReturnStatusBadge status={ret.status} prefix={false} />
          </div>
        </Group>
        <ReturnFacts ret={ret} viewer={viewer} />
        <ReturnActions ret={ret} viewer={viewer} onChanged={onChanged} />
        <ReturnTimeline ret={ret} viewer={viewer} />
      </Stack>
    </Card>
  );
}

/** The return of an order line on the order's page (`GET /Returns/{id}`), for any side that may see it. */
export function ReturnPanel({ returnId, viewer, onChanged }: { returnId: string; viewer: ReturnViewer; onChanged: () => unknown }) {
  const ret = useAsync(['orders', 'return', returnId], () => returnsApi.get(returnId));
  if (ret.error !== undefined) return <LoadError error={ret.error} />;
  if (!ret.data) return <Loading />;
  return (
    <ReturnCard
      ret={ret.data}
      viewer={viewer}
      onChanged={async () => {
        await ret.reload();
        await onChanged();
      }}
    />
  );
}
