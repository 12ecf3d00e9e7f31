/**
 * /Customer/MyShoppingCart and /Customer/Mywishlist (spec 000 sections 2, 4, 5, 8).
 * The cart's lines and quantities live on the server; a refused update leaves it unchanged and
 * shows the server's message. Each change is one line (set a quantity, remove), carrying the
 * cart's version the page shows: when another tab or device changed the cart since, the server
 * refuses it (issue 29) and the page shows the cart as it is now, saying so. Go to Checkout prices the lines on the server (with an
 * Idempotency-Key kept for this cart, so a retry answers the same checkout) and opens the payment
 * choice.
 */
import { useServerMessage } from '../../i18n/serverMessage';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Button, Card, Group, Image, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CART_CHANGED, WISHLIST_CHANGED } from '@market/contracts/rules';
import { ApiError } from '../../api/client';
import { catalogueApi, type Item, type Package } from '../../api/catalogue';
import { shopApi, type CartLineKind, type CartView } from '../../api/shop';
import { LoadError, Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { ShopButtons } from '../../components/ShopButtons';
import { cartTotals, lineProblem, nextQuantity } from '../../lib/cartTotals';
import { beginCheckout } from '../../lib/checkoutStart';
import { confirmDanger } from '../../lib/confirm';
import { thumbnailUrl } from '../../lib/images';
import { formatRupees } from '../../lib/money';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAsync } from '../../lib/useAsync';
import { useSession } from '../../session/session';

/**
 * True for the refusal of a change based on an older cart or wishlist (409 with a `version` field
 * message, or 412 for If-Match): the page then reloads and shows what the server holds.
 */
function isStaleChange(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 412 || (err.status === 409 && err.fields.version !== undefined));
}

