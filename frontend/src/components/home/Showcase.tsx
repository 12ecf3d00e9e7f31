/**
 * The shop window of the home pages: a banner, categories with pictures, a
 * Deals row (discounted items), New arrivals, promo packages and the brands of the catalogue.
 *
 * Everything comes from the listing endpoints' documented parameters, answered by the OpenSearch
 * read model (never a collection scan):
 * - Deals: `GET /items/getItems?discounted=true&sort=newest&page=1&limit=12`;
 * - New arrivals: `GET /items/getItems?sort=newest&page=1&limit=12`, whose facet counts (they count
 *   the whole catalogue) also give the category and brand tiles, so an empty category
 *   never gets a tile;
 * - packages: `GET /Packages/getPackages?page=1&limit=10` (customers see available ones only).
 *
 * Prices on the wire are rupees and are shown as `Rs. 12,345.00` (docs/architecture.md, Money). Every
 * image has alt text and explicit width and height (no layout shift); only the first row's first
 * images load eagerly, the rest lazily, so the first screen stays light (the page is measured for
 * LCP: its largest paint is the banner's text, which needs no data).
 */
import { useTranslation } from 'react-i18next';
import { Anchor, Badge, Box, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { brandLabel } from '@market/contracts/rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { catalogueApi, type Item, type ItemFacets, type Package } from '../../api/catalogue';
import { thumbnailUrl } from '../../lib/images';
import { formatRupees } from '../../lib/money';
import { useAsync } from '../../lib/useAsync';
import classes from './Showcase.module.css';

/** How many tiles a row asks for. */
export const ROW_LIMIT = 12;
/** How many brand tiles are shown (the brands with most items). */
export const HOME_BRAND_TILES = 10;
/** Tiles of the first row whose images load eagerly (on the first screen even on a phone). */
const EAGER_TILES = 3;

/** Values of /Customer/AllItemsFilterBy/{value} when the counts cannot be had (spec 000 section 2). */
export const HOME_CATEGORIES = ['Mobile Phones', 'Tablet', 'Gaming', 'Laptops', 'Other'];
export const HOME_BRANDS = ['Apple', 'Samsung', 'Google', 'Sony', 'Xbox'];

/** Picture (in `public/categories`) and /AllItemsFilterBy value of each catalogue category. */
const CATEGORY_TILES: Record<string, { value: string; picture: string }> = {
  'Mobile Phones': { value: 'Mobile Phones', picture: '/categories/mobile-phones.svg' },
  'Tablet / iPad / iPod': { value: 'Tablet', picture: '/categories/tablets.svg' },
  Tablet: { value: 'Tablet', picture: '/categories/tablets.svg' },
  Gaming: { value: 'Gaming', picture: '/categories/gaming.svg' },
  Wearable: { value: 'Wearable', picture: '/categories/wearables.svg' },
  Laptops: { value: 'Laptops', picture: '/categories/laptops.svg' },
  Other: { value: 'Other', picture: '/categories/other.svg' },
};

/** Where the links of the showcase go (the customer area; the public home sends the same links, which ask for a sign-in). */
const AREA = '/Customer';

/** `N item(s)` for a tile's accessible name. */

/**
 * A product tile: picture, name, the price as `Rs. 12,345.00` with the original price struck
 * through and the percentage off when discounted, linking to the item page.
 * @param eager - load the picture at once (tiles on the first screen); otherwise lazily
 */
export function ProductTile({ item, eager = false }: { item: Item; eager?: boolean }) {
  const { t } = useTranslation('shop');
  const discounted = item.DiscountStatus && item.FinalPrice < item.Price;
  return (
    <Paper
      component={Link}
      to={`${AREA}/ItemDetails/${item._id}`}
      withBorder
      radius="md"
      className={classes.tile}
      data-testid="product-tile"
    >
      <img
        className={classes.picture}
        src={thumbnailUrl(item.Images[0]) ?? '/favicon.svg'}
        alt={item.Item_name}
        width={160}
        height={120}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={(e) => {
          if (!e.currentTarget.src.endsWith('/favicon.svg')) e.currentTarget.src = '/favicon.svg';
        }}
      />
      {discounted && (
        <Badge color="red.8" className={classes.off} aria-hidden>
          -{item.DiscountPrecentage}%
        </Badge>
      )}
      <Text size="sm" fw={500} lineClamp={2} className={classes.name}>
        {item.Item_name}
      </Text>
      <Text fw={700} className={classes.price} data-testid="tile-price">
        {formatRupees(item.FinalPrice)}
      </Text>
      {discounted ? (
        <Text size="xs" c="gray.7">
          <span className={classes.was}>
            <span className={classes.visuallyHidden}>{t('home.was')}</span>
            {formatRupees(item.Price)}
          </span>{' '}
          <span>-{item.DiscountPrecentage}%</span>
        </Text>
      ) : (
        <Text size="xs">&nbsp;</Text>
      )}
    </Paper>
  );
}

/** A package tile: picture, name, what it holds and its price, linking to the packages page. */
export function PackageTile({ pkg }: { pkg: Package }) {
  const { t } = useTranslation('shop');
  return (
    <Paper
      component={Link}
      to={`${AREA}/Packages?q=${encodeURIComponent(pkg.packageName)}`}
      withBorder
      radius="md"
      className={classes.packageTile}
    >
      <img
        className={classes.packagePicture}
        src={thumbnailUrl(pkg.image) ?? '/favicon.svg'}
        alt={pkg.packageName}
        width={240}
        height={135}
        loading="lazy"
        decoding="async"
        onError={(e) => {
          if (!e.currentTarget.src.endsWith('/favicon.svg')) e.currentTarget.src = '/favicon.svg';
        }}
      />
      <Text size="sm" fw={600} lineClamp={2} className={classes.name}>
        {pkg.packageName}
      </Text>
      <Text size="xs" c="gray.7" lineClamp={1}>
        {t('itemCount', { count: pkg.content.length })}: {pkg.content.map((c) => c.Item_name).join(', ')}
      </Text>
      <Text fw={700} className={classes.price}>
        {formatRupees(pkg.price)}
      </Text>
      {pkg.Unavailable && (
        <Text size="xs" c="red.8">
          {t('home.notAvailable')}
        </Text>
      )}
    </Paper>
  );
}

/**
 * A titled row of tiles that scrolls sideways (on phones by swiping), with skeletons while it
 * loads and a message when there is nothing to show.
 */
export function ShelfRow({
  id,
  title,
  more,
  loading,
  empty,
  count,
  skeleton = 'product',
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  loading: boolean;
  empty: string;
  count: number;
  skeleton?: 'product' | 'package';
  children: ReactNode;
}) {
  const { t } = useTranslation('shop');
  return (
    <Box component="section" aria-labelledby={`${id}-title`} mb="xl" data-testid={`row-${id}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h3" id={`${id}-title`}>
          {title}
        </Title>
        {more && (
          <Anchor component={Link} to={more.to} size="sm" fw={600} aria-label={more.label}>
            {t('home.seeAll')}
          </Anchor>
        )}
      </Group>
      {loading && count === 0 ? (
        <div className={classes.row} role="status" aria-busy="true" aria-label={t('home.loadingRow', { title })}>
          {Array.from({ length: 5 }, (_, n) => (
            <Skeleton key={n} className={skeleton === 'product' ? classes.tileSkeleton : classes.packageSkeleton} radius="md" />
          ))}
        </div>
      ) : count === 0 ? (
        <Paper withBorder radius="md" p="lg" className={classes.empty}>
          <Text c="gray.7">{empty}</Text>
        </Paper>
      ) : (
        <ul className={classes.row} aria-label={title}>
          {children}
        </ul>
      )}
    </Box>
  );
}

/** A category with its picture, linking to the filtered list; its name is what it shows ("Mobile Phones 412 items"). */
function CategoryTile({ label, count }: { label: string; count?: number }) {
  const { t } = useTranslation('shop');
  const tile = CATEGORY_TILES[label] ?? { value: label, picture: '/categories/other.svg' };
  return (
    <UnstyledButton component={Link} to={`${AREA}/AllItemsFilterBy/${encodeURIComponent(tile.value)}`} className={classes.category}>
      <img src={tile.picture} alt="" width={72} height={72} className={classes.categoryPicture} />
      <Text size="sm" fw={600} ta="center" lh={1.2}>
        {t(`category.${label}`, { defaultValue: label })}
      </Text>
      {count !== undefined && (
        <Text size="xs" c="gray.7">
          {t('itemCount', { count })}
        </Text>
      )}
    </UnstyledButton>
  );
}

/** A brand with its count, linking to the filtered list (normalised names, README "Search"); named "Sony 47 items". */
function BrandTile({ value, count }: { value: string; count?: number }) {
  const { t } = useTranslation('shop');
  return (
    <UnstyledButton component={Link} to={`${AREA}/AllItemsFilterBy/${encodeURIComponent(value)}`} className={classes.brand}>
      <Text fw={600}>{brandLabel(value)}</Text>
      {count !== undefined && (
        <Badge variant="light" color="gray" c="dark.6">
          {count}
          <span className={classes.visuallyHidden}> {t('itemWord', { count })}</span>
        </Badge>
      )}
    </UnstyledButton>
  );
}

/** Category and brand tiles from the facet counts (hiding empty ones), or the documents' fixed tiles when the counts cannot be had. */
function tilesFrom(facets: ItemFacets | null | undefined, failed: boolean) {
  if (facets)
    return {
      categories: facets.category
        .filter((c) => c.count > 0)
        .map((c) => ({ label: c.value as string, count: c.count as number | undefined })),
      brands: facets.brand
        .filter((b) => b.count > 0)
        .slice(0, HOME_BRAND_TILES)
        .map((b) => ({ value: b.value, count: b.count as number | undefined })),
    };
  if (failed)
    return {
      categories: HOME_CATEGORIES.map((c) => ({ label: c, count: undefined })),
      brands: HOME_BRANDS.map((b) => ({ value: b, count: undefined })),
    };
  return { categories: [], brands: [] };
}

/**
 * The home page's rows (see the module comment).
 * @param greeting - the banner's heading (the page's `h1`), e.g. `Hello, Sachini!`; without it no
 * banner (the public home has its own)
 */
export function Showcase({ greeting }: { greeting?: string }) {
  const { t } = useTranslation('shop');
  const newest = useAsync(['items', 'listItems', { sort: 'newest' }, 1, ROW_LIMIT], () =>
    catalogueApi.listItems({ sort: 'newest' }, 1, ROW_LIMIT),
  );
  const deals = useAsync(['items', 'listItems', { discounted: true, sort: 'newest' }, 1, ROW_LIMIT], () =>
    catalogueApi.listItems({ discounted: true, sort: 'newest' }, 1, ROW_LIMIT),
  );
  const packages = useAsync(['packages', 'listPackages', {}, 1, 10], () => catalogueApi.listPackages({}, 1, 10));
  const { categories, brands } = tilesFrom(newest.data?.facets, newest.error !== undefined);
  const dealItems = deals.data?.items ?? [];
  const newItems = newest.data?.items ?? [];
  const packageRows = packages.data?.items ?? [];
  return (
    <Stack gap={0}>
      {greeting !== undefined && (
        <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} mb="xl" className={classes.banner}>
          <Title order={1} className={classes.bannerTitle}>
            {greeting}
          </Title>
          <Text className={classes.bannerText} mt={6} mb="md">
            {t('home.banner')}
          </Text>
          <Group gap="sm">
            <Anchor component={Link} to={`${AREA}/DiscountedItems`} className={classes.bannerButton}>
              {t('home.todaysDeals')}
            </Anchor>
          </Group>
        </Paper>
      )}

      <Box component="section" aria-labelledby="categories-title" mb="xl">
        <Title order={2} size="h3" id="categories-title" mb="xs">
          {t('home.byCategory')}
        </Title>
        {newest.loading && categories.length === 0 ? (
          <div className={classes.categories} role="status" aria-busy="true" aria-label={t('home.loadingCategories')}>
            {Array.from({ length: 5 }, (_, n) => (
              <Skeleton key={n} className={classes.categorySkeleton} radius="md" />
            ))}
          </div>
        ) : (
          <div className={classes.categories}>
            {categories.map((c) => (
              <CategoryTile key={c.label} label={c.label} count={c.count} />
            ))}
          </div>
        )}
      </Box>

      <ShelfRow
        id="deals"
        title={t('home.deals')}
        more={{ to: `${AREA}/DiscountedItems`, label: t('home.seeAllDeals') }}
        loading={deals.loading}
        count={dealItems.length}
        empty={deals.error !== undefined ? t('home.dealsError') : t('home.noDeals')}
      >
        {dealItems.map((item, n) => (
          <li key={item._id}>
            <ProductTile item={item} eager={n < EAGER_TILES} />
          </li>
        ))}
      </ShelfRow>

      <ShelfRow
        id="new"
        title={t('home.newArrivals')}
        more={{ to: `${AREA}/AllItmes`, label: t('home.seeAllItems') }}
        loading={newest.loading}
        count={newItems.length}
        empty={newest.error !== undefined ? t('home.newError') : t('home.noItems')}
      >
        {newItems.map((item) => (
          <li key={item._id}>
            <ProductTile item={item} />
          </li>
        ))}
      </ShelfRow>

      <ShelfRow
        id="packages"
        title={t('home.popularPackages')}
        more={{ to: `${AREA}/Packages`, label: t('home.seeAllPackages') }}
        loading={packages.loading}
        count={packageRows.length}
        skeleton="package"
        empty={packages.error !== undefined ? t('home.packagesError') : t('home.noPackages')}
      >
        {packageRows.map((p) => (
          <li key={p._id}>
            <PackageTile pkg={p} />
          </li>
        ))}
      </ShelfRow>

      {brands.length > 0 && (
        <Box component="section" aria-labelledby="brands-title" mb="md">
          <Title order={2} size="h3" id="brands-title" mb="xs">
            {t('home.topBrands')}
          </Title>
          <div className={classes.brands}>
            {brands.map((b) => (
              <BrandTile key={b.value} value={b.value} count={b.count} />
            ))}
          </div>
        </Box>
      )}
    </Stack>
  );
}
