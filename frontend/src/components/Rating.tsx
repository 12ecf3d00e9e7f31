/** An item's whole-number rating as stars, or 'No Ratings yet!' in red (spec 000 sections 4 and 8). */
import { Group, Rating as MantineRating, Text } from '@mantine/core';

export function ItemRating({ rating, count }: { rating: number | null; count?: number }) {
  if (rating === null)
    return (
      <Text size="sm" c="red">
        No Ratings yet!
      </Text>
    );
  return (
    <Group gap={6}>
      <MantineRating value={rating} readOnly size="sm" aria-label={`${rating} out of 5 stars`} />
      {count !== undefined && (
        <Text size="xs" c="dimmed">
          ({count})
        </Text>
      )}
    </Group>
  );
}
