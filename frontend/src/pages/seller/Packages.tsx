/**
 * Seller package screens (spec 001 sections 2, 4, 5): /Seller/CreatePackage (pick own items with
 * their stars, 'Add to Package', name; 'Cannot Create a Package Without Items' /
 * 'Cannot Create a Package Without a Name'), /Seller/CreatePackageForm ('Just One More Step...';
 * items carried in navigation state, the name kept in session storage), /Seller/MyPackages
 * (search by name, availability toggle, Edit), /Seller/UpdatePackage/{id} ('Edit Package...',
 * Update, Delete).
 *
 * Dates (issue 27 item 7): customers see and buy a package only from its start date to the end of
 * its end date (Sri Lanka days); My Packages keeps every package of the seller and says where each
 * stands ('Not started yet', 'On sale', 'Ended'). A new package's end date in the past is refused
 * at the field ('End Date cannot be in the past !', the shared schema), an edit's by the server,
 * shown at the same field.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Grid,
  Group,
  Image,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EMPTYING_PACKAGE,
  NO_ITEMS,
  PACKAGE_SALE_LABELS,
  PackageCreateSchema,
  PackageNameSchema,
  PackageUpdateSchema,
  packageSaleState,
  type PackageSaleState,
} from '@market/contracts';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { catalogueApi, type Item, type Package } from '../../api/catalogue';
import { CardListPage } from '../../components/CardListPage';
import { GridForm } from '../../components/GridForm';
import { ImageUpload } from '../../components/ImageUpload';
import { Pager, SearchBox, useSearch } from '../../components/ListControls';
import { LoadError, Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { ItemRating } from '../../components/Rating';
import { confirmThen } from '../../lib/confirm';
import { schemaValidator } from '../../lib/forms';
import { thumbnailUrl } from '../../lib/images';
import { formatRupees } from '../../lib/money';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAsync } from '../../lib/useAsync';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { useIsOwn } from './ownership';

const NAME_KEY = 'packageName';
const PACKAGE_NAME_FALLBACK = 'Invalid package name';
interface Picked {
  _id: string;
  Item_name: string;
}

/**
 * The seller's own items to pick for a package, searched on the server (name, brand, model or
 * SKU), `limit` a page: the search box, the loading and failure states, `children` laying out the
 * page's items (an empty page shows none), and the pager.
 */
function OwnItems({ limit, children }: { limit: number; children: (items: Item[]) => ReactNode }) {
  const s = useSearch();
  const list = useAsync(['items', 'listItems', { q: s.q || undefined, mine: true }, s.page, limit], () =>
    catalogueApi.listItems({ q: s.q || undefined, mine: true }, s.page, limit),
  );
  return (
    <>
      <SearchBox label="Search your items" value={s.text} onChange={s.setText} />
      {list.error !== undefined && <LoadError error={list.error} />}
      {list.loading && !list.data ? (
        <Loading />
      ) : (
        list.data && (
          <>
            {children(list.data.items)}
            <Pager page={s.page} total={list.data.total} limit={limit} onChange={s.setPage} />
          </>
        )
      )}
    </>
  );
}

