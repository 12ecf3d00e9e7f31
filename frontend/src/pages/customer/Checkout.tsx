/**
 * Paying a checkout (spec 000 sections 2, 4, 5, 8; docs/architecture.md, Sagas and Departures from
 * the documents):
 * /Customer/SelectPayment (the checkout's order number and amount, a saved card by radio button,
 * or the wallet provider), /Customer/Confrim/{cardId} (order number, amount, CVV, Pay, and a
 * toggle to the wallet-provider area), /Customer/confrimPayment (the wallet provider alone).
 * After paying, the page follows the saga until the order is Confirmed (then
 * /Customer/OrderConfirmation/{checkoutId}: 'Your Order has been placed Successfully' with the
 * order number and the payment's receipt number, each explained) or Rejected
 * (the reason; the payment is refunded and the cart kept).
 *
 * Too many wrong security codes (a 429 of pay: 5 on the card or 10 on the account within 15
 * minutes, issue 27 item 5) are said in an alert with the wait from Retry-After ("Try again in 14
 * minutes."), and Pay waits that long; the CVV field keeps only the wrong-CVV message.
 *
 * Lines no longer sold (a 409 of pay with `unavailable`, issue 29 item 5) are marked at the lines
 * with the documents' message, not under the CVV; nothing was charged, and the page offers to
 * remove them from the cart and go back to it. A checkout started from the cart whose lines no
 * longer match the cart (another tab or device changed it) says so before paying (issue 29 item 3).
 *
 * Cash on delivery (issue 29) is offered on /Customer/SelectPayment beside the cards and PayPal
 * when the checkout allows it, to the delivery address chosen there; the confirmation says what
 * to pay at the door.
 */
import { useServerMessage } from '../../i18n/serverMessage';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  List,
  Card,
  Group,
  Loader,
  PasswordInput,
  Radio,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { formatAddress, ORDER_PLACED, type DeliveryAddress } from '@market/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { UnavailableLines } from '@market/contracts/client';
import { ApiError } from '../../api/client';
import { currentCheckout, shopApi, type CartView, type Checkout } from '../../api/shop';
import { LoadError, Loading } from '../../components/Loading';
import { chosenAddress, DeliveryAddressStep } from '../../components/DeliveryAddressStep';
import { NO_DELIVERY_ADDRESS } from '../../components/OrderCards';
import { PageHeader } from '../../components/PageHeader';
import { formatRupees } from '../../lib/money';
import { checkoutFromCart, forgetCheckoutKey } from '../../lib/checkoutStart';
import { notifyError, notifySuccess } from '../../lib/notify';
import { tooManyText } from '../../lib/retryAfter';
import { useAsync } from '../../lib/useAsync';
import { useSession } from '../../session/session';

/** How long to follow the saga before pointing to My Orders, in ms. */
const FOLLOW_MS = 20_000;
const POLL_MS = 500;

/** The checkout of this tab, as it was when the page opened (paying forgets it, the page keeps it). */
function useCurrentCheckout() {
  const [id] = useState(() => currentCheckout.get());
  const checkout = useAsync(['checkout', 'checkout', id ?? null], async () => (id ? shopApi.checkout(id) : null));
  return checkout;
}