/** The notice over a cart or wishlist that changed on another device (role status, read out once). */
function ChangedElsewhere({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useServerMessage();
  return (
    <Alert
      color="yellow"
      mb="md"
      role="status"
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={onClose}
      data-testid="changed-elsewhere"
    >
      {text(message)}
    </Alert>
  );
}

interface CartData {
  cart: CartView;
  items: Item[];
  packages: Package[];
}

async function loadCart(customerId: string): Promise<CartData> {
  const cart = await shopApi.cart(customerId);
  // A line whose item or package is gone is shown as missing rather than failing the page.
  const items = (await Promise.all(cart.ItemIDs.map((id) => catalogueApi.getItem(id).catch(() => null)))).filter(
    (i): i is Item => i !== null,
  );
  const packages = (await Promise.all(cart.PackageIDs.map((id) => catalogueApi.getPackage(id).catch(() => null)))).filter(
    (p): p is Package => p !== null,
  );
  return { cart, items, packages };
}

export function MyShoppingCart() {
  const { profile } = useSession('customer');
  const navigate = useNavigate();
  const data = useAsync(['cart', 'loadCart', profile._id], () => loadCart(profile._id));
  const [busy, setBusy] = useState(false);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  // Below Mantine's `sm` breakpoint the lines are blocks instead of a table.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const { t } = useTranslation('shop');
  const message = useServerMessage();
  if (data.error !== undefined) return <LoadError error={data.error} />;
  if (!data.data) return <Loading />;
  const { cart, items, packages } = data.data;

  /** Sends one line's change; a refusal as stale shows the cart as the server has it now. */
  const save = async (change: () => Promise<unknown>, notice?: string) => {
    setBusy(true);
    try {
      await change();
      setChangedElsewhere(false);
      if (notice) notifySuccess(notice);
      await data.reload();
    } catch (err) {
      if (isStaleChange(err)) {
        setChangedElsewhere(true);
        await data.reload();
      } else notifyError(t('cartPage.tryAgain'), err);
    } finally {
      setBusy(false);
    }
  };
  const kindOf = (kind: 'item' | 'package'): CartLineKind => (kind === 'item' ? 'items' : 'packages');
  const step = (kind: 'item' | 'package', id: string, by: 1 | -1) => {
    const quantities = kind === 'item' ? cart.ItemQuantities : cart.PackageQuantities;
    const item = kind === 'item' ? items.find((i) => i._id === id) : undefined;
    let q: number;
    try {
      q = nextQuantity(kind, quantities[id] ?? 1, by, item && { units: item.Quantity, name: item.Item_name });
    } catch (err) {
      // Refused here with the server's own message, without a call (spec 000 section 5).
      notifyError(t('oops'), new ApiError(400, (err as Error).message));
      return;
    }
    void save(() => shopApi.setCartLineQuantity(cart._id, kindOf(kind), id, q, cart.version));
  };
  const remove = (kind: 'item' | 'package', id: string) =>
    confirmDanger({
      confirm: t('cartPage.removeConfirm'),
      onConfirm: () =>
        save(
          () => shopApi.removeCartLine(cart._id, kindOf(kind), id, cart.version),
          kind === 'item' ? t('cartPage.itemRemoved') : t('cartPage.packageRemoved'),
        ),
    });

  const lines = [
    ...items.map((i) => ({
      kind: 'item' as const,
      id: i._id,
      name: i.Item_name,
      image: i.Images[0],
      unitPrice: i.FinalPrice,
      quantity: cart.ItemQuantities[i._id] ?? 1,
      available: i.ItemAvailabilityStatus,
      stock: i.Quantity as number | undefined,
    })),
    ...packages.map((p) => ({
      kind: 'package' as const,
      id: p._id,
      name: p.packageName,
      image: p.image,
      unitPrice: p.price,
      quantity: cart.PackageQuantities[p._id] ?? 1,
      available: p.packageAvailability,
      stock: undefined as number | undefined,
    })),
  ].map((l) => ({ ...l, problem: lineProblem(l) }));
  // What checkout would refuse is said on its line; unavailable lines are not counted.
  const totals = cartTotals(lines);
  const blocked = lines.some((l) => l.problem !== null);
  type Line = (typeof lines)[number];
  const lineName = (l: Line) => (
    <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <Image src={thumbnailUrl(l.image)} alt="" w={56} h={56} fit="contain" fallbackSrc="/favicon.svg" />
      <div style={{ minWidth: 0 }}>
        <Text fw={500}>{l.name}</Text>
        <Text size="xs" c="dimmed">
          {l.kind === 'package' ? t('cartPage.promoPackage') : t('cartPage.item')}
        </Text>
        {l.problem && (
          <Text size="xs" c="red" fw={500}>
            {message(l.problem)}
          </Text>
        )}
      </div>
    </Group>
  );
  const quantityControls = (l: Line) => (
    <Group gap={4} justify="center" wrap="nowrap">
      <ActionIcon
        variant="default"
        aria-label={t('cartPage.decrease', { name: l.name })}
        disabled={busy}
        onClick={() => step(l.kind, l.id, -1)}
      >
        <IconMinus size={14} />
      </ActionIcon>
      <Text w={32} ta="center" aria-label={t('cartPage.quantityOf', { name: l.name })}>
        {l.quantity}
      </Text>
      <ActionIcon
        variant="default"
        aria-label={t('cartPage.increase', { name: l.name })}
        disabled={busy}
        onClick={() => step(l.kind, l.id, 1)}
      >
        <IconPlus size={14} />
      </ActionIcon>
    </Group>
  );
  const lineTotal = (l: Line) => (
    <Text span fw={500} c={l.available ? undefined : 'dimmed'} td={l.available ? undefined : 'line-through'} data-testid="line-total">
      {formatRupees(l.unitPrice * l.quantity)}
    </Text>
  );
  const removeButton = (l: Line) => (
    <ActionIcon color="red" variant="subtle" aria-label={t('cartPage.removeName', { name: l.name })} onClick={() => remove(l.kind, l.id)}>
      <IconTrash size={16} />
    </ActionIcon>
  );

  const checkout = async () => {
    setBusy(true);
    try {
      await beginCheckout({
        items: lines.filter((l) => l.kind === 'item').map((l) => ({ itemId: l.id, quantity: l.quantity })),
        packages: lines.filter((l) => l.kind === 'package').map((l) => ({ packageId: l.id, quantity: l.quantity })),
      });
      notifySuccess(t('cartPage.proceed'));
      navigate('/Customer/SelectPayment');
    } catch (err) {
      notifyError(t('oops'), err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('cartPage.title')} />
      {changedElsewhere && <ChangedElsewhere message={CART_CHANGED} onClose={() => setChangedElsewhere(false)} />}
      <Alert color="blue" mb="md">
        {t('cartPage.notReserved')}
      </Alert>
      {lines.length === 0 ? (
        <Stack align="center" py="xl">
          <Text c="dimmed">{t('cartPage.empty')}</Text>
          <Button component={Link} to="/Customer/AllItmes" variant="light">
            {t('cartPage.browse')}
          </Button>
        </Stack>
      ) : (
        <Card withBorder radius="md">
          {phone ? (
            // Phones: one block per line, nothing wider than the screen.
            <Stack gap={0} aria-label={t('cartPage.lines')} role="list">
              {lines.map((l) => (
                <Stack
                  key={`${l.kind}:${l.id}`}
                  gap="xs"
                  py="sm"
                  role="listitem"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    {lineName(l)}
                    {removeButton(l)}
                  </Group>
                  <Group justify="space-between" wrap="nowrap">
                    {quantityControls(l)}
                    <Stack gap={0} align="flex-end">
                      <Text size="xs" c="dimmed">
                        {t('cartPage.each', { price: formatRupees(l.unitPrice) })}
                      </Text>
                      {lineTotal(l)}
                    </Stack>
                  </Group>
                </Stack>
              ))}
            </Stack>
          ) : (
            <Table verticalSpacing="sm" aria-label={t('cartPage.lines')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('cartPage.item')}</Table.Th>
                  <Table.Th ta="right">{t('cartPage.unitPrice')}</Table.Th>
                  <Table.Th ta="center">{t('cartPage.quantity')}</Table.Th>
                  <Table.Th ta="right">{t('cartPage.total')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('cartPage.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l) => (
                  <Table.Tr key={`${l.kind}:${l.id}`}>
                    <Table.Td>{lineName(l)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(l.unitPrice)}</Table.Td>
                    <Table.Td>{quantityControls(l)}</Table.Td>
                    <Table.Td ta="right">{lineTotal(l)}</Table.Td>
                    <Table.Td>{removeButton(l)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Stack gap={4} align="flex-end" mt="md">
            <Text>{t('cartPage.subtotal', { amount: formatRupees(totals.subtotal) })}</Text>
            <Text>{t('cartPage.delivery', { amount: formatRupees(totals.delivery) })}</Text>
            <Text fw={700} size="lg">
              {t('cartPage.totalAmount', { amount: formatRupees(totals.total) })}
            </Text>
            {blocked && (
              <Text id="checkout-blocked" size="sm" c="red" ta="right" maw={420}>
                {t('cartPage.blocked')}
              </Text>
            )}
            <Button
              mt="sm"
              loading={busy}
              disabled={blocked}
              aria-describedby={blocked ? 'checkout-blocked' : undefined}
              onClick={() => void checkout()}
            >
              {t('cartPage.goToCheckout')}
            </Button>
          </Stack>
        </Card>
      )}
    </>
  );
}

export function MyWishlist() {
  const { profile } = useSession('customer');
  const data = useAsync(['wishlist', 'withItems', profile._id], async () => {
    const { wishlistss } = await shopApi.wishlist(profile._id);
    const items = (await Promise.all(wishlistss.Items.map((id) => catalogueApi.getItem(id).catch(() => null)))).filter(
      (i): i is Item => i !== null,
    );
    return { wishlist: wishlistss, items };
  });
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const { t } = useTranslation('shop');
  if (data.error !== undefined) return <LoadError error={data.error} />;
  if (!data.data) return <Loading />;
  const { wishlist, items } = data.data;
  const remove = (id: string) =>
    confirmDanger({
      confirm: t('cartPage.removeConfirm'),
      onConfirm: async () => {
        try {
          // One item, at the version this page shows (issue 29): never a rewrite of the whole list.
          await shopApi.removeFromWishlist(wishlist._id, id, wishlist.version);
          setChangedElsewhere(false);
          notifySuccess(t('wishlistPage.deleted'), t('wishlistPage.removed'));
          await data.reload();
        } catch (err) {
          if (isStaleChange(err)) {
            setChangedElsewhere(true);
            await data.reload();
          } else notifyError(t('cartPage.tryAgain'), err);
        }
      },
    });
  return (
    <>
      <PageHeader title={t('wishlistPage.title')} />
      {changedElsewhere && <ChangedElsewhere message={WISHLIST_CHANGED} onClose={() => setChangedElsewhere(false)} />}
      {items.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          {t('wishlistPage.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {items.map((i) => (
            <Card key={i._id} withBorder radius="md" padding="md">
              <Group wrap="nowrap" align="flex-start">
                <Image src={thumbnailUrl(i.Images[0])} alt={i.Item_name} w={80} h={80} fit="contain" fallbackSrc="/favicon.svg" />
                <Stack gap={2} style={{ flex: 1 }}>
                  <Text fw={600} component={Link} to={`/Customer/ItemDetails/${i._id}`}>
                    {i.Item_name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {i.Brand}
                  </Text>
                  <Text fw={700}>{formatRupees(i.FinalPrice)}</Text>
                </Stack>
              </Group>
              <Group mt="sm" grow>
                <ShopButtons itemId={i._id} itemName={i.Item_name} available={i.ItemAvailabilityStatus} cartOnly />
                <Button size="xs" color="red" variant="light" onClick={() => remove(i._id)}>
                  {t('wishlistPage.remove')}
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
