/** A price in rupees: the final price, with the original struck through when discounted. */
import { Badge, Group, Text } from '@mantine/core';
import { formatRupees } from '../lib/money';

export function Price({ price, finalPrice, discount }: { price: number; finalPrice: number; discount?: number }) {
  const discounted = finalPrice < price;
  return (
    <Group gap={8} align="baseline">
      <Text fw={700} size="lg">
        {formatRupees(finalPrice)}
      </Text>
      {discounted && (
        <>
          <Text size="sm" c="dimmed" td="line-through">
            {formatRupees(price)}
          </Text>
          {discount ? <Badge color="red">-{discount}%</Badge> : null}
        </>
      )}
    </Group>
  );
}
