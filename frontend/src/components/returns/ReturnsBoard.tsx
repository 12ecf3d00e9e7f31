/**
 * A seller's or admin's returns (issue 31 item 4): tabs by state, each with its count from
 * `GET /Returns/counts` (the returns read model), and under the chosen tab a paged list from
 * `GET /Returns?status=…` (newest first), each return a {@link ReturnCard} headed by the product,
 * its order line (linked to the order's page) and when it was asked, with the reader's moves.
 */
import { Anchor, Badge, Group, Image, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { colomboDateTime, type ReturnState } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { returnsApi, type ReturnAnswer, type ReturnCounts } from '../../api/returns';
import { thumbnailUrl } from '../../lib/images';
import { useAsync } from '../../lib/useAsync';
import { Pager } from '../ListControls';
import { ListState } from '../ListState';
import { ReturnCard } from './ReturnCard';
import type { ReturnViewer } from './ReturnParts';

const LIMIT = 10;

/** One tab: a state (or every return, `all`), its label and what an empty list says. */
export interface ReturnTab {
  value: ReturnState | 'all';
  label: string;
  empty: string;
  /** Shown only when its count is above 0 (states that seldom hold anything). */
  whenAny?: boolean;
}

/** The product, the order line and when the return was asked, above each card of a list. */
function Heading({ ret, orderPath }: { ret: ReturnAnswer; orderPath: (lineId: string) => string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
      <Image src={thumbnailUrl(ret.product.image)} alt="" w={56} h={56} fit="contain" radius="sm" fallbackSrc="/favicon.svg" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {ret.product.name}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Order:{' '}
          </Text>
          <Anchor component={Link} to={orderPath(ret.OrderLineID)} size="sm">
            {ret.OrderLineID}
          </Anchor>
        </Text>
        <Text size="xs" c="dimmed">
          Asked {colomboDateTime(ret.createdAt)}
          {ret.PaymentType === 'CashOnDelivery' ? ' · cash on delivery' : ''}
        </Text>
      </Stack>
    </Group>
  );
}

/** The paged list of one tab. */
function TabList({
  tab,
  viewer,
  orderPath,
  onChanged,
}: {
  tab: ReturnTab;
  viewer: ReturnViewer;
  orderPath: (lineId: string) => string;
  onChanged: () => unknown;
}) {
  const [page, setPage] = useState(1);
  const filters = tab.value === 'all' ? {} : { status: tab.value };
  const list = useAsync(['orders', 'returns', tab.value, page, LIMIT], () => returnsApi.list(page, LIMIT, filters));
  return (
    <ListState list={list} empty={tab.empty}>
      {(rows) => (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {rows.items.map((r) => (
              <ReturnCard
                key={r.ReturnID}
                ret={r}
                viewer={viewer}
                heading={<Heading ret={r} orderPath={orderPath} />}
                onChanged={async () => {
                  await list.reload();
                  await onChanged();
                }}
              />
            ))}
          </SimpleGrid>
          <Pager page={page} total={rows.total} limit={LIMIT} onChange={setPage} />
        </>
      )}
    </ListState>
  );
}

/** The tabs with their counts and the chosen tab's list. */
export function ReturnsBoard({
  tabs,
  viewer,
  orderPath,
}: {
  tabs: ReturnTab[];
  viewer: ReturnViewer;
  orderPath: (lineId: string) => string;
}) {
  const [active, setActive] = useState<string>(tabs[0]!.value);
  const counts = useAsync(['orders', 'returnCounts'], () => returnsApi.counts());
  const count = (t: ReturnTab) => (t.value === 'all' ? undefined : counts.data?.[t.value as keyof ReturnCounts]);
  const shown = tabs.filter((t) => !t.whenAny || (count(t) ?? 0) > 0 || t.value === active);
  return (
    <Tabs value={active} onChange={(v) => v && setActive(v)} keepMounted={false}>
      <Tabs.List mb="md">
        {shown.map((t) => {
          const n = count(t);
          return (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              rightSection={
                n !== undefined ? (
                  <Badge size="sm" variant={n > 0 ? 'filled' : 'light'} color={n > 0 ? 'blue' : 'gray'} circle={n < 10}>
                    {n}
                  </Badge>
                ) : undefined
              }
            >
              {t.label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {shown.map((t) => (
        <Tabs.Panel key={t.value} value={t.value}>
          <TabList tab={t} viewer={viewer} orderPath={orderPath} onChanged={counts.reload} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
