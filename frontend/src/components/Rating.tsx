/**
 * An item's whole-number rating as stars, or 'No Ratings yet!' in red (spec 000 sections 4 and 8).
 *
 * Drawn with two icons rather than Mantine's `Rating`: that is an input (hover, keyboard, fractions)
 * whose 2.5 KiB gzip went to the listing's first script only to show stars (issue 15's budget,
 * bench/results/2026-11-25-web-native-filters.md). The stars are one image named by its value.
 */
import { useTranslation } from 'react-i18next';
import { Group, Text } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';

/** Stars on the 1-5 scale (spec 000: reviews give 1 to 5 stars). */
const SCALE = 5;

export function ItemRating({ rating, count }: { rating: number | null; count?: number }) {
  const { t } = useTranslation('shop');
  if (rating === null)
    return (
      <Text size="sm" c="red">
        {t('noRatings')}
      </Text>
    );
  const filled = Math.max(0, Math.min(SCALE, Math.round(rating)));
  return (
    <Group gap={6}>
      <Group gap={2} role="img" aria-label={t('stars', { rating })} wrap="nowrap">
        {Array.from({ length: SCALE }, (_, n) =>
          n < filled ? (
            <IconStarFilled key={n} size={16} color="var(--mantine-color-yellow-filled)" aria-hidden />
          ) : (
            <IconStar key={n} size={16} color="var(--mantine-color-gray-4)" aria-hidden />
          ),
        )}
      </Group>
      {count !== undefined && (
        <Text size="xs" c="dimmed">
          ({count})
        </Text>
      )}
    </Group>
  );
}
