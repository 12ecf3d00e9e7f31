/**
 * Customer browsing (spec 000 sections 2, 4, 5): /Customer/AllItmes (search name, brand or model;
 * category, price band, rating; Clear Filter), /Customer/AllItemsFilterBy/{value} (a brand or a
 * category), /Customer/DiscountedItems (discounted and available; search by name),
 * /Customer/Packages (available packages; search by name), /Customer/ItemDetails/{id} (with the
 * quantity picker and "Only N left", issue 32 item 3), /Customer/Seller/{sellerId} (a seller's public page).
 */
import { useTranslation } from 'react-i18next';
import {
  Anchor,
  AspectRatio,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { brandLabel } from '@market/contracts/rules';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { catalogueApi, type ItemFilters } from '../../api/catalogue';
import { filterFromValue, itemQuery, listingFromParams, listingQuery, LISTING_LIMIT } from './browseQueries';
import { identityApi } from '../../api/identity';
import { QuantityPicker, StockNote, maxUnits } from '../../components/BuyBox';
import { useHydrated } from '../../lib/useHydrated';
import { cardImageLoading, ItemCard } from '../../components/ItemCard';
import { ShopButtons } from '../../components/ShopButtons';
import { beginCheckout } from '../../lib/checkoutStart';
import { notifyError } from '../../lib/notify';
import { ItemFilterBar } from '../../components/ItemFilters';
import { Pager, SearchBox, useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { Price } from '../../components/Price';
import { ItemRating } from '../../components/Rating';
import { imageUrl, thumbnailUrl } from '../../lib/images';
import { formatRupees } from '../../lib/money';
import { useAsync } from '../../lib/useAsync';
import { useDocumentTitle } from '../../lib/documentTitle';
import { useSignInFirst } from '../../lib/signInFirst';
import { useOptionalSession } from '../../session/session';

/**
 * The listing's search text, filters, sort and page, kept in the query string
 * ({@link listingFromParams}): Back from an item comes back to the same results, and a search can
 * be shared or bookmarked. Every change replaces the current history entry (typing does not pile
 * up entries).
 */
export function useListingParams() {
  const [params, setParams] = useSearchParams();
  const { q, filters, page } = listingFromParams(params);
  // The query string the last update asked for, until the router has rendered it: React Router
  // hands a functional update this render's params, so a second change made before the first one's
  // navigation finished (the route's loaders run first) would start again from the old URL.
  const asked = useRef<string | null>(null);
  const shown = params.toString();
  useEffect(() => {
    asked.current = null;
  }, [shown]);
  /** Writes the given values (undefined or '' removes one); any change but the page's goes to page 1. */
  const update = (
    next: Partial<Record<'q' | 'category' | 'brand' | 'priceBand' | 'minRating' | 'sort' | 'page', string | number | undefined>>,
  ) => {
    const out = new URLSearchParams(asked.current ?? shown);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === '' || (key === 'page' && value === 1)) out.delete(key);
      else out.set(key, String(value));
    }
    if (!('page' in next)) out.delete('page');
    asked.current = out.toString();
    setParams(out, { replace: true });
  };
  return { q, filters, page, update };
}

/** The URL's filter keys. */
const FILTER_KEYS = ['category', 'brand', 'priceBand', 'minRating', 'sort'] as const;

/**
 * The filters `next` changes from `shown` (what this render showed), and only those: the filter bar
 * hands over every filter, and writing the unchanged ones from a render that had not yet seen a
 * change just made (a quick second choice) would put that change back.
 */
function changedFilters(shown: ItemFilters, next: ItemFilters): Partial<Record<(typeof FILTER_KEYS)[number], string | number | undefined>> {
  return Object.fromEntries(FILTER_KEYS.filter((k) => shown[k] !== next[k]).map((k) => [k, next[k]]));
}

/** What a listing gives the item page it opens: its own address, search and page included. */
interface ListingOrigin {
  from: string;
}

