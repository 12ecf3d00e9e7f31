/**
 * Order cards (spec 000 section 2 "Order cards"; spec 001 section 2 "Seller order cards"; the
 * status is added). Item order: item name, order number (on every card, the number the
 * order confirmation page shows), brand, SKU, quantity, price, transit date; the seller's card
 * adds the customer name, where to deliver (address and phone) and category.
 * Package order: the package's image and name, order id, seller company name and logo (customer)
 * or customer name, address and phone (seller), content item names, quantity, price as
 * `Rs. 12,345.00/=`, transit date. Only the first item or package of each order is used, as
 * documented.
 *
 * Every card (customer's and seller's) shows the delivery address chosen at checkout, the copy the
 * order keeps (`DeliverTo`, issue 29); an order paid without one (the documents' client, orders
 * placed before addresses) says {@link NO_DELIVERY_ADDRESS}, and the seller's card then still shows
 * the customer's profile address and phone as they are now.
 */
import { useFormatDay } from '../i18n/dates';
import { useTranslation } from 'react-i18next';
import { Anchor, Avatar, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { colomboDate, formatAddress, SELLER_STATUS_MOVES, type OrderStatus } from '@market/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ItemOrder, PackageOrder } from '../api/shop';
import { imageUrl, thumbnailUrl } from '../lib/images';
import { formatRupees } from '../lib/money';
import { ShipmentLines } from './OrderAftersales';
import { ReturnStatusBadge } from './returns/ReturnParts';

const STATUS_COLOURS: Record<OrderStatus, string> = {
  AwaitingStock: 'yellow',
  Confirmed: 'blue',
  Rejected: 'red',
  Shipped: 'violet',
  Delivered: 'green',
  Cancelled: 'gray',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('shop');
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {t(`ord.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** The transit date as the documents show it: the date part, year-month-day. */
export const transitDate = (t: string) => t.slice(0, 10);

const ACTION_LABELS: Partial<Record<OrderStatus, string>> = {
  Shipped: 'Mark as Shipped',
  Delivered: 'Mark as Delivered',
  Cancelled: 'Cancel order',
};

/**
 * The seller's buttons for the statuses an order may move to next. A shipped cash-on-delivery order
 * is delivered only with its cash (issue 29): "Delivered — cash collected" or "Delivery refused"
 * (`onCod`) instead of "Mark as Delivered".
 */
export function StatusActions({
  status,
  onMove,
  cod,
  onCod,
}: {
  status: OrderStatus;
  onMove: (next: OrderStatus) => void;
  /** The order's cash on delivery, when it was paid so. */
  cod?: ItemOrder['CashOnDelivery'];
  onCod?: (outcome: 'collected' | 'refused') => void;
}) {
  const { t } = useTranslation('shop');
  if (cod && status === 'Shipped' && cod.status === 'Pending' && onCod) {
    return (
      <Group gap="xs">
        <Button size="xs" color="green" variant="light" onClick={() => onCod('collected')}>
          {t('ord.codCollectedButton')}
        </Button>
        <Button size="xs" color="red" variant="subtle" onClick={() => onCod('refused')}>
          {t('ord.codRefusedButton')}
        </Button>
      </Group>
    );
  }
  const moves = SELLER_STATUS_MOVES[status];
  if (moves.length === 0) return null;
  return (
    <Group gap="xs">
      {moves.map((next) => (
        <Button
          key={next}
          size="xs"
          variant={next === 'Cancelled' ? 'subtle' : 'light'}
          color={next === 'Cancelled' ? 'red' : undefined}
          onClick={() => onMove(next)}
        >
          {ACTION_LABELS[next] ?? next}
        </Button>
      ))}
    </Group>
  );
}

/** What a card shows for an order paid without a delivery address. */
export const NO_DELIVERY_ADDRESS = 'No delivery address given';

type Deliverable = Pick<ItemOrder, 'DeliverTo'> & { DeliveryAddress?: string; CustomerPhone?: string };

/**
 * Where to deliver: the order's own copy of the address chosen at checkout with its phone; without
 * one, {@link NO_DELIVERY_ADDRESS} and, for the seller, the customer's profile address and phone.
 */
function DeliverTo({ order, seller }: { order: Deliverable; seller?: boolean }) {
  const { t } = useTranslation('shop');
  const phone = order.DeliverTo?.phone ?? (seller ? order.CustomerPhone : undefined);
  return (
    <>
      <Line label="Deliver to">{order.DeliverTo ? formatAddress(order.DeliverTo) : t('ord.noAddress')}</Line>
      {!order.DeliverTo && seller && order.DeliveryAddress && <Line label="Profile address">{order.DeliveryAddress}</Line>}
      {seller && phone && (
        <Line label="Phone">
          <Anchor href={`tel:${phone}`} size="sm">
            {phone}
          </Anchor>
        </Line>
      )}
    </>
  );
}

/**
 * How a cash-on-delivery order stands (issue 29): for the seller what the courier collects, for the
 * customer what to pay at the door; then collected (with the date) or refused.
 */
function CashOnDelivery({ cod, seller }: { cod: NonNullable<ItemOrder['CashOnDelivery']>; seller?: boolean }) {
  const { t } = useTranslation('shop');
  const day = useFormatDay();
  const amount = formatRupees(cod.Amount);
  const text =
    cod.status === 'Collected'
      ? cod.CollectedAt
        ? t('ord.codCollectedOn', { amount, date: day(cod.CollectedAt, colomboDate) })
        : t('ord.codCollected', { amount })
      : cod.status === 'Refused'
        ? t('ord.codRefused')
        : seller
          ? t('ord.codCollect', { amount })
          : t('ord.codPay', { amount });
  return (
    <Group gap={6} data-testid="cod-status">
      <Badge color={cod.status === 'Collected' ? 'green' : cod.status === 'Refused' ? 'red' : 'orange'} variant="light">
        {t('ord.cod')}
      </Badge>
      <Text size="sm" fw={cod.status === 'Pending' ? 600 : undefined}>
        {text}
      </Text>
    </Group>
  );
}

/** Who moved the order when not the seller (issue 30), or the customer's own cancellation (issue 31). */
const NOTE_WORDS: Record<NonNullable<ItemOrder['StatusNote']>['by'], (seller?: boolean) => string> = {
  admin: () => 'Resolved by our support team',
  marketplace: () => 'Cancelled by the marketplace',
  customer: (seller) => (seller ? 'Cancelled by the customer' : 'You cancelled it'),
};

/** A label (its English text, looked up under the catalogue's `ord.line.`) and its value. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('shop');
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {t(`ord.line.${label}`, { defaultValue: label })}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/**
 * What every order card draws: the picture, the name with the status, the order number, the
 * card's own lines (`children`), quantity, price, the date (`Date` for the seller, `Transit date`
 * for the customer), the rejection reason of a rejected order, who resolved it when not the
 * seller (issue 30: `StatusNote`) and the actions.
 */
function OrderCardFrame({
  order,
  seller,
  picture,
  name,
  price,
  actions,
  detailsTo,
  children,
}: {
  order: ItemOrder | PackageOrder;
  seller?: boolean;
  picture: ReactNode;
  name: string;
  /** The price as the card shows it. */
  price: ReactNode;
  actions?: ReactNode;
  /** Where the order's own page is (issue 30 item 8), when the card links to it. */
  detailsTo?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('shop');
  return (
    <Card withBorder radius="md" padding="md" data-testid="order-card">
      <Group wrap="nowrap" align="flex-start">
        {picture}
        <Stack gap={2} style={{ flex: 1 }}>
          <Group justify="space-between">
            <Text fw={600}>{name}</Text>
            <StatusBadge status={order.status} />
          </Group>
          <Line label="Order">{order.OrderID}</Line>
          {children}
          <Line label="Quantity">{order.OQuantity}</Line>
          <Line label="Price">{price}</Line>
          {order.CashOnDelivery && <CashOnDelivery cod={order.CashOnDelivery} seller={seller} />}
          <Line label={seller ? 'Date' : 'Transit date'}>{transitDate(order.TransitTime)}</Line>
          {order.status === 'Rejected' && order.rejectionReason && (
            <Text size="sm" c="red">
              {order.rejectionReason}
            </Text>
          )}
          {order.StatusNote && (
            <Text size="sm" c="dimmed">
              {NOTE_WORDS[order.StatusNote.by](seller)}: {order.StatusNote.reason}
            </Text>
          )}
          {/* The seller's lists say which lines have a return (the customer's actions say it for the customer). */}
          {seller && order.Return && <ReturnStatusBadge status={order.Return.status} />}
          {/* The courier and tracking in lists; the order's own page shows them on its timeline (OrderDetail). */}
          {order.Shipment && detailsTo && (order.status === 'Shipped' || order.status === 'Delivered') && (
            <ShipmentLines shipment={order.Shipment} />
          )}
          {detailsTo && (
            <Anchor component={Link} to={detailsTo} size="sm" aria-label={t('ord.detailsOf', { id: order._id })}>
              {t('ord.details')}
            </Anchor>
          )}
          {actions}
        </Stack>
      </Group>
    </Card>
  );
}

/** How an order card is drawn: for its seller (and admins) or its customer, with actions and a link to its page. */
interface OrderCardProps {
  seller?: boolean;
  actions?: ReactNode;
  detailsTo?: string;
}

export function ItemOrderCard({ order, seller, actions, detailsTo }: OrderCardProps & { order: ItemOrder }) {
  const item = order.Items[0];
  return (
    <OrderCardFrame
      order={order}
      seller={seller}
      actions={actions}
      detailsTo={detailsTo}
      picture={<Image src={thumbnailUrl(item?.Images?.[0])} alt="" w={72} h={72} fit="contain" fallbackSrc="/favicon.svg" />}
      name={item?.Item_name ?? 'Item'}
      price={formatRupees(order.TotalPrice)}
    >
      {seller && <Line label="Customer">{order.CustomerName}</Line>}
      <DeliverTo order={order} seller={seller} />
      {seller ? <Line label="Category">{item?.Category}</Line> : <Line label="Brand">{item?.Brand}</Line>}
      {!seller && <Line label="SKU">{item?.Stock_keeping_unit}</Line>}
    </OrderCardFrame>
  );
}

export function PackageOrderCard({ order, seller, actions, detailsTo }: OrderCardProps & { order: PackageOrder }) {
  const pkg = order.Packages[0];
  return (
    <OrderCardFrame
      order={order}
      seller={seller}
      actions={actions}
      detailsTo={detailsTo}
      picture={<Image src={thumbnailUrl(pkg?.image)} alt="" w={88} h={88} fit="cover" radius="sm" fallbackSrc="/favicon.svg" />}
      name={pkg?.packageName ?? 'Package'}
      price={`${formatRupees(order.TotalPrice)}/=`}
    >
      {seller ? (
        <>
          <Line label="Customer">{order.CustomerName}</Line>
          <DeliverTo order={order} seller />
        </>
      ) : (
        <>
          <Group gap="xs">
            {/* The documents' logo (spec 000 section 2 "Order cards"); a seller without one, or whose
                picture does not load, shows the company's initial in its place (issue 32 item 4). */}
            <Avatar
              src={imageUrl(order.SellerCompany.logo) ?? null}
              alt={`${order.SellerCompany.companyname} logo`}
              size={32}
              radius="xl"
              color="blue"
              data-testid="seller-logo"
            >
              {order.SellerCompany.companyname.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text size="sm">{order.SellerCompany.companyname}</Text>
          </Group>
          <DeliverTo order={order} />
        </>
      )}
      <Line label="Contains">{(pkg?.content ?? []).map((c) => c.Item_name).join(', ')}</Line>
    </OrderCardFrame>
  );
}

/** The card of an order of either kind (a package order has `Packages`). */
export function OrderCard({ order, ...props }: OrderCardProps & { order: ItemOrder | PackageOrder }) {
  return 'Packages' in order ? <PackageOrderCard order={order} {...props} /> : <ItemOrderCard order={order} {...props} />;
}
