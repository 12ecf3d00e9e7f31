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
import { useFieldProps, useServerMessage } from '../../i18n/serverMessage';
import { useTranslation } from 'react-i18next';
import { Button, Card, Grid, Group, MultiSelect, NumberInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { CATEGORIES, COLOURS, ItemCreateSchema, ItemUpdateSchema, MAX_ITEM_IMAGES } from '@market/contracts';
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
  const { t } = useTranslation('seller');
  const message = useServerMessage();
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
  const field = useFieldProps(form);
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
        notifySuccess(t('item.updateSaved'));
      } else {
        await catalogueApi.addItem(values);
        notifySuccess(t('item.saved'));
      }
      navigate('/Seller/Home');
    },
    {
      fallback: t('item.invalid'),
      // Spec 001 section 6: an add-item submit that fails its checks says so above the form too.
      invalid: t('item.invalid'),
      onError: (err) => setStale(isStaleWrite(err)),
    },
  );

  return (
    <Card withBorder padding="xl" maw={900}>
      <GridForm
        onSubmit={submit}
        failure={failure}
        failureTitle={t('item.failed')}
        failureAction={
          stale &&
          onReload && (
            <Group mt="sm">
              <Button size="xs" variant="white" color="red" onClick={onReload}>
                {t('item.reload')}
              </Button>
            </Group>
          )
        }
      >
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('item.name')} required {...field('Item_name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('item.brand')} required {...field('Brand')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('item.model')}
            description={t('item.modelHint')}
            required
            readOnly={editing}
            disabled={editing}
            {...field('Model')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('item.sku')}
            required
            readOnly={editing}
            disabled={editing}
            {...field('Stock_keeping_unit')}
            error={field('Stock_keeping_unit').error ?? (skuTaken && message(skuTaken))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput
            label={t('item.quantity')}
            required
            min={1}
            max={200}
            clampBehavior="none"
            allowDecimal={false}
            {...field('Quantity')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput
            label={t('item.price')}
            required
            min={0}
            clampBehavior="none"
            decimalScale={2}
            thousandSeparator=","
            {...field('Price')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label={t('item.category')}
            data={CATEGORIES.map((c) => ({ value: c, label: t(`shop:category.${c}`, { defaultValue: c }) }))}
            allowDeselect={false}
            {...field('Category')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {/* Issue 30 item 9: an e-mail and a badge when sales take the stock down to it. */}
          <NumberInput
            label={t('item.lowStock')}
            description={t('item.lowStockHint')}
            min={0}
            max={200}
            clampBehavior="none"
            allowDecimal={false}
            {...field('LowStockThreshold')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <MultiSelect label={t('item.colours')} data={[...COLOURS]} {...field('Color_family')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('item.otherColours')} {...field('Other_colors')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label={t('item.description')} autosize minRows={3} {...field('Description')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label={t('item.specification')} autosize minRows={3} {...field('Specification')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label={t('item.inTheBox')} autosize minRows={2} {...field('WHT')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <ImagesPicker
            value={form.getValues().Images}
            onChange={(names) => form.setFieldValue('Images', names)}
            error={form.errors.Images as string | undefined}
            label={t('item.images', { max: MAX_ITEM_IMAGES })}
            limitNote={(room) => t('item.imagesLimit', { max: MAX_ITEM_IMAGES, room })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Switch
            label={t('item.warranty')}
            checked={form.getValues().Warrenty === 1}
            onChange={(e) => form.setFieldValue('Warrenty', e.currentTarget.checked ? 1 : 0)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Switch label={t('item.forSale')} {...field('ItemAvailabilityStatus', { type: 'checkbox' })} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Group>
            <Button type="submit" loading={busy} disabled={skuTaken !== null}>
              {editing ? t('item.update') : t('item.add')}
            </Button>
            <Button variant="default" component={Link} to="/Seller/Home">
              {t('item.cancel')}
            </Button>
          </Group>
        </Grid.Col>
      </GridForm>
    </Card>
  );
}