/** What the payment screens show when there is no open checkout in this tab. */
function NoCheckout({ checkout }: { checkout?: Checkout | null }) {
  const status = checkout?.status;
  const { t } = useTranslation('shop');
  return (
    <Stack align="center" py="xl">
      <Text c="dimmed" ta="center">
        {status === 'AwaitingStock'
          ? t('co.paidConfirming', { id: checkout?.OrderID })
          : status === 'Confirmed'
            ? t('co.alreadyPlaced', { id: checkout?.OrderID })
            : status === 'Rejected'
              ? t('co.notPlaced', { id: checkout?.OrderID })
              : t('co.nothingToPay')}
      </Text>
      <Group>
        {checkout && status !== 'Rejected' && (
          <Button component={Link} to="/Customer/MyOrders" variant="light">
            {t('co.myOrders')}
          </Button>
        )}
        <Button component={Link} to="/Customer/MyShoppingCart" variant="light">
          {t('co.goToCart')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Whether `line` is among the lines a pay was refused for. */
function isUnavailable(line: Checkout['lines'][number], unavailable: UnavailableLines | undefined): boolean {
  if (!unavailable) return false;
  return (line.kind === 'item' ? unavailable.items : unavailable.packages).includes(line.id);
}

function Summary({ checkout, numbered = true, unavailable }: { checkout: Checkout; numbered?: boolean; unavailable?: UnavailableLines }) {
  // Cash on delivery charged nothing yet: its total is what the courier collects.
  const cod = checkout.receipt?.PaymentType === 'CashOnDelivery';
  const { t } = useTranslation('shop');
  return (
    <Card withBorder radius="md">
      <Group justify="space-between">
        <Text>
          {numbered ? (
            <>
              {t('co.orderNumber')} <b>{checkout.OrderID}</b>
            </>
          ) : cod ? (
            t('co.toPayOnDelivery')
          ) : (
            t('co.totalPaid')
          )}
        </Text>
        <Text fw={700} size="lg">
          {formatRupees(checkout.Amount)}
        </Text>
      </Group>
      {/* Narrow cell padding: a phone's 390 px keep the amounts on one line inside the card. */}
      <Table mt="sm" aria-label={t('co.orderLines')} horizontalSpacing={6}>
        <Table.Tbody>
          {checkout.lines.map((l) => (
            <Table.Tr key={`${l.kind}:${l.id}`}>
              <Table.Td>
                {isUnavailable(l, unavailable) ? (
                  <Stack gap={2} align="flex-start">
                    <Text c="red.8" fw={600} size="sm">
                      {l.name}
                    </Text>
                    <Text c="red.8" size="xs" fw={700} tt="uppercase">
                      {t('co.notAvailable')}
                    </Text>
                  </Stack>
                ) : (
                  l.name
                )}
              </Table.Td>
              <Table.Td ta="right">×&nbsp;{l.quantity}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRupees(l.total)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>{t('co.deliveryVat')}</Table.Td>
            <Table.Td />
            <Table.Td ta="right">{formatRupees(checkout.DeliveryAndVat)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/**
 * What differs between a checkout and the cart as it is now, one sentence each: a line gone from
 * the cart, a line whose units changed, lines added to the cart that this checkout does not buy.
 * @returns [] when the cart still holds exactly the checkout's lines
 */
export function cartChanges(
  checkout: Checkout,
  cart: Pick<CartView, 'ItemIDs' | 'PackageIDs' | 'ItemQuantities' | 'PackageQuantities'>,
): string[] {
  const out: string[] = [];
  const bought = new Set<string>();
  for (const l of checkout.lines) {
    bought.add(`${l.kind}:${l.id}`);
    const ids = l.kind === 'item' ? cart.ItemIDs : cart.PackageIDs;
    const units = (l.kind === 'item' ? cart.ItemQuantities : cart.PackageQuantities)[l.id] ?? 1;
    if (!ids.includes(l.id)) out.push(`${l.name} is no longer in your cart.`);
    else if (units !== l.quantity) out.push(`${l.name}: ${units} in your cart now, ${l.quantity} in this checkout.`);
  }
  const added =
    cart.ItemIDs.filter((id) => !bought.has(`item:${id}`)).length + cart.PackageIDs.filter((id) => !bought.has(`package:${id}`)).length;
  if (added === 1) out.push('1 line added to your cart is not in this checkout.');
  else if (added > 1) out.push(`${added} lines added to your cart are not in this checkout.`);
  return out;
}

/** Says, before paying, that the cart changed after this checkout started from it (another tab or device). */
function CartChangedNotice({ checkout }: { checkout: Checkout }) {
  const { profile } = useSession('customer');
  const cart = useAsync(['cart', 'cart', profile._id], () => shopApi.cart(profile._id));
  const { t } = useTranslation('shop');
  const message = useServerMessage();
  if (!cart.data) return null;
  const changes = cartChanges(checkout, cart.data);
  if (changes.length === 0) return null;
  return (
    <Alert
      color="yellow"
      title={t('co.cartChanged')}
      role="status"
      // Mantine's yellow title on the light yellow background is below 4.5:1; the body text's colour is not.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <List size="sm" mb="xs">
        {changes.map((c) => (
          <List.Item key={c}>{message(c)}</List.Item>
        ))}
      </List>
      <Text size="sm">{t('co.cartChangedText')}</Text>
      <Button mt="xs" size="xs" variant="light" color="dark" component={Link} to="/Customer/MyShoppingCart">
        {t('co.backToCart')}
      </Button>
    </Alert>
  );
}

/** The cart notice, only for a checkout started from the cart (not Buy Now) and before paying. */
function CartNotice({ checkout, show }: { checkout: Checkout; show: boolean }) {
  return show && checkout.status === 'Open' && checkoutFromCart(checkout.checkoutId) ? <CartChangedNotice checkout={checkout} /> : null;
}

/** A pay refused for lines no longer sold: the documents' message and the lines' ids. */
interface Refused {
  message: string;
  lines: UnavailableLines;
}

/**
 * Takes `lines` out of the customer's cart one line at a time, each removal naming the cart's
 * version it was based on (the answer of the one before), so a cart another tab or device changed
 * meanwhile is refused (409 with the cart's message) rather than written over.
 */
async function removeFromCart(customerId: string, lines: UnavailableLines): Promise<void> {
  let cart = await shopApi.cart(customerId);
  for (const id of lines.items) if (cart.ItemIDs.includes(id)) cart = await shopApi.removeCartLine(cart._id, 'items', id, cart.version);
  for (const id of lines.packages)
    if (cart.PackageIDs.includes(id)) cart = await shopApi.removeCartLine(cart._id, 'packages', id, cart.version);
}

/**
 * At the lines: which of them can no longer be bought, that nothing was charged, and (for a
 * checkout from the cart) a button that removes them from the cart and goes back to it.
 */
function UnavailableNotice({ checkout, refused }: { checkout: Checkout; refused: Refused }) {
  const { profile } = useSession('customer');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const names = checkout.lines.filter((l) => isUnavailable(l, refused.lines)).map((l) => l.name);
  const fromCart = checkoutFromCart(checkout.checkoutId);
  const { t } = useTranslation('shop');
  const message = useServerMessage();
  // "it" or "them": how many lines were refused.
  const count = Math.max(names.length, 1);
  const remove = async () => {
    setBusy(true);
    try {
      await removeFromCart(profile._id, refused.lines);
      currentCheckout.clear();
      forgetCheckoutKey();
      notifySuccess(t('co.removedFromCart'), names.join(', '));
      navigate('/Customer/MyShoppingCart');
    } catch (err) {
      notifyError(t('oops'), err);
      setBusy(false);
    }
  };
  return (
    <Alert color="red" title={message(refused.message)} role="alert">
      <Text size="sm">
        {names.length ? t('co.cannotBuyNames', { names: names.join(', ') }) : t('co.cannotBuyLine')}{' '}
        {fromCart ? t('co.removeAndRetry', { count }) : t('co.chooseAnother')}
      </Text>
      <Group mt="sm" gap="xs">
        {fromCart ? (
          <Button size="xs" color="red" loading={busy} onClick={() => void remove()}>
            {t('co.removeFromCart', { count })}
          </Button>
        ) : (
          <Button size="xs" variant="light" component={Link} to="/Customer/AllItmes">
            {t('co.backToShopping')}
          </Button>
        )}
        <Button size="xs" variant="default" component={Link} to="/Customer/MyShoppingCart">
          {t('co.goToCart')}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * Cash on delivery (issue 29; README "Cash on delivery"): shown beside the saved cards and PayPal.
 * Offered when the checkout's `cashOnDelivery` says it may pay it, otherwise shown disabled with the
 * reason (over the limit, or refused deliveries); it needs the delivery address chosen above.
 */
function CashOnDeliveryOption({
  checkout,
  address,
  payment: { state, pay },
}: {
  checkout: Checkout;
  address: DeliveryAddress | undefined;
  /** The page's payment (it keeps the page while the order is followed after paying). */
  payment: ReturnType<typeof usePayment>;
}) {
  const cod = checkout.cashOnDelivery;
  const busy = state.phase === 'paying' || state.phase === 'confirming';
  const done = state.phase === 'slow' || state.phase === 'rejected' || !!state.refused;
  const available = !!cod?.available;
  const { t } = useTranslation('shop');
  const message = useServerMessage();
  return (
    <Card withBorder radius="md" data-testid="cod-option">
      <Title order={2} size="h4" mb="xs">
        {t('co.codTitle')}
      </Title>
      {available ? (
        <Text size="sm">
          {t('co.codPay')} <b>{formatRupees(checkout.Amount)}</b> {t('co.codText')}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" role="note">
          {cod?.reason ? message(cod.reason) : t('co.codUnavailable')}
        </Text>
      )}
      {available && !address && (
        <Text size="sm" c="orange.8" mt={4}>
          {t('co.chooseAddressAbove')}
        </Text>
      )}
      {state.refused && <UnavailableNotice checkout={checkout} refused={state.refused} />}
      {state.error && (
        <Text size="sm" c="red" mt={4} role="alert">
          {message(state.error)}
        </Text>
      )}
      <Group mt="sm">
        <Button
          color="teal"
          loading={busy}
          disabled={!available || !address || done}
          onClick={() => address && void pay(() => shopApi.pay(checkout.checkoutId, { paymentType: 'cod', deliveryAddress: address }))}
        >
          {t('co.placeCod')}
        </Button>
      </Group>
      <PaymentOutcome state={state} />
    </Card>
  );
}

export function SelectPayment() {
  const checkout = useCurrentCheckout();
  const cards = useAsync(['cards', 'cards'], () => shopApi.cards());
  const [cardId, setCardId] = useState<string | null>(null);
  const [address, setAddress] = useState<DeliveryAddress | undefined>(undefined);
  const navigate = useNavigate();
  // Cash on delivery pays here; once paid, the page stays to follow the order to its confirmation.
  const codPayment = usePayment(checkout.data?.checkoutId);
  const { t } = useTranslation('shop');
  if (checkout.error !== undefined) return <LoadError error={checkout.error} />;
  if (checkout.loading && checkout.data === undefined) return <Loading />;
  if (!checkout.data || (checkout.data.status !== 'Open' && codPayment.state.phase === 'idle'))
    return <NoCheckout checkout={checkout.data} />;
  // Every way to pay waits for the delivery address (issue 29): the order is shipped there.
  const deliverTo = address ?? chosenAddress.get(checkout.data.checkoutId);
  return (
    <>
      <PageHeader title={t('co.selectPayment')} />
      <Stack maw={640}>
        <Summary checkout={checkout.data} />
        <CartNotice checkout={checkout.data} show />
        <DeliveryAddressStep checkoutId={checkout.data.checkoutId} onChange={setAddress} />
        {!deliverTo && (
          <Text size="sm" c="dimmed" data-testid="address-first">
            {t('co.addressFirst')}
          </Text>
        )}
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('co.savedCardTitle')}
          </Title>
          {cards.data && cards.data.length === 0 && <Text c="dimmed">{t('co.noCards')}</Text>}
          <Radio.Group value={cardId} onChange={setCardId} label={<VisuallyHidden>{t('co.savedCards')}</VisuallyHidden>}>
            <Stack gap="xs">
              {(cards.data ?? []).map((c) => (
                <Radio key={c._id} value={c._id} label={`${c.cardtype || t('co.card')} ${c.cardnumber} · ${c.cardowner} · ${c.carddate}`} />
              ))}
            </Stack>
          </Radio.Group>
          <Group mt="md">
            <Button disabled={!cardId || !deliverTo} onClick={() => navigate(`/Customer/Confrim/${cardId}`)}>
              {t('co.continue')}
            </Button>
            <Button variant="default" component={Link} to="/Customer/addCard">
              {t('co.addPayment')}
            </Button>
          </Group>
        </Card>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('co.paypalTitle')}
          </Title>
          <Button variant="light" disabled={!deliverTo} onClick={() => navigate('/Customer/confrimPayment')}>
            {t('co.paypalSandbox')}
          </Button>
        </Card>
        <CashOnDeliveryOption checkout={checkout.data} address={deliverTo} payment={codPayment} />
      </Stack>
    </>
  );
}

/** Pays, then follows the saga; answers the state to show. */
function usePayment(checkoutId: string | undefined) {
  const navigate = useNavigate();
  const { t } = useTranslation('shop');
  const [state, setState] = useState<{
    phase: 'idle' | 'paying' | 'confirming' | 'slow' | 'rejected';
    error?: string;
    message?: string;
    /** A 429's text while paying is paused (too many wrong security codes). */
    paused?: string;
    /** Lines no longer sold (409 with `unavailable`): shown at the lines, paying held. */
    refused?: Refused;
  }>({
    phase: 'idle',
  });
  const resume = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The page may be left while the saga is followed: stop following then.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(resume.current);
    };
  }, []);
  const pay = async (how: () => Promise<Checkout>) => {
    if (!checkoutId) return;
    setState({ phase: 'paying' });
    let paid: Checkout;
    try {
      paid = await how();
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        // Not the CVV's fault this time (the right one is refused too): an alert that says how long,
        // and Pay held until then.
        if (!alive.current) return;
        setState({ phase: 'idle', paused: tooManyText(err) });
        clearTimeout(resume.current);
        resume.current = setTimeout(() => alive.current && setState({ phase: 'idle' }), (err.retryAfterSeconds ?? 60) * 1000);
        return;
      }
      if (err instanceof ApiError && err.status === 409 && err.unavailable) {
        // Not the card's fault: said at the lines (UnavailableNotice), not under the CVV.
        if (alive.current) setState({ phase: 'idle', refused: { message: err.message, lines: err.unavailable } });
        return;
      }
      // e.g. the wrong CVV: shown at the field and as the documents' 'Oops...' notice; retry allowed.
      notifyError(t('oops'), err);
      if (alive.current) setState({ phase: 'idle', error: err instanceof ApiError ? err.message : t('auth:tryAgain') });
      return;
    }
    setState({ phase: 'confirming' });
    const deadline = Date.now() + FOLLOW_MS;
    let c = paid;
    while (c.status === 'AwaitingStock' && Date.now() < deadline && alive.current) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      c = await shopApi.checkout(checkoutId).catch(() => c);
    }
    if (c.status === 'Confirmed' || c.status === 'Rejected') {
      currentCheckout.clear();
      forgetCheckoutKey();
    }
    if (!alive.current) return;
    if (c.status === 'Confirmed') {
      navigate(`/Customer/OrderConfirmation/${encodeURIComponent(c.checkoutId)}`);
    } else if (c.status === 'Rejected') {
      setState({ phase: 'rejected', message: c.rejection?.message ?? t('co.rejectedFallback') });
    } else {
      setState({ phase: 'slow' });
    }
  };
  return { state, pay };
}

function PaymentOutcome({ state }: { state: ReturnType<typeof usePayment>['state'] }) {
  const { t } = useTranslation('shop');
  const message = useServerMessage();
  if (state.paused)
    return (
      <Alert color="red" title={t('co.paymentPaused')} role="alert" aria-label={t('co.paymentPaused')}>
        {state.paused}
      </Alert>
    );
  if (state.phase === 'confirming')
    return (
      <Group>
        <Loader size="sm" />
        <Text>{t('co.reserving')}</Text>
      </Group>
    );
  if (state.phase === 'slow')
    return (
      <Alert color="yellow">
        {t('co.slow')} <Link to="/Customer/MyOrders">{t('co.seeMyOrders')}</Link>.
      </Alert>
    );
  if (state.phase === 'rejected')
    return (
      <Alert color="red" title={t('oops')}>
        {message(state.message)} <Link to="/Customer/MyShoppingCart">{t('co.backToCart')}</Link>
      </Alert>
    );
  return null;
}

/** The chosen delivery address on a confirm page with a way back to change it; none chosen: how to choose one. */
function DeliverTo({ address }: { address: DeliveryAddress | undefined }) {
  const { t } = useTranslation('shop');
  return address ? (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">
          <Text span fw={600}>
            {t('co.deliverToColon')}{' '}
          </Text>
          {formatAddress(address)}
        </Text>
        <Button size="xs" variant="default" component={Link} to="/Customer/SelectPayment" style={{ flexShrink: 0 }}>
          {t('co.change')}
        </Button>
      </Group>
    </Card>
  ) : (
    <Alert color="orange" title={t('co.chooseAddressFirst')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('co.needsAddress')}</Text>
        <Button size="xs" variant="light" component={Link} to="/Customer/SelectPayment">
          {t('co.chooseAddress')}
        </Button>
      </Stack>
    </Alert>
  );
}

function WalletArea({
  checkoutId,
  deliverTo,
  pay,
  busy,
  done,
}: {
  checkoutId: string;
  deliverTo: DeliveryAddress | undefined;
  pay: ReturnType<typeof usePayment>['pay'];
  busy: boolean;
  /** The payment was made (or refused and refunded): nothing more to pay here. */
  done: boolean;
}) {
  const { t } = useTranslation('shop');
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('co.walletText')}
      </Text>
      <Button
        color="yellow"
        loading={busy}
        disabled={done || !deliverTo}
        onClick={() => void pay(() => shopApi.payWithWallet(checkoutId, deliverTo))}
      >
        {t('co.paypalSandbox')}
      </Button>
    </Stack>
  );
}

export function ConfirmPayment() {
  const { cardId = '' } = useParams();
  const checkout = useCurrentCheckout();
  const card = useAsync(['cards', 'card', cardId], () => shopApi.card(cardId));
  const [cvv, setCvv] = useState('');
  const [area, setArea] = useState<'card' | 'wallet'>('card');
  const { state, pay } = usePayment(checkout.data?.checkoutId);
  const { t } = useTranslation('shop');
  const message = useServerMessage();
  if (checkout.error !== undefined) return <LoadError error={checkout.error} />;
  if (checkout.loading && checkout.data === undefined) return <Loading />;
  if (!checkout.data || (checkout.data.status !== 'Open' && state.phase === 'idle')) return <NoCheckout checkout={checkout.data} />;
  const c = checkout.data;
  const busy = state.phase === 'paying' || state.phase === 'confirming';
  const done = state.phase === 'slow' || state.phase === 'rejected' || !!state.refused;
  const deliverTo = chosenAddress.get(c.checkoutId);
  return (
    <>
      <PageHeader title={t('co.checkout')} />
      <Stack maw={640}>
        <Summary checkout={c} unavailable={state.refused?.lines} />
        <DeliverTo address={deliverTo} />
        {state.refused && <UnavailableNotice checkout={c} refused={state.refused} />}
        <CartNotice checkout={c} show={state.phase === 'idle' && !state.refused} />
        <SegmentedControl
          value={area}
          onChange={(v) => setArea(v as 'card' | 'wallet')}
          data={[
            { value: 'card', label: t('co.savedCard') },
            { value: 'wallet', label: 'PayPal' },
          ]}
          aria-label={t('co.paymentMethod')}
        />
        <Card withBorder radius="md">
          {area === 'card' ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (deliverTo) void pay(() => shopApi.pay(c.checkoutId, { cardId, cvv, deliveryAddress: deliverTo }));
              }}
            >
              <Stack>
                <Text>
                  {card.data
                    ? `${card.data.cardtype || t('co.card')} ${card.data.cardnumber} · ${card.data.cardowner}`
                    : card.error
                      ? t('co.cardNotFound')
                      : t('co.loadingCard')}
                </Text>
                <PasswordInput
                  label={t('co.cvv')}
                  inputMode="numeric"
                  maxLength={4}
                  value={cvv}
                  onChange={(e) => setCvv(e.currentTarget.value)}
                  error={state.error && message(state.error)}
                />
                <Group>
                  <Button type="submit" loading={busy} disabled={!cvv || !card.data || !deliverTo || done || !!state.paused}>
                    {t('co.pay')}
                  </Button>
                  <Button variant="default" component={Link} to="/Customer/SelectPayment">
                    {t('co.anotherCard')}
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <WalletArea checkoutId={c.checkoutId} deliverTo={deliverTo} pay={pay} busy={busy} done={done} />
          )}
        </Card>
        <PaymentOutcome state={state} />
      </Stack>
    </>
  );
}

