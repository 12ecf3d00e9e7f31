/**
 * What an admin sees before accepting a seller's deletion request (issue 30 item 2): the seller's
 * open orders, read from the admin order lists (`GET /Orders/getOrders` and
 * `GET /PackageOrders/getOrders` with `SellerID` and a status), and what accepting does to them:
 * unshipped (Confirmed) orders are cancelled and refunded by the marketplace, orders awaiting their
 * stock decision follow the checkout's deadline, shipped ones stay for the admin to finish on the
 * Orders page (linked, filtered to the seller).
 */
import { Alert, Anchor, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { OrgSeller } from '../../api/identity';
import { shopApi } from '../../api/shop';
import { Loading } from '../../components/Loading';
import { useAsync } from '../../lib/useAsync';

/** How many order numbers of each kind and status the summary names. */
const SHOWN = 5;

type Status = 'Confirmed' | 'Shipped' | 'AwaitingStock';

/** The seller's open orders of both kinds in `status`: how many, and the first order line ids. */
async function openOrders(sellerId: string, status: Status): Promise<{ total: number; ids: string[] }> {
  const [items, packages] = await Promise.all([
    shopApi.itemOrders(1, SHOWN, { SellerID: sellerId, status }),
    shopApi.packageOrders(1, SHOWN, { SellerID: sellerId, status }),
  ]);
  return { total: items.total + packages.total, ids: [...items.items, ...packages.items].map((o) => o._id).slice(0, SHOWN) };
}

function Orders({ label, found }: { label: string; found: { total: number; ids: string[] } }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}: {found.total}
      </Text>
      {found.total > 0 && (
        <List size="sm">
          {found.ids.map((id) => (
            <List.Item key={id}>{id}</List.Item>
          ))}
          {found.total > found.ids.length && <List.Item>and {found.total - found.ids.length} more</List.Item>}
        </List>
      )}
    </Stack>
  );
}

/**
 * The review card of one deletion request: the open orders, then "Remove <company>" (`onAccept`,
 * which asks for a last confirmation) or "Back" (`onClose`).
 */
export function SellerOpenOrders({ seller, onAccept, onClose }: { seller: OrgSeller; onAccept: () => void; onClose: () => void }) {
  const orders = useAsync(['orders', 'sellerOpenOrders', seller._id], async () => {
    const [unshipped, shipped, awaiting] = await Promise.all([
      openOrders(seller._id, 'Confirmed'),
      openOrders(seller._id, 'Shipped'),
      openOrders(seller._id, 'AwaitingStock'),
    ]);
    return { unshipped, shipped, awaiting };
  });
  return (
    <Card component="section" withBorder radius="md" mb="md" aria-label={`Deletion request of ${seller.companyname}`}>
      <Stack gap="sm">
        <Text fw={600}>Remove {seller.companyname}?</Text>
        {orders.loading && !orders.data && <Loading />}
        {orders.error !== undefined && (
          <Alert color="red">The seller's orders could not be read. Try again before removing the seller.</Alert>
        )}
        {orders.data && (
          <>
            <Orders label="Not shipped yet (cancelled and refunded when you accept)" found={orders.data.unshipped} />
            <Orders label="Shipped (stay open for you to finish)" found={orders.data.shipped} />
            {orders.data.awaiting.total > 0 && (
              <Orders label="Waiting for their stock decision (refunded if not confirmed in time)" found={orders.data.awaiting} />
            )}
            {orders.data.unshipped.total + orders.data.shipped.total + orders.data.awaiting.total === 0 ? (
              <Text size="sm">This seller has no open orders.</Text>
            ) : (
              <Text size="sm">
                The customers of cancelled orders are refunded and e-mailed the reason. Finish shipped orders on the{' '}
                <Anchor component={Link} to={`/Admin/Orders?seller=${seller._id}&status=Shipped`}>
                  Orders page
                </Anchor>
                .
              </Text>
            )}
          </>
        )}
        <Group gap="xs">
          <Button color="red" size="sm" disabled={!orders.data} onClick={onAccept}>
            Remove {seller.companyname}
          </Button>
          <Button variant="default" size="sm" onClick={onClose}>
            Back
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
