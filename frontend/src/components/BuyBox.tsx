/**
 * The item page's buy box parts (issue 32 item 3): how many units to buy, chosen before Add to cart
 * or Buy Now, and "Only N left" when the stock is low.
 */
import { useTranslation } from 'react-i18next';
import { NumberInput, Text } from '@mantine/core';
import { MAX_LINE_QUANTITY } from '@market/contracts/rules';
import { useHydrated } from '../lib/useHydrated';

/** Stock at or below which the item page says how many are left. */
export const LOW_STOCK_SHOWN = 5;

/** Most units the picker offers: the stock, and never more than a cart line holds (contracts' MAX_LINE_QUANTITY). */
export const maxUnits = (stock: number) => Math.max(1, Math.min(stock, MAX_LINE_QUANTITY));

/** "Only N left" for an available item with 1 to {@link LOW_STOCK_SHOWN} units; nothing otherwise. */
export function StockNote({ stock, available }: { stock: number; available: boolean }) {
  const { t } = useTranslation('shop');
  if (!available || stock < 1 || stock > LOW_STOCK_SHOWN) return null;
  return (
    <Text c="orange.9" fw={600} size="sm" data-testid="stock-note">
      {t('item.onlyLeft', { count: stock })}
    </Text>
  );
}

/**
 * Units to buy, 1 to {@link maxUnits} of the stock; whatever is typed is brought back into that
 * range (an empty field is 1), so the buttons always send a quantity the cart takes. Inactive
 * until the page is live ({@link useHydrated}).
 */
export function QuantityPicker({
  value,
  onChange,
  stock,
  disabled,
  compact = false,
}: {
  value: number;
  onChange: (n: number) => void;
  stock: number;
  disabled?: boolean;
  /** Without its visible label (the phone's buy bar), still named "Quantity". */
  compact?: boolean;
}) {
  const { t } = useTranslation('shop');
  const live = useHydrated();
  const max = maxUnits(stock);
  return (
    <NumberInput
      label={compact ? undefined : t('item.quantity')}
      aria-label={compact ? t('item.quantity') : undefined}
      value={value}
      onChange={(v) => {
        const n = typeof v === 'number' ? v : Number.parseInt(v, 10);
        onChange(Number.isFinite(n) ? Math.min(max, Math.max(1, Math.trunc(n))) : 1);
      }}
      min={1}
      max={max}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      disabled={disabled || !live}
      w={compact ? 76 : 110}
      size="sm"
    />
  );
}
