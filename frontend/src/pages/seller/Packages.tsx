/**
 * Seller package screens (spec 001 sections 2, 4, 5): /Seller/CreatePackage (pick own items with
 * their stars, 'Add to Package', name; 'Cannot Create a Package Without Items' /
 * 'Cannot Create a Package Without a Name'), /Seller/CreatePackageForm ('Just One More Step...';
 * items carried in navigation state, the name kept in session storage), /Seller/MyPackages
 * (search by name, availability toggle, Edit), /Seller/UpdatePackage/{id} ('Edit Package...',
 * Update, Delete).
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
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
import { NO_ITEMS, NO_NAME, PackageCreateSchema, PackageUpdateSchema } from '@market/contracts';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { catalogueApi, type Package } from '../../api/catalogue';
import { ImageUpload } from '../../components/ImageUpload';
import { Pager, SearchBox, useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { LoadError, Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { ItemRating } from '../../components/Rating';
import { confirmDanger } from '../../lib/confirm';
import { applyServerErrors, schemaValidator } from '../../lib/forms';
import { thumbnailUrl } from '../../lib/images';
import { formatRupees } from '../../lib/money';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAsync } from '../../lib/useAsync';

const NAME_KEY = 'packageName';
interface Picked {
  _id: string;
  Item_name: string;
}

export function CreatePackage() {
  const navigate = useNavigate();
  const s = useSearch();
  const list = useAsync(() => catalogueApi.listItems({ q: s.q || undefined, mine: true }, s.page, 12), [s.q, s.page]);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [name, setName] = useState(sessionStorage.getItem(NAME_KEY) ?? '');
  const [error, setError] = useState<string | null>(null);
  const toggle = (p: Picked) => setPicked((cur) => (cur.some((x) => x._id === p._id) ? cur.filter((x) => x._id !== p._id) : [...cur, p]));
  const next = () => {
    if (picked.length === 0) return setError(NO_ITEMS);
    if (!name.trim()) return setError(NO_NAME);
    sessionStorage.setItem(NAME_KEY, name.trim());
    navigate('/Seller/CreatePackageForm', { state: { items: picked } });
  };
  return (
    <>
      <PageHeader title="Create a Package" />
      <Group align="flex-end" mb="md">
        <TextInput label="Package name" value={name} onChange={(e) => setName(e.currentTarget.value)} w={320} />
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
      <SearchBox label="Search your items" value={s.text} onChange={s.setText} />
      {list.error !== undefined && <LoadError error={list.error} />}
      {list.loading && !list.data ? (
        <Loading />
      ) : (
        list.data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="md">
              {list.data.items.map((item) => {
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
            <Pager page={s.page} total={list.data.total} limit={12} onChange={s.setPage} />
          </>
        )
      )}
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
  const [failure, setFailure] = useState<string | null>(null);
  const form = usePackageForm(
    { packageName, description: '', price: '', startDate: '', endDate: '', image: '', content: items.map((i) => i._id) },
    false,
  );
  if (items.length === 0 || !packageName) return <Navigate to="/Seller/CreatePackage" replace />;
  const submit = form.onSubmit(async (values) => {
    try {
      await catalogueApi.addPackage(values);
      sessionStorage.removeItem(NAME_KEY);
      notifySuccess('Package Added Successfully');
      navigate('/Seller/MyPackages');
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  });
  return (
    <>
      <PageHeader title="Just One More Step..." />
      <Card withBorder padding="xl" maw={760}>
        <Title order={4}>{packageName}</Title>
        <Text size="sm" c="dimmed" mb="md">
          {items.map((i) => i.Item_name).join(', ')}
        </Text>
        <form onSubmit={submit} noValidate>
          <Grid>
            {failure && (
              <Grid.Col span={12}>
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              </Grid.Col>
            )}
            <PackageFields form={form} />
            <Grid.Col span={12}>
              <Button type="submit">Create Package</Button>
            </Grid.Col>
          </Grid>
        </form>
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
    });
    await done();
  } catch (err) {
    notifyError('Oops...', err);
  }
}

export function MyPackages() {
  const s = useSearch();
  const list = useAsync(() => catalogueApi.listPackages({ q: s.q || undefined, mine: true }, s.page, 12), [s.q, s.page]);
  return (
    <>
      <PageHeader title="My Packages">
        <Button component={Link} to="/Seller/CreatePackage">
          CREATE PACKAGE
        </Button>
      </PageHeader>
      <SearchBox label="Search packages by name" value={s.text} onChange={s.setText} />
      <ListState list={list} empty={s.q ? "Ooops ! We don't have quite the thing you are looking for..." : 'No packages yet.'}>
        {(rows) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="md">
              {rows.items.map((p) => (
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
              ))}
            </SimpleGrid>
            <Pager page={s.page} total={rows.total} limit={12} onChange={s.setPage} />
          </>
        )}
      </ListState>
    </>
  );
}

function UpdatePackageForm({ p }: { p: Package }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
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
  const names = new Map(p.content.map((c) => [c._id, c.Item_name]));
  const submit = form.onSubmit(async (values) => {
    try {
      await catalogueApi.updatePackage(p._id, values);
      notifySuccess('Package Updated Successfully');
      navigate('/Seller/MyPackages');
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  });
  const remove = () =>
    confirmDanger({
      onConfirm: async () => {
        try {
          await catalogueApi.deletePackage(p._id);
          notifySuccess('Package Deleted Successfully');
          navigate('/Seller/MyPackages');
        } catch (err) {
          notifyError('Oops...', err);
        }
      },
    });
  return (
    <Card withBorder padding="xl" maw={760}>
      <form onSubmit={submit} noValidate>
        <Grid>
          {failure && (
            <Grid.Col span={12}>
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            </Grid.Col>
          )}
          <Grid.Col span={12}>
            <TextInput label="Package name" required {...form.getInputProps('packageName')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Text size="sm" fw={500}>
              Items
            </Text>
            <Group gap="xs">
              {form.getValues().content.map((id) => (
                <Badge
                  key={id}
                  variant="light"
                  rightSection={<span aria-hidden>×</span>}
                  style={{ cursor: 'pointer' }}
                  onClick={() =>
                    form.setFieldValue(
                      'content',
                      form.getValues().content.filter((x) => x !== id),
                    )
                  }
                >
                  {names.get(id) ?? id}
                </Badge>
              ))}
            </Group>
            {form.errors.content && (
              <Text size="xs" c="red" role="alert">
                {form.errors.content}
              </Text>
            )}
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
        </Grid>
      </form>
    </Card>
  );
}

export function UpdatePackage() {
  const { id = '' } = useParams();
  const p = useAsync(() => catalogueApi.getPackage(id), [id]);
  if (p.loading && !p.data) return <Loading />;
  if (p.error !== undefined || !p.data) return <NotFound home="/Seller/MyPackages" />;
  return (
    <>
      <PageHeader title="Edit Package..." />
      <UpdatePackageForm p={p.data} />
    </>
  );
}
