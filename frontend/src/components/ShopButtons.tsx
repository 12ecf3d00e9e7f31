/**
 * "Add to cart" and "Add to Wishlist" buttons of the customer's listings (spec 000 section 2).
 * With `itemName` each button's accessible name names the item ("Add Galaxy S10 to cart"), so a
 * screen reader's list of buttons on a listing tells them apart; the visible
 * labels stay short ("Cart", "Wishlist" on listing cards; "Add to cart" elsewhere). A guest
 * (issue 32 item 1) is asked to sign in first and comes back with the line added (lib/signInFirst.ts).
 * An item already in the signed-in customer's wishlist shows a filled heart, "In wishlist" ("Saved"
 * on listing cards), and
 * opens the wishlist (issue 32 item 3; the ids come from one shared read, lib/shopperState.ts).
 * `quantity` is the item page's picker: the units the cart button adds.
 */
import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHydrated } from '../lib/useHydrated';
import { addToCart, addToWishlist } from '../lib/cartActions';
import { useWishlistIds } from '../lib/shopperState';
import { useSignInFirst } from '../lib/signInFirst';
import { useOptionalSession } from '../session/session';

export function ShopButtons({
  itemId,
  packageId,
  available = true,
  cartOnly = false,
  itemName,
  quantity,
}: {
  itemId?: string;
  /** Units the cart button adds (the item page's picker); 1 when absent. */
  quantity?: number;
  /** The item's or package's name, for the buttons' accessible names (and short visible labels). */
  itemName?: string;
  packageId?: string;
  available?: boolean;
  /** Only the cart button (the wishlist's own cards). */
  cartOnly?: boolean;
}) {
  const profile = useOptionalSession('customer')?.profile;
  const signInFirst = useSignInFirst();
  const navigate = useNavigate();
  const saved = useWishlistIds().has(itemId ?? '');
  const { t } = useTranslation('shop');
  const [busy, setBusy] = useState<'cart' | 'wish' | null>(null);
  const live = useHydrated();
  const run = async (which: 'cart' | 'wish', action: () => Promise<void>) => {
    setBusy(which);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" grow>
      {itemId && !cartOnly && saved && (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconHeartFilled size={14} aria-hidden />}
          disabled={!live}
          onClick={() => navigate('/Customer/Mywishlist')}
          // A name that holds the words shown (axe: label-content-name-mismatch); on the item page they say it all.
          aria-label={itemName ? t('savedName', { name: itemName }) : undefined}
          data-in-wishlist="true"
        >
          {itemName ? t('saved') : t('inWishlist')}
        </Button>
      )}
      {itemId && !cartOnly && !saved && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconHeart size={14} />}
          loading={busy === 'wish'}
          disabled={!live}
          onClick={() => (profile ? void run('wish', () => addToWishlist(profile._id, itemId)) : signInFirst({ kind: 'wishlist', itemId }))}
          aria-label={itemName ? t('addNameToWishlist', { name: itemName }) : undefined}
        >
          {itemName ? t('wishlist') : t('addToWishlist')}
        </Button>
      )}
      <Button
        size="xs"
        leftSection={<IconShoppingCartPlus size={14} />}
        disabled={!available || !live}
        loading={busy === 'cart'}
        onClick={() =>
          profile
            ? void run('cart', () => addToCart(profile._id, itemId ? { itemId } : { packageId }, quantity))
            : signInFirst({ kind: 'cart', ...(itemId ? { itemId } : { packageId }), ...(quantity && quantity > 1 ? { quantity } : {}) })
        }
        aria-label={itemName ? t('addNameToCart', { name: itemName }) : undefined}
      >
        {itemName ? t('cart') : t('addToCart')}
      </Button>
    </Group>
  );
}