export function ConfirmWalletPayment() {
  const checkout = useCurrentCheckout();
  const { state, pay } = usePayment(checkout.data?.checkoutId);
  const { t } = useTranslation('shop');
  const message = useServerMessage();
  if (checkout.error !== undefined) return <LoadError error={checkout.error} />;
  if (checkout.loading && checkout.data === undefined) return <Loading />;
  if (!checkout.data || (checkout.data.status !== 'Open' && state.phase === 'idle')) return <NoCheckout checkout={checkout.data} />;
  const busy = state.phase === 'paying' || state.phase === 'confirming';
  const done = state.phase === 'slow' || state.phase === 'rejected' || !!state.refused;
  const deliverTo = chosenAddress.get(checkout.data.checkoutId);
  return (
    <>
      <PageHeader title={t('co.payWithPaypal')} />
      <Stack maw={640}>
        <Summary checkout={checkout.data} unavailable={state.refused?.lines} />
        <DeliverTo address={deliverTo} />
        {state.refused && <UnavailableNotice checkout={checkout.data} refused={state.refused} />}
        <CartNotice checkout={checkout.data} show={state.phase === 'idle' && !state.refused} />
        <Card withBorder radius="md">
          <WalletArea checkoutId={checkout.data.checkoutId} deliverTo={deliverTo} pay={pay} busy={busy} done={done} />
          {state.error && (
            <Text c="red" mt="sm">
              {message(state.error)}
            </Text>
          )}
        </Card>
        <PaymentOutcome state={state} />
      </Stack>
    </>
  );
}