function ItemGrid({
  base,
  title,
  searchLabel,
  showCategory = true,
  intro,
}: {
  base: ItemFilters;
  title: string;
  searchLabel?: string;
  showCategory?: boolean;
  /** Shown under the title (a seller's logo and description). */
  intro?: ReactNode;
}) {
  const listing = useListingParams();
  const location = useLocation();
  const [text, setText] = useState(listing.q);
  const [q] = useDebouncedValue(text.trim(), 300);
  const { filters, page, update } = listing;
  // The typed text reaches the URL once typing pauses; a URL changed elsewhere (Clear Filter,
  // Back) is shown in the box.
  useEffect(() => {
    if (q !== listing.q.trim()) update({ q });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  useEffect(() => {
    if (listing.q.trim() !== text.trim()) setText(listing.q);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listing.q]);
  const query = listingQuery(base, listing);
  const list = useAsync(query.queryKey, query.queryFn);
  const { t } = useTranslation('shop');
  return (
    <>
      <PageHeader title={title} />
      {intro}
      <ItemFilterBar
        text={text}
        onText={setText}
        filters={filters}
        onChange={(f) => update(changedFilters(filters, f))}
        onClear={() => {
          setText('');
          update({ q: undefined, category: undefined, brand: undefined, priceBand: undefined, minRating: undefined, sort: undefined });
        }}
        searchLabel={searchLabel}
        showCategory={showCategory}
        showBrand={!base.brand}
        showSort
        facets={list.data?.facets}
      />
      <ListState list={list} empty={t('noResult')}>
        {(rows) => (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
              {rows.items.map((item, index) => (
                <ItemCard
                  key={item._id}
                  item={item}
                  image={cardImageLoading(index)}
                  to={`/Customer/ItemDetails/${item._id}`}
                  linkState={{ from: `${location.pathname}${location.search}` } satisfies ListingOrigin}
                  actions={<ShopButtons itemId={item._id} itemName={item.Item_name} available={item.ItemAvailabilityStatus} />}
                />
              ))}
            </SimpleGrid>
            <Pager page={page} total={rows.total} limit={LISTING_LIMIT} onChange={(p) => update({ page: p })} />
          </>
        )}
      </ListState>
    </>
  );
}

export function AllItems() {
  const { t } = useTranslation('shop');
  return <ItemGrid base={{}} title={t('allItems')} />;
}

export function AllItemsFilterBy() {
  const { value = '' } = useParams();
  const base = filterFromValue(value);
  const { t } = useTranslation('shop');
  return (
    <ItemGrid
      base={base}
      title={base.brand ? brandLabel(value) : t(`category.${value}`, { defaultValue: value })}
      showCategory={!base.category}
    />
  );
}

/**
 * A seller's public page, `/Customer/Seller/{sellerId}` (issue 32 item 1, "a seller's public page";
 * the documents name none, so the customer area's `Seller/{id}`): the company's logo, name and
 * description, and its items as the All Items listing filtered by seller (search, filters, sort,
 * paging). Guests open it too; item pages link here from "Sold by".
 */
export function SellerPublicPage() {
  const { sellerId = '' } = useParams();
  const seller = useAsync(['people', 'getSeller', sellerId], () => identityApi.getSeller(sellerId));
  const { t } = useTranslation('shop');
  if (seller.loading && !seller.data) return <Loading />;
  if (seller.error !== undefined || !seller.data) return <NotFound home="/Customer/Home" />;
  const s = seller.data;
  const intro = (
    <Group gap="md" wrap="nowrap" mb="md" data-testid="seller-intro">
      <Avatar src={imageUrl(s.logo) ?? null} alt={t('sellerLogo', { name: s.companyname })} size={56} radius="md" color="blue">
        {s.companyname.slice(0, 1).toUpperCase()}
      </Avatar>
      {s.description && (
        <Text size="sm" c="dimmed" lineClamp={3}>
          {s.description}
        </Text>
      )}
    </Group>
  );
  return <ItemGrid base={{ sellerId }} title={s.companyname} intro={intro} />;
}

export function DiscountedItems() {
  const { t } = useTranslation('shop');
  return <ItemGrid base={{ discounted: true }} title={t('discountedItems')} searchLabel={t('filters.searchByName')} />;
}

/** "Sold by <company>" under a package (issue 32 item 4: package cards named no seller). */
function PackageSeller({ sellerId }: { sellerId: string }) {
  const seller = useAsync(['people', 'getSeller', sellerId], () => identityApi.getSeller(sellerId));
  const { t } = useTranslation('shop');
  return seller.data ? (
    <Text size="sm" c="dimmed">
      {t('soldByName', { name: seller.data.companyname })}
    </Text>
  ) : null;
}

/**
 * What a package saves against its items bought one by one (issue 32 item 4), from the items'
 * final prices when they were put in it (LKR): "Worth Rs. 61,000.00 separately: you save
 * Rs. 6,000.00 (10%)"; nothing when it saves nothing.
 */
export function PackageSaving({ price, content }: { price: number; content: { FinalPrice: number }[] }) {
  const worth = content.reduce((sum, c) => sum + c.FinalPrice, 0);
  const saving = worth - price;
  const { t } = useTranslation('shop');
  if (saving <= 0) return null;
  return (
    <Text size="sm" c="green.9" mt={4}>
      {t('packageSaving', { worth: formatRupees(worth), saving: formatRupees(saving), percent: Math.floor((saving / worth) * 100) })}
    </Text>
  );
}

export function PackagesPage() {
  // A package tile on Home links here with its name as `?q=` (issue 32 item 4: it was ignored).
  const [params] = useSearchParams();
  const s = useSearch(params.get('q') ?? '');
  const { t } = useTranslation('shop');
  const list = useAsync(['packages', 'listPackages', { q: s.q || undefined }, s.page, LISTING_LIMIT], () =>
    catalogueApi.listPackages({ q: s.q || undefined }, s.page, LISTING_LIMIT),
  );
  return (
    <>
      <PageHeader title={t('promoPackages')} />
      <SearchBox label={t('searchPackages')} value={s.text} onChange={s.setText} />
      <ListState list={list} empty={t('noResult')}>
        {(rows) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="md">
              {rows.items.map((p) => (
                <Card key={p._id} withBorder radius="md" padding="md">
                  <Card.Section>
                    <AspectRatio ratio={16 / 9}>
                      <Image src={thumbnailUrl(p.image)} alt={p.packageName} fit="cover" fallbackSrc="/favicon.svg" />
                    </AspectRatio>
                  </Card.Section>
                  <Text fw={600} mt="sm">
                    {p.packageName}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {p.description}
                  </Text>
                  <Text size="sm" mt={4}>
                    {t('includes', { items: p.content.map((c) => c.Item_name).join(', ') })}
                  </Text>
                  <PackageSeller sellerId={p.seller} />
                  {p.Unavailable && (
                    <Text size="sm" c="red.8" mt={4}>
                      {t('notAvailableReason', { reason: p.Unavailable.reason })}
                    </Text>
                  )}
                  <Group justify="space-between" mt="sm">
                    <Text fw={700}>{formatRupees(p.price)}</Text>
                    <Text size="xs" c="dimmed">
                      {t('dateRange', { from: p.startDate, to: p.endDate })}
                    </Text>
                  </Group>
                  <PackageSaving price={p.price} content={p.content} />
                  <Group mt="sm">
                    <ShopButtons packageId={p._id} itemName={p.packageName} available={!p.Unavailable} />
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
            <Pager page={s.page} total={rows.total} limit={LISTING_LIMIT} onChange={s.setPage} />
          </>
        )}
      </ListState>
    </>
  );
}

export function ItemDetails() {
  const { id = '' } = useParams();
  const itemRead = itemQuery(id);
  const item = useAsync(itemRead.queryKey, itemRead.queryFn);
  const seller = useAsync(['people', 'getSeller', item.data?.SellerID ?? null], async () =>
    item.data ? identityApi.getSeller(item.data.SellerID) : null,
  );
  const [shown, setShown] = useState(0);
  // Units to buy (issue 32 item 3), kept within the stock when it changes.
  const [units, setUnits] = useState(1);
  const quantity = Math.min(units, maxUnits(item.data?.Quantity ?? 1));
  useDocumentTitle(item.data?.Item_name);
  // The listing the item was opened from, with its search, filters, sort and page (issue 32 item 4).
  const from = (useLocation().state as ListingOrigin | null)?.from;
  const backTo = from?.startsWith('/Customer/') ? from : undefined;
  // Phones: Buy Now and the cart stay in a bar at the bottom of the screen.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const { t } = useTranslation('shop');
  if (item.loading && !item.data) return <Loading />;
  if (item.error !== undefined || !item.data) return <NotFound home="/Customer/Home" />;
  const i = item.data;
  const images = i.Images.slice(0, 3);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <div>
        <Card withBorder radius="md" padding="xs">
          <AspectRatio ratio={1}>
            <Image
              src={imageUrl(images[shown])}
              alt={t('item.picture', { name: i.Item_name, n: shown + 1 })}
              fit="contain"
              fallbackSrc="/favicon.svg"
            />
          </AspectRatio>
        </Card>
        {images.length > 1 && (
          <Group mt="sm" gap="sm">
            {images.map((name, n) => (
              <UnstyledButton
                key={name}
                onClick={() => setShown(n)}
                aria-label={t('item.showPicture', { n: n + 1 })}
                style={{ outline: n === shown ? '2px solid var(--mantine-color-blue-5)' : undefined, borderRadius: 8 }}
              >
                <Image src={thumbnailUrl(name)} alt="" w={72} h={72} fit="cover" radius="sm" />
              </UnstyledButton>
            ))}
          </Group>
        )}
      </div>
      <div>
        <Stack gap="sm">
          <Title order={1} size="h2">
            {i.Item_name}
          </Title>
          <Text c="dimmed">
            {i.Brand} · {i.Model} · {i.Category}
          </Text>
          <ItemRating rating={i.rating} count={i.reviewCount} />
          <Price price={i.Price} finalPrice={i.FinalPrice} discount={i.DiscountStatus ? i.DiscountPrecentage : undefined} />
          <Group gap="xs">
            <Badge color={i.ItemAvailabilityStatus ? 'green' : 'red'} variant="light">
              {i.ItemAvailabilityStatus ? t('available') : t('outOfStock')}
            </Badge>
            <Badge variant="outline">{i.Warrenty === 1 ? t('item.warranty') : t('item.noWarranty')}</Badge>
            {i.Color_family.map((c) => (
              <Badge key={c} variant="default">
                {c}
              </Badge>
            ))}
          </Group>
          {seller.data && (
            <Text size="sm">
              {t('soldBy')}{' '}
              <Anchor component={Link} to={`/Customer/Seller/${i.SellerID}`}>
                {seller.data.companyname}
              </Anchor>
            </Text>
          )}
          {!phone && <StockNote stock={i.Quantity} available={i.ItemAvailabilityStatus} />}
          {/* The buy buttons above the description (phones: the bar below). */}
          {!phone && (
            <Group align="flex-end">
              <QuantityPicker value={quantity} onChange={setUnits} stock={i.Quantity} disabled={!i.ItemAvailabilityStatus} />
              <BuyNow itemId={i._id} available={i.ItemAvailabilityStatus} quantity={quantity} />
            </Group>
          )}
          {!i.ItemAvailabilityStatus && (
            <Text c="red" size="sm">
              {t('item.notAvailable')}
            </Text>
          )}
          {!phone && <ShopButtons itemId={i._id} available={i.ItemAvailabilityStatus} quantity={quantity} />}
          <Title order={2} size="h4" mt="md">
            {t('item.description')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{i.Description || '—'}</Text>
          <Title order={2} size="h4">
            {t('item.specification')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{i.Specification || '—'}</Text>
          {i.WHT && (
            <>
              <Title order={2} size="h4">
                {t('item.inTheBox')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{i.WHT}</Text>
            </>
          )}
          <Group gap="xs" mt="md" aria-label={t('item.paymentMethods')}>
            <Text size="sm" c="dimmed">
              {t('item.weAccept')}
            </Text>
            {['VISA', 'Mastercard', 'American Express', 'Discover', 'PayPal'].map((m) => (
              <Badge key={m} variant="outline" color="gray">
                {m}
              </Badge>
            ))}
          </Group>

          <Group gap="xs">
            <Button size="xs" variant="subtle" component={Link} to={`/Customer/ItemReviews/${i._id}`}>
              {t('item.viewReviews')}
            </Button>
            <Button size="xs" variant="subtle" component={Link} to={`/Customer/WriteReview/${i._id}`}>
              {t('item.writeReview')}
            </Button>
            <Button size="xs" variant="subtle" component={Link} to={`/Customer/ContactSeller/${i.SellerID}?item=${i._id}`}>
              {t('item.contactSeller')}
            </Button>
            <Button size="xs" variant="subtle" component={Link} to={`/Customer/ContactUs?item=${i._id}`}>
              {t('item.contactAdmin')}
            </Button>
          </Group>
          <Group mt="md">
            <Button variant="default" component={Link} to={backTo ?? '/Customer/AllItmes'}>
              {backTo ? t('item.backToResults') : t('item.backToAll')}
            </Button>
          </Group>
          {/* Room for the buy bar, so it never covers the last lines. */}
          {phone && <Box h={120} />}
        </Stack>
      </div>
      {phone && (
        <Paper
          role="region"
          aria-label={t('item.buyThis')}
          shadow="md"
          withBorder
          p="sm"
          style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 150 }}
        >
          <Group justify="space-between" wrap="nowrap" mb="xs" gap="xs">
            <div>
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatRupees(i.FinalPrice)}
              </Text>
              <StockNote stock={i.Quantity} available={i.ItemAvailabilityStatus} />
            </div>
            <Group gap="xs" wrap="nowrap">
              <QuantityPicker value={quantity} onChange={setUnits} stock={i.Quantity} disabled={!i.ItemAvailabilityStatus} compact />
              <BuyNow itemId={i._id} available={i.ItemAvailabilityStatus} quantity={quantity} />
            </Group>
          </Group>
          <ShopButtons itemId={i._id} available={i.ItemAvailabilityStatus} quantity={quantity} />
        </Paper>
      )}
    </SimpleGrid>
  );
}

/**
 * Buy Now: a checkout of this one item, `quantity` units (the page's picker), then the payment
 * choice (docs/architecture.md, Departures from the documents).
 */
function BuyNow({ itemId, available, quantity = 1 }: { itemId: string; available: boolean; quantity?: number }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const signedIn = useOptionalSession('customer') !== null;
  const signInFirst = useSignInFirst();
  const { t } = useTranslation('shop');
  const live = useHydrated();
  const buy = async () => {
    // A guest signs in first and comes back to the payment choice (issue 32 item 1).
    if (!signedIn) return signInFirst({ kind: 'buy', itemId, ...(quantity > 1 ? { quantity } : {}) });
    setBusy(true);
    try {
      await beginCheckout({ items: [{ itemId, quantity }], packages: [] }, { fromCart: false });
      navigate('/Customer/SelectPayment');
    } catch (err) {
      notifyError(t('oops'), err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button color="orange" loading={busy} disabled={!available || !live} onClick={() => void buy()}>
      {t('item.buyNow')}
    </Button>
  );
}
