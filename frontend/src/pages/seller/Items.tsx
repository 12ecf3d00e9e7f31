/**
 * Seller item screens (spec 001 sections 2 and 4): /Seller/Home ('All the Items': own items,
 * search by name, brand, model or SKU, filters, expandable details, availability switch, Remove
 * with confirmation, and bulk edits of the selected items: BulkEdit.tsx, issue 30 item 9), /Seller/AddItem, /Seller/UpdateItem/{id}, /Seller/AddDiscount/{id} and
 * /Seller/UpdateDiscount/{id} (update or revoke; new price shown read-only),
 * /Seller/MyDiscountedItems.
 */
import { useTranslation } from 'react-i18next';
import { Accordion, Alert, Badge, Button, Card, Checkbox, Group, Image, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DISCOUNT_RANGE, discountedCents } from '@market/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { catalogueApi, isStaleWrite, type Item, type ItemFilters } from '../../api/catalogue';
import { CardListPage } from '../../components/CardListPage';
import { CsvExportButton } from '../../components/CsvExport';
import { ItemFilterBar } from '../../components/ItemFilters';
import { Pager, useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { Price } from '../../components/Price';
import { ItemRating } from '../../components/Rating';
import { confirmThen } from '../../lib/confirm';
import { thumbnailUrl } from '../../lib/images';
import { formatLkr, formatRupees } from '../../lib/money';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAsync } from '../../lib/useAsync';
import { BulkEditBar } from './BulkEdit';
import { ItemForm } from './ItemForm';
import { useIsOwn } from './ownership';

const LIMIT = 10;

/** Most own packages read to find those holding an item before it is deleted. */
const PACKAGES_CHECKED = 100;

/**
 * The names of the seller's own packages that hold item `itemId` (issue 30 item 3: deleting it makes
 * them unavailable), from the seller's package list; none when the list cannot be read.
 */
async function packagesHolding(itemId: string): Promise<string[]> {
  try {
    const own = await catalogueApi.listPackages({ mine: true }, 1, PACKAGES_CHECKED);
    return own.items.filter((p) => p.content.some((c) => c._id === itemId)).map((p) => p.packageName);
  } catch {
    return [];
  }
}

/**
 * Flips availability (spec 001 section 4): sends only ItemAvailabilityStatus with the version the
 * list showed, never the rest of the loaded item (a sale meanwhile must not get
 * its stock back). When someone changed the item since, the server's message is shown and the
 * list reloads to show the latest.
 */
async function toggleAvailability(item: Item, available: boolean, done: () => Promise<void>) {
  try {
    await catalogueApi.updateItem(item._id, { ItemAvailabilityStatus: available }, item.version);
    await done();
  } catch (err) {
    notifyError('Oops...', err);
    if (isStaleWrite(err)) await done().catch(() => undefined);
  }
}

