/**
 * "Add to cart" and "Add to Wishlist" buttons of the customer's listings (spec 000 section 2).
 * With `itemName` each button's accessible name names the item ("Add Galaxy S10 to cart"), so a
 * screen reader's list of buttons on a listing tells them apart; the visible
 * labels stay short ("Cart", "Wishlist" on listing cards; "Add to cart" elsewhere). A guest
 * (issue 32 item 1) is asked to sign in first and comes back with the line added (lib/signInFirst.ts).
 */
import { Button, Group } from '@mantine/core';
import { IconHeart, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { addToCart, addToWishlist } from '../lib/cartActions';
import { useSignInFirst } from '../lib/signInFirst';
import { useOptionalSession } from '../session/session';

export function ShopButtons({
  itemId,
  packageId,
  available = true,
  cartOnly = false,
  itemName,
}: {
  itemId?: string;
  /** The item's or package's name, for the buttons' accessible names (and short visible labels). */
  itemName?: string;
  packageId?: string;
  available?: boolean;
  /** Only the cart button (the wishlist's own cards). */
  cartOnly?: boolean;
}) {
  const profile = useOptionalSession('customer')?.profile;
  const signInFirst = useSignInFirst();
  const [busy, setBusy] = useState<'cart' | 'wish' | null>(null);
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
      {itemId && !cartOnly && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconHeart size={14} />}
          loading={busy === 'wish'}
          onClick={() => (profile ? void run('wish', () => addToWishlist(profile._id, itemId)) : signInFirst({ kind: 'wishlist', itemId }))}
          aria-label={itemName ? `Add ${itemName} to wishlist` : undefined}
        >
          {itemName ? 'Wishlist' : 'Add to Wishlist'}
        </Button>
      )}
      <Button
        size="xs"
        leftSection={<IconShoppingCartPlus size={14} />}
        disabled={!available}
        loading={busy === 'cart'}
        onClick={() =>
          profile
            ? void run('cart', () => addToCart(profile._id, itemId ? { itemId } : { packageId }))
            : signInFirst({ kind: 'cart', ...(itemId ? { itemId } : { packageId }) })
        }
        aria-label={itemName ? `Add ${itemName} to cart` : undefined}
      >
        {itemName ? 'Cart' : 'Add to cart'}
      </Button>
    </Group>
  );
}