/**
 * /Customer/OrderConfirmation/{checkoutId}: what the shopper sees after paying. One purchase has
 * two numbers, both shown and explained: the order number (12 characters, on every order card in My
 * Orders and My Package Orders, one order per seller and line) and the receipt number of the
 * payment (in Payment history). An order still being confirmed says so.
 */
export function OrderConfirmation() {
  const { checkoutId = '' } = useParams();
  const checkout = useAsync(['checkout', 'checkout', checkoutId], () => shopApi.checkout(checkoutId));
  const { t } = useTranslation('shop');
  if (checkout.error !== undefined) return <LoadError error={checkout.error} />;
  if (!checkout.data) return <Loading />;
  const c = checkout.data;
  if (c.status === 'Open' || c.status === 'Rejected') return <NoCheckout checkout={c} />;
  return (
    <>
      <PageHeader title={c.status === 'Confirmed' ? t('co.orderPlaced', { defaultValue: ORDER_PLACED }) : t('co.beingConfirmed')} />
      <Stack maw={640}>
        <Card withBorder radius="md">
          <Stack gap="sm">
            <div>
              <Text>
                {t('co.orderNumber')} <b data-testid="order-number">{c.OrderID}</b>
              </Text>
              <Text size="sm" c="dimmed">
                {t('co.orderNumberNote')}
              </Text>
            </div>
            {c.receipt && (
              <div>
                <Text>
                  {t('co.receiptNumber')} <b data-testid="receipt-number">{c.receipt.RecieptNo}</b>
                </Text>
                <Text size="sm" c="dimmed">
                  {c.receipt.PaymentType === 'CashOnDelivery'
                    ? t('co.codReceipt', { amount: formatRupees(c.receipt.Amount) })
                    : t('co.paidReceipt', { amount: formatRupees(c.receipt.Amount), type: c.receipt.PaymentType })}
                </Text>
              </div>
            )}
            <div>
              <Text>{t('co.deliverTo')}</Text>
              <Text size="sm" data-testid="deliver-to">
                {c.DeliverTo ? formatAddress(c.DeliverTo) : NO_DELIVERY_ADDRESS}
              </Text>
            </div>
            {c.status === 'AwaitingStock' && <Alert color="yellow">{t('co.awaitingStock')}</Alert>}
          </Stack>
        </Card>
        <Summary checkout={c} numbered={false} />
        <Group>
          <Button component={Link} to="/Customer/MyOrders">
            {t('co.myOrders')}
          </Button>
          {c.receipt && (
            <Button variant="light" component={Link} to={`/Customer/purchaseHistoryExtended/${c.receipt._id}`}>
              {t('co.paymentDetails')}
            </Button>
          )}
          <Button variant="default" component={Link} to="/Customer/AllItmes">
            {t('co.continueShopping')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