export function SellerItems() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [filters, setFilters] = useState<ItemFilters>({});
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [q, filters]);
  const list = useAsync(['items', 'listItems', { ...filters, q: q || undefined, mine: true }, page, LIMIT], () =>
    catalogueApi.listItems({ ...filters, q: q || undefined, mine: true }, page, LIMIT),
  );
  // The items chosen for a bulk edit (issue 30 item 9), with the version the list showed; kept across pages.
  const [selected, setSelected] = useState<Map<string, Item>>(new Map());
  const remove = async (item: Item) => {
    const packages = await packagesHolding(item._id);
    confirmThen({
      message: packages.length
        ? `Remove ${item.Item_name}? It is in ${packages.length === 1 ? 'the package' : 'the packages'} ${packages.join(', ')}: customers cannot buy ${packages.length === 1 ? 'it' : 'them'} until you take it out. You won't be able to revert this!`
        : `Remove ${item.Item_name}? You won't be able to revert this!`,
      action: () => catalogueApi.deleteItem(item._id),
      done: ['Deleted!', 'Your Item has been deleted.'],
      after: list.reload,
    });
  };
  return (
    <>
      <PageHeader title="All the Items">
        <Button component={Link} to="/Seller/AddItem">
          ADD ITEM
        </Button>
        <Button component={Link} to="/Seller/MyDiscountedItems" variant="light">
          My Discounted Items
        </Button>
        {/* CSV export of every own item and import of new ones (issue 30 item 9). */}
        <CsvExportButton path="/items/export-csv" name="items" />
        <Button component={Link} to="/Seller/ImportItems" variant="default">
          Import CSV
        </Button>
      </PageHeader>
      <ItemFilterBar
        text={text}
        onText={setText}
        filters={filters}
        onChange={setFilters}
        searchLabel="Search by name, brand, model or SKU"
      />
      <ListState list={list} empty={q || Object.keys(filters).length ? 'No Result Found!' : 'You have no items yet. Add your first one!'}>
        {(rows) => (
          <>
            {selected.size > 0 && (
              <BulkEditBar
                selected={[...selected.values()]}
                onDone={(left) => {
                  setSelected(new Map([...selected].filter(([id]) => left.includes(id))));
                  void list.reload();
                }}
                onClear={() => setSelected(new Map())}
              />
            )}
            <Checkbox
              mb="xs"
              label="Select all on this page"
              checked={rows.items.length > 0 && rows.items.every((i) => selected.has(i._id))}
              indeterminate={rows.items.some((i) => selected.has(i._id)) && !rows.items.every((i) => selected.has(i._id))}
              onChange={(e) => {
                const next = new Map(selected);
                for (const i of rows.items) {
                  if (e.currentTarget.checked) next.set(i._id, i);
                  else next.delete(i._id);
                }
                setSelected(next);
              }}
            />
            <Accordion variant="separated" multiple>
              {rows.items.map((item) => (
                <Accordion.Item key={item._id} value={item._id}>
                  <Group wrap="nowrap" gap={0}>
                    <Checkbox
                      ml="sm"
                      aria-label={`Select ${item.Item_name}`}
                      checked={selected.has(item._id)}
                      onChange={(e) => {
                        const next = new Map(selected);
                        if (e.currentTarget.checked) next.set(item._id, item);
                        else next.delete(item._id);
                        setSelected(next);
                      }}
                    />
                    {/* The row's own width beside the checkbox; on a phone the price goes under the name. */}
                    <Accordion.Control style={{ flex: 1, minWidth: 0 }}>
                      <Group justify="space-between" wrap="wrap" gap="xs" pr="md">
                        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                          <Image
                            src={thumbnailUrl(item.Images[0])}
                            alt=""
                            w={48}
                            h={48}
                            radius="sm"
                            fit="contain"
                            fallbackSrc="/favicon.svg"
                          />
                          <div style={{ minWidth: 0 }}>
                            <Group gap={6}>
                              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                                {item.Item_name}
                              </Text>
                              {/* Seen without opening the row (issue 30 item 11: it looked available). */}
                              {!item.ItemAvailabilityStatus && (
                                <Badge color="red" variant="light" size="sm">
                                  Not available
                                </Badge>
                              )}
                              {/* The seller's low-stock alert reached (issue 30 item 9). */}
                              {item.LowStockThreshold > 0 && item.Quantity > 0 && item.Quantity <= item.LowStockThreshold && (
                                <Badge color="orange" variant="light" size="sm">
                                  Low stock
                                </Badge>
                              )}
                            </Group>
                            <Text size="xs" c="dimmed">
                              {item.Brand} · {item.Model} · SKU {item.Stock_keeping_unit} · {item.Quantity} in stock
                            </Text>
                          </div>
                        </Group>
                        <Group gap="xs" wrap="nowrap">
                          <ItemRating rating={item.rating} />
                          <Text fw={600}>{formatRupees(item.FinalPrice)}</Text>
                        </Group>
                      </Group>
                    </Accordion.Control>
                  </Group>
                  <Accordion.Panel>
                    <Stack gap="xs">
                      <Text size="sm">{item.Description || 'No description.'}</Text>
                      <Text size="sm" c="dimmed">
                        Category: {item.Category} · Colours: {item.Color_family.join(', ') || '—'} · Warranty:{' '}
                        {item.Warrenty === 1 ? 'available' : 'none'}
                      </Text>
                      <Group justify="space-between">
                        <Switch
                          label={item.ItemAvailabilityStatus ? 'Available' : 'Out of stock'}
                          color="green"
                          checked={item.ItemAvailabilityStatus}
                          onChange={(e) => void toggleAvailability(item, e.currentTarget.checked, list.reload)}
                        />
                        <Group gap="xs">
                          <Button size="xs" variant="light" component={Link} to={`/Seller/UpdateItem/${item._id}`}>
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            component={Link}
                            to={`/Seller/${item.DiscountStatus ? 'UpdateDiscount' : 'AddDiscount'}/${item._id}`}
                          >
                            {item.DiscountStatus ? 'Edit Discount' : 'Add Discount'}
                          </Button>
                          <Button size="xs" color="red" variant="light" onClick={() => void remove(item)}>
                            Remove
                          </Button>
                        </Group>
                      </Group>
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
            <Pager page={page} total={rows.total} limit={LIMIT} onChange={setPage} />
          </>
        )}
      </ListState>
    </>
  );
}

export function AddItem() {
  const { t } = useTranslation('seller');
  return (
    <>
      <PageHeader title={t('item.addTitle')} />
      <ItemForm />
    </>
  );
}

export function UpdateItem() {
  const { id = '' } = useParams();
  const isOwn = useIsOwn();
  const item = useAsync(['items', 'getItem', id], () => catalogueApi.getItem(id));
  if (item.loading && !item.data) return <Loading />;
  // Another seller's item is not found here, not a form filled with its data.
  if (item.error !== undefined || !item.data || !isOwn(item.data.SellerID)) return <NotFound home="/Seller/Home" />;
  return (
    <>
      <PageHeader title={`Edit ${item.data.Item_name}`} />
      {/* A reload after a refused stale save brings a new version: the form starts again from it. */}
      <ItemForm key={item.data.version} item={item.data} onReload={() => void item.reload()} />
    </>
  );
}

export function Discount() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const isOwn = useIsOwn();
  const item = useAsync(['items', 'getItem', id], () => catalogueApi.getItem(id));
  const [percent, setPercent] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (item.data?.DiscountStatus) setPercent(item.data.DiscountPrecentage);
  }, [item.data]);
  if (item.loading && !item.data) return <Loading />;
  if (item.error !== undefined || !item.data || !isOwn(item.data.SellerID)) return <NotFound home="/Seller/Home" />;
  const i = item.data;
  const n = typeof percent === 'number' ? percent : Number(percent);
  const valid = percent !== '' && n >= 1 && n <= 80;
  const save = async (on: boolean) => {
    setBusy(true);
    try {
      await catalogueApi.setDiscount(i._id, on, on ? n : undefined, i.version);
      notifySuccess(on ? (i.DiscountStatus ? 'Discount Updated' : 'Added Discount to the Item') : 'Discount Revoked');
      navigate('/Seller/MyDiscountedItems');
    } catch (err) {
      notifyError('Alert', err);
      // Someone changed the item meanwhile: show its latest state before another try.
      if (isStaleWrite(err)) await item.reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader title={i.DiscountStatus ? 'Update Discount' : 'Add Discount'} />
      <Card withBorder padding="xl" maw={520}>
        <Stack>
          <Text fw={600}>{i.Item_name}</Text>
          <Text size="sm">Price: {formatRupees(i.Price)}</Text>
          <NumberInput
            label="Discount (%)"
            min={1}
            max={80}
            // Keep what the person typed (81, 0) so the message shows; Mantine's default clamps
            // it to 80/1 on blur and hides the mistake.
            clampBehavior="none"
            value={percent}
            onChange={setPercent}
            error={percent !== '' && !valid ? DISCOUNT_RANGE : undefined}
          />
          <TextInput label="New price" readOnly value={valid ? formatLkr(discountedCents(Math.round(i.Price * 100), n)) : ''} />
          {!valid && percent === '' && <Alert color="gray">{DISCOUNT_RANGE}</Alert>}
          <Group>
            <Button disabled={!valid} loading={busy} onClick={() => void save(true)}>
              {i.DiscountStatus ? 'Update' : 'Add Discount'}
            </Button>
            {i.DiscountStatus && (
              <Button color="red" variant="light" loading={busy} onClick={() => void save(false)}>
                Revoke
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </>
  );
}

export function MyDiscountedItems() {
  const s = useSearch();
  const list = useAsync(['items', 'listItems', { q: s.q || undefined, mine: true, discounted: true }, s.page, 12], () =>
    catalogueApi.listItems({ q: s.q || undefined, mine: true, discounted: true }, s.page, 12),
  );
  return (
    <CardListPage
      title="My Discounted Items"
      actions={
        <Button component={Link} to="/Seller/MyPackages" variant="light">
          Promo Packages
        </Button>
      }
      searchLabel="Search by item name"
      search={s}
      list={list}
      empty={{ searched: 'No Result Found!', none: 'No discounted items yet.' }}
      limit={12}
      card={(item) => (
        <Card key={item._id} withBorder padding="md">
          <Group justify="space-between">
            <Text fw={600}>{item.Item_name}</Text>
            <Badge color="red">{item.DiscountPrecentage}% off</Badge>
          </Group>
          <Price price={item.Price} finalPrice={item.FinalPrice} />
          <ItemRating rating={item.rating} />
          <Group justify="space-between" mt="sm">
            <Switch
              label={item.ItemAvailabilityStatus ? 'Available' : 'Out of stock'}
              checked={item.ItemAvailabilityStatus}
              onChange={(e) => void toggleAvailability(item, e.currentTarget.checked, list.reload)}
            />
            <Button size="xs" variant="light" component={Link} to={`/Seller/UpdateDiscount/${item._id}`}>
              Edit Discount
            </Button>
          </Group>
        </Card>
      )}
    />
  );
}
