/**
 * An item on a listing (spec 000 section 2 "Item listing cards"): name, rating or 'No Ratings
 * yet!', price, availability (read-only for customers) and Show more.
 */
import { AspectRatio, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Item } from '../api/catalogue';
import { thumbnailUrl } from '../lib/images';
import { Price } from './Price';
import { ItemRating } from './Rating';

export function ItemCard({ item, to, actions }: { item: Item; to: string; actions?: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" h="100%" data-testid="item-card">
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <Image src={thumbnailUrl(item.Images[0])} alt={item.Item_name} fit="contain" bg="gray.0" fallbackSrc="/favicon.svg" />
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
            {item.ItemAvailabilityStatus ? 'Available' : 'Out of stock'}
          </Badge>
          <Button component={Link} to={to} size="xs" variant="light">
            Show more
          </Button>
        </Group>
        {actions}
      </Stack>
    </Card>
  );
}
