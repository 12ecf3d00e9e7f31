/**
 * An item on a listing (spec 000 section 2 "Item listing cards"): name, rating or 'No Ratings
 * yet!', price, availability (read-only for customers) and Show more.
 *
 * `image` says how the picture loads: a listing passes {@link cardImageLoading} by the card's
 * place, so the pictures below the first row wait until a shopper scrolls near them.
 */
import { useTranslation } from 'react-i18next';
import { AspectRatio, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Item } from '../api/catalogue';
import { thumbnailUrl } from '../lib/images';
import { Price } from './Price';
import { ItemRating } from './Rating';

/** How a card's picture loads: `loading` of its `<img>`. */
export interface CardImageLoading {
  loading: 'eager' | 'lazy';
}

/**
 * Cards whose pictures load at once: the first row of the widest grid (4 columns); on a phone
 * the first one or two are on screen. Below the fold, pictures wait until they are near.
 */
export const EAGER_CARDS = 4;

/**
 * The loading of the picture of the card at `index` (0 first) in a listing: at once for the first
 * row, lazily below it, so a phone on a slow link does not spend its bandwidth on twenty pictures
 * before the ones on screen. (Asking for the first picture with `fetchpriority="high"`, or
 * preloading it from the document, made Lighthouse's simulated LCP on /Customer/AllItmes worse,
 * 2.8 -> 3.1-3.2 s in three runs each, so neither is done.)
 */
export function cardImageLoading(index: number): CardImageLoading {
  return { loading: index < EAGER_CARDS ? 'eager' : 'lazy' };
}

export function ItemCard({
  item,
  to,
  actions,
  image,
  linkState,
}: {
  item: Item;
  to: string;
  actions?: ReactNode;
  image?: CardImageLoading;
  /** History state given to the item's page (a listing passes `{ from }`: its own address, for the way back). */
  linkState?: unknown;
}) {
  const { t } = useTranslation('shop');
  return (
    <Card withBorder padding="md" radius="md" h="100%" data-testid="item-card">
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <Image src={thumbnailUrl(item.Images[0])} alt={item.Item_name} fit="contain" bg="gray.0" fallbackSrc="/favicon.svg" {...image} />
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={600} lineClamp={2}>
          {item.Item_name}
        </Text>
        <Text size="sm" c="dimmed">
          {item.Brand} · {item.Category}
        </Text>
        <ItemRating rating={item.rating} count={item.reviewCount} />
        <Price price={item.Price} finalPrice={item.FinalPrice} discount={item.DiscountStatus ? item.DiscountPrecentage : undefined} />
        <Group justify="space-between" mt="auto">
          <Badge color={item.ItemAvailabilityStatus ? 'green' : 'red'} variant="light">
            {item.ItemAvailabilityStatus ? t('available') : t('outOfStock')}
          </Badge>
          <Button component={Link} to={to} state={linkState} size="xs" variant="light">
            {t('showMore')}
          </Button>
        </Group>
        {actions}
      </Stack>
    </Card>
  );
}