export function CreatePackage() {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [name, setName] = useState(sessionStorage.getItem(NAME_KEY) ?? '');
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const toggle = (p: Picked) => setPicked((cur) => (cur.some((x) => x._id === p._id) ? cur.filter((x) => x._id !== p._id) : [...cur, p]));
  // The name is checked here, where it is typed, with the server's own rule: the form step does
  // not show the name field, so a refusal there went unseen.
  const next = () => {
    setError(null);
    setNameError(null);
    if (picked.length === 0) return setError(NO_ITEMS);
    const checked = PackageNameSchema.safeParse(name);
    if (!checked.success) return setNameError(checked.error.issues[0]?.message ?? PACKAGE_NAME_FALLBACK);
    sessionStorage.setItem(NAME_KEY, checked.data);
    navigate('/Seller/CreatePackageForm', { state: { items: picked } });
  };
  return (
    <>
      <PageHeader title="Create a Package" />
      <Group align="flex-end" mb="md">
        <TextInput
          label="Package name"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          w={320}
        />
        <Button onClick={next}>Create Package</Button>
        <Text size="sm" c="dimmed">
          {picked.length} item{picked.length === 1 ? '' : 's'} picked
        </Text>
      </Group>
      {error && (
        <Alert color="red" mb="md" role="alert">
          {error}
        </Alert>
      )}
      <OwnItems limit={12}>
        {(items) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="md">
            {items.map((item) => {
              const on = picked.some((p) => p._id === item._id);
              return (
                <Card key={item._id} withBorder padding="sm">
                  <Group wrap="nowrap">
                    <Image src={thumbnailUrl(item.Images[0])} alt="" w={64} h={64} fit="cover" radius="sm" fallbackSrc="/favicon.svg" />
                    <Stack gap={2} style={{ flex: 1 }}>
                      <Text fw={600} size="sm">
                        {item.Item_name}
                      </Text>
                      <ItemRating rating={item.rating} />
                      <Text size="sm">{formatRupees(item.FinalPrice)}</Text>
                    </Stack>
                    <Checkbox
                      aria-label={`Add ${item.Item_name} to Package`}
                      checked={on}
                      onChange={() => toggle({ _id: item._id, Item_name: item.Item_name })}
                    />
                  </Group>
                  <Button
                    size="xs"
                    mt="xs"
                    variant={on ? 'filled' : 'light'}
                    onClick={() => toggle({ _id: item._id, Item_name: item.Item_name })}
                  >
                    {on ? 'Added' : 'Add to Package'}
                  </Button>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </OwnItems>
    </>
  );
}

function PackageFields({ form }: { form: ReturnType<typeof usePackageForm> }) {
  return (
    <>
      <Grid.Col span={12}>
        <Textarea label="Description" required autosize minRows={3} {...form.getInputProps('description')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <NumberInput label="Price (Rs.)" required min={0} decimalScale={2} thousandSeparator="," {...form.getInputProps('price')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <TextInput label="Start date" type="date" required {...form.getInputProps('startDate')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <TextInput label="End date" type="date" required {...form.getInputProps('endDate')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <ImageUpload label="Package image" value={form.getValues().image || undefined} onChange={(n) => form.setFieldValue('image', n)} />
        {form.errors.image && (
          <Text size="xs" c="red" role="alert">
            {form.errors.image}
          </Text>
        )}
      </Grid.Col>
    </>
  );
}

function usePackageForm(
  initial: {
    packageName: string;
    description: string;
    price: number | string;
    startDate: string;
    endDate: string;
    image: string;
    content: string[];
  },
  editing: boolean,
) {
  return useForm({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaValidator(editing ? PackageUpdateSchema : PackageCreateSchema),
  });
}

export function CreatePackageForm() {
  const navigate = useNavigate();
  const items = ((useLocation().state as { items?: Picked[] } | null)?.items ?? []) as Picked[];
  // Read once: the name leaves session storage when the package is created, not before.
  const [packageName] = useState(() => sessionStorage.getItem(NAME_KEY) ?? '');
  const form = usePackageForm(
    { packageName, description: '', price: '', startDate: '', endDate: '', image: '', content: items.map((i) => i._id) },
    false,
  );
  const { submit, failure } = useFormSubmit(form, async (values) => {
    await catalogueApi.addPackage(values);
    sessionStorage.removeItem(NAME_KEY);
    notifySuccess('Package Added Successfully');
    navigate('/Seller/MyPackages');
  });
  if (items.length === 0 || !packageName) return <Navigate to="/Seller/CreatePackage" replace />;
  return (
    <>
      <PageHeader title="Just One More Step..." />
      <Card withBorder padding="xl" maw={760}>
        <Title order={4}>{packageName}</Title>
        {form.errors.packageName && (
          <Text size="sm" c="red" role="alert">
            {form.errors.packageName}{' '}
            <Anchor component={Link} to="/Seller/CreatePackage" size="sm">
              Change the name
            </Anchor>
          </Text>
        )}
        <Text size="sm" c="dimmed" mb="md">
          {items.map((i) => i.Item_name).join(', ')}
        </Text>
        <GridForm onSubmit={submit} failure={failure}>
          <PackageFields form={form} />
          <Grid.Col span={12}>
            <Button type="submit">Create Package</Button>
          </Grid.Col>
        </GridForm>
      </Card>
    </>
  );
}

async function setAvailability(p: Package, available: boolean, done: () => Promise<void>) {
  try {
    await catalogueApi.updatePackage(p._id, {
      packageName: p.packageName,
      description: p.description,
      price: p.price,
      startDate: p.startDate,
      endDate: p.endDate,
      content: p.content.map((c) => c._id),
      packageAvailability: available,
      // The version this row showed: a switch flipped on a stale list is refused, not applied.
      version: p.version,
    });
    await done();
  } catch (err) {
    notifyError('Oops...', err);
    // A refusal (e.g. someone changed the package meanwhile): show the package as it is now.
    await done();
  }
}

const SALE_COLOURS: Record<PackageSaleState, string> = { upcoming: 'blue', 'on-sale': 'green', ended: 'gray' };

/** A package's dates and where it stands today in Sri Lanka (customers see it only 'On sale'). */
function SaleDates({ startDate, endDate }: { startDate: string; endDate: string }) {
  const state = packageSaleState({ startDate, endDate });
  return (
    <Group gap="xs" mt={4}>
      <Badge color={SALE_COLOURS[state]} variant="light">
        {PACKAGE_SALE_LABELS[state]}
      </Badge>
      <Text size="xs" c="dimmed">
        {startDate} to {endDate}
      </Text>
    </Group>
  );
}

export function MyPackages() {
  const s = useSearch();
  const list = useAsync(['packages', 'listPackages', { q: s.q || undefined, mine: true }, s.page, 12], () =>
    catalogueApi.listPackages({ q: s.q || undefined, mine: true }, s.page, 12),
  );
  return (
    <CardListPage
      title="My Packages"
      actions={
        <Button component={Link} to="/Seller/CreatePackage">
          CREATE PACKAGE
        </Button>
      }
      searchLabel="Search packages by name"
      search={s}
      list={list}
      empty={{ searched: "Ooops ! We don't have quite the thing you are looking for...", none: 'No packages yet.' }}
      limit={12}
      card={(p) => (
        <Card key={p._id} withBorder padding="md">
          <Card.Section>
            <Image src={thumbnailUrl(p.image)} alt={p.packageName} h={140} fit="cover" fallbackSrc="/favicon.svg" />
          </Card.Section>
          <Text fw={600} mt="sm">
            {p.packageName}
          </Text>
          <Text size="sm">{formatRupees(p.price)}</Text>
          <Text size="xs" c="dimmed">
            {p.content.map((c) => c.Item_name).join(', ')}
          </Text>
          <SaleDates startDate={p.startDate} endDate={p.endDate} />
          {p.Unavailable && (
            <Text size="sm" c="red.8" mt={4}>
              Customers cannot buy it: {p.Unavailable.reason}
            </Text>
          )}
          <Group justify="space-between" mt="sm">
            <Switch
              label={
                <Badge color={p.packageAvailability ? 'green' : 'red'}>
                  {p.packageAvailability ? 'Item Available' : 'Item Out of Stock'}
                </Badge>
              }
              checked={p.packageAvailability}
              onChange={(e) => void setAvailability(p, e.currentTarget.checked, list.reload)}
            />
            <Button size="xs" variant="light" component={Link} to={`/Seller/UpdatePackage/${p._id}`}>
              Edit
            </Button>
          </Group>
        </Card>
      )}
    />
  );
}

/**
 * Edit Package's picker of the seller's own items not yet in the package (the
 * edit screen could only remove items). Searches by name, brand, model or SKU on the server.
 */
function AddItems({ chosen, onAdd }: { chosen: string[]; onAdd: (item: Picked) => void }) {
  return (
    <Card component="section" aria-label="Add items" withBorder padding="sm">
      <Text size="sm" fw={500} mb="xs">
        Add items
      </Text>
      <OwnItems limit={6}>
        {(items) => (
          <Stack gap={4} mt="xs">
            {items.map((item) => {
              const inside = chosen.includes(item._id);
              return (
                <Group key={item._id} justify="space-between" wrap="nowrap">
                  <Text size="sm">{item.Item_name}</Text>
                  <Button
                    size="xs"
                    variant="light"
                    disabled={inside}
                    aria-label={`Add ${item.Item_name} to Package`}
                    onClick={() => onAdd({ _id: item._id, Item_name: item.Item_name })}
                  >
                    {inside ? 'Added' : 'Add to Package'}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
      </OwnItems>
    </Card>
  );
}

function UpdatePackageForm({ p }: { p: Package }) {
  const navigate = useNavigate();
  const form = usePackageForm(
    {
      packageName: p.packageName,
      description: p.description,
      price: p.price,
      startDate: p.startDate,
      endDate: p.endDate,
      image: p.image,
      content: p.content.map((c) => c._id),
    },
    true,
  );
  const [names, setNames] = useState(() => new Map(p.content.map((c) => [c._id, c.Item_name])));
  const content = form.getValues().content;
  // Spec 001 section 5: "removing all items refused ('Cannot Delete All Items From a Package')":
  // the last item stays and the message shows at once.
  const removeItem = (id: string) => {
    if (content.length <= 1) return form.setFieldError('content', EMPTYING_PACKAGE);
    form.setFieldValue(
      'content',
      content.filter((x) => x !== id),
    );
  };
  const addItem = (item: Picked) => {
    if (content.includes(item._id)) return;
    setNames((cur) => new Map(cur).set(item._id, item.Item_name));
    form.setFieldValue('content', [...content, item._id]);
  };
  const { submit, failure } = useFormSubmit(form, async (values) => {
    await catalogueApi.updatePackage(p._id, { ...values, version: p.version });
    notifySuccess('Package Updated Successfully');
    navigate('/Seller/MyPackages');
  });
  const remove = () =>
    confirmThen({
      action: () => catalogueApi.deletePackage(p._id),
      done: ['Package Deleted Successfully'],
      after: () => navigate('/Seller/MyPackages'),
    });
  return (
    <Card withBorder padding="xl" maw={760}>
      <GridForm onSubmit={submit} failure={failure}>
        <Grid.Col span={12}>
          <TextInput label="Package name" required {...form.getInputProps('packageName')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Text size="sm" fw={500}>
            Items
          </Text>
          <ul
            aria-label="Items in the package"
            style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}
          >
            {content.map((id) => (
              <li key={id}>
                <Badge
                  variant="light"
                  size="lg"
                  tt="none"
                  rightSection={
                    <CloseButton size="xs" aria-label={`Remove ${names.get(id) ?? id} from the package`} onClick={() => removeItem(id)} />
                  }
                >
                  {names.get(id) ?? id}
                </Badge>
              </li>
            ))}
          </ul>
          {form.errors.content && (
            <Text size="xs" c="red" role="alert">
              {form.errors.content}
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={12}>
          <AddItems chosen={content} onAdd={addItem} />
        </Grid.Col>
        <PackageFields form={form} />
        <Grid.Col span={12}>
          <Group>
            <Button type="submit">Update</Button>
            <Button color="red" variant="light" onClick={remove}>
              Delete
            </Button>
          </Group>
        </Grid.Col>
      </GridForm>
    </Card>
  );
}

export function UpdatePackage() {
  const { id = '' } = useParams();
  const isOwn = useIsOwn();
  const p = useAsync(['packages', 'getPackage', id], () => catalogueApi.getPackage(id));
  if (p.loading && !p.data) return <Loading />;
  // Another seller's package is not found here, not a form filled with its data.
  if (p.error !== undefined || !p.data || !isOwn(p.data.seller)) return <NotFound home="/Seller/MyPackages" />;
  return (
    <>
      <PageHeader title="Edit Package..." />
      <UpdatePackageForm p={p.data} />
    </>
  );
}
