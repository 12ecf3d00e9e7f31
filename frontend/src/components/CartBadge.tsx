/**
 * The cart button in the customer's header with the number of units in the cart (issue 32 item 3),
 * kept up to date by the query cache after every add, change and removal (lib/shopperState.ts).
 * Rendered for a signed-in customer only: a guest has no cart.
 */
import { useTranslation } from 'react-i18next';
import { ActionIcon, Badge, Box } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCartCount } from '../lib/shopperState';

export function CartBadge({ to = '/Customer/MyShoppingCart' }: { to?: string }) {
  const { t } = useTranslation('shop');
  const count = useCartCount() ?? 0;
  const label = count === 0 ? t('cartEmpty') : t('cartUnits', { count });
  return (
    <Box pos="relative" style={{ flexShrink: 0 }}>
      <ActionIcon component={Link} to={to} variant="subtle" size="lg" aria-label={label}>
        <IconShoppingCart size={22} />
      </ActionIcon>
      {count > 0 && (
        <Badge
          size="sm"
          circle={count < 10}
          color="red"
          variant="filled"
          data-testid="cart-count"
          aria-hidden
          pos="absolute"
          top={-6}
          right={-8}
          style={{ pointerEvents: 'none' }}
        >
          {count > 99 ? '99+' : count}
        </Badge>
      )}
    </Box>
  );
}
