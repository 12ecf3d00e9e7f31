/**
 * 'ADD YOUR ITEM' and the item edit (spec 001 sections 2 and 5): quantity 1-200, price above 0
 * up to 1 Million, model starting M/N/F/P ('Invalid'), SKU unique ('This Stock keeping unit is
 * Already in use!', checked while typing and on save, which is disabled while the SKU is taken),
 * category defaulting to Mobile Phones, warranty defaulting to available, up to 3 images.
 * Model and SKU are read-only on edit.
 *
 * Edit sends only the fields the person changed, with the item's `version` as loaded: the stock is
 * written only when Quantity was changed here, and a save after someone else changed the item (a
 * sale, another tab) is refused by the server with its message and a Reload button instead of
 * overwriting. Number fields keep what was typed (no clamping on blur):
 * 201 or 0 shows the documents' message.
 */
import { Button, Card, Grid, Group, MultiSelect, NumberInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { CATEGORIES, COLOURS, ItemCreateSchema, ItemUpdateSchema } from '@market/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { catalogueApi, changedFields, isStaleWrite, type Item } from '../../api/catalogue';
import { GridForm } from '../../components/GridForm';
import { ImagesPicker } from '../../components/ImagesPicker';
import { schemaValidator } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/useFormSubmit';

const createValidator = schemaValidator(ItemCreateSchema);
const updateValidator = schemaValidator(ItemUpdateSchema);

/**
 * @param item - the item to edit (as loaded, with its `version`); absent to add one
 * @param onReload - loads the item again (after a save refused because it changed meanwhile)
 */
export function ItemForm({ item, onReload }: { item?: Item; onReload?: () => void }) {
  const navigate = useNavigate();
  const editing = item !== undefined;
  const [stale, setStale] = useState(false);
  const [skuTaken, setSkuTaken] = useState<string | null>(null);
  const [initial] = useState(() => ({
    Item_name: item?.Item_name ?? '',
    Brand: item?.Brand ?? '',
    Model: item?.Model ?? '',
    Stock_keeping_unit: item?.Stock_keeping_unit ?? '',
    Quantity: (item?.Quantity ?? 1) as number | string,
    Price: (item?.Price ?? '') as number | string,
    Category: item?.Category ?? 'Mobile Phones',
    Color_family: item?.Color_family ?? ([] as string[]),
    Other_colors: item?.Other_colors ?? '',
    Description: item?.Description ?? '',
    Specification: item?.Specification ?? '',
    WHT: item?.WHT ?? '',
    Warrenty: item?.Warrenty ?? 1,
    Images: item?.Images ?? ([] as string[]),
    ItemAvailabilityStatus: item?.ItemAvailabilityStatus ?? true,
    LowStockThreshold: (item?.LowStockThreshold ?? 0) as number | string,
  }));
  const form = useForm({
    mode: 'controlled',
    initialValues: initial,
    // Edit checks only what changed: an untouched field (e.g. a sold-out item's Quantity 0) is not the person's input.
    validate: (values) => (editing ? updateValidator(changedFields(initial, values)) : createValidator(values)),
    validateInputOnBlur: ['Quantity', 'Price'],
  });
  const [sku] = useDebouncedValue(form.getValues().Stock_keeping_unit.trim(), 300);
  useEffect(() => {
    if (editing || !sku) {
      setSkuTaken(null);
      return;
    }
    let live = true;
    catalogueApi
      .skuAvailable(sku)
      .then((r) => live && setSkuTaken(r.available ? null : r.message))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [sku, editing]);

  const { submit, busy, failure } = useFormSubmit(
    form,
    async (values) => {
      setStale(false);
      if (editing) {
        const { Model: _m, Stock_keeping_unit: _s, ...changes } = changedFields(initial, values);
        await catalogueApi.updateItem(item._id, changes, item.version);
        notifySuccess('Your update saved!');
      } else {
        await catalogueApi.addItem(values);
        notifySuccess('Your Item has been saved');
      }
      navigate('/Seller/Home');
    },
    {
      fallback: 'Please Enter Valid Details!',
      // Spec 001 section 6: an add-item submit that fails its checks says so above the form too.
      invalid: 'Please Enter Valid Details!',
      onError: (err) => setStale(isStaleWrite(err)),
    },
  );

  return (
    <Card withBorder padding="xl" maw={900}>
      <GridForm
        onSubmit={submit}
        failure={failure}
        failureTitle="Oops... Something went wrong!"
        failureAction={
          stale &&
          onReload && (
            <Group mt="sm">
              <Button size="xs" variant="white" color="red" onClick={onReload}>
                Reload
              </Button>
            </Group>
          )
        }
      >
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Item Name" required {...form.getInputProps('Item_name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Brand" required {...form.getInputProps('Brand')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Model"
            description="Starts with M (New), N (Replacement), F (Refurbished) or P (Personalized)"
            required
            readOnly={editing}
            disabled={editing}
            {...form.getInputProps('Model')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Stock keeping unit (SKU)"
            required
            readOnly={editing}
            disabled={editing}
            {...form.getInputProps('Stock_keeping_unit')}
            error={form.getInputProps('Stock_keeping_unit').error ?? skuTaken}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput
            label="Quantity"
            required
            min={1}
            max={200}
            clampBehavior="none"
            allowDecimal={false}
            {...form.getInputProps('Quantity')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput
            label="Price (Rs.)"
            required
            min={0}
            clampBehavior="none"
            decimalScale={2}
            thousandSeparator=","
            {...form.getInputProps('Price')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label="Category" data={[...CATEGORIES]} allowDeselect={false} {...form.getInputProps('Category')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {/* Issue 30 item 9: an e-mail and a badge when sales take the stock down to it. */}
          <NumberInput
            label="Low-stock alert"
            description="E-mail me when the stock falls to this many (0: never)"
            min={0}
            max={200}
            clampBehavior="none"
            allowDecimal={false}
            {...form.getInputProps('LowStockThreshold')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <MultiSelect label="Colours" data={[...COLOURS]} {...form.getInputProps('Color_family')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Other colours" {...form.getInputProps('Other_colors')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label="Description" autosize minRows={3} {...form.getInputProps('Description')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label="Specification" autosize minRows={3} {...form.getInputProps('Specification')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label="What is in the box" autosize minRows={2} {...form.getInputProps('WHT')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <ImagesPicker
            value={form.getValues().Images}
            onChange={(names) => form.setFieldValue('Images', names)}
            error={form.errors.Images as string | undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Switch
            label="Warranty available"
            checked={form.getValues().Warrenty === 1}
            onChange={(e) => form.setFieldValue('Warrenty', e.currentTarget.checked ? 1 : 0)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Switch label="Available for sale" {...form.getInputProps('ItemAvailabilityStatus', { type: 'checkbox' })} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Group>
            <Button type="submit" loading={busy} disabled={skuTaken !== null}>
              {editing ? 'Update' : 'ADD'}
            </Button>
            <Button variant="default" component={Link} to="/Seller/Home">
              Cancel
            </Button>
          </Group>
        </Grid.Col>
      </GridForm>
    </Card>
  );
}
