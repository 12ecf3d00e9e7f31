/** A review card (spec 000 section 2): the customer's name and photo, stars, text and date. */
import { Avatar, Badge, Card, Group, Rating, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReviewView } from '../api/reviews';
import { imageUrl } from '../lib/images';

export function ReviewCard({ review, actions, showItem = false }: { review: ReviewView; actions?: ReactNode; showItem?: boolean }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="review-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={imageUrl(review.customerImage) ?? null} alt="" radius="xl">
            {review.customerName.charAt(0)}
          </Avatar>
          <Stack gap={0}>
            <Text fw={600}>{review.customerName}</Text>
            <Text size="xs" c="dimmed">
              {review.date.slice(0, 10)}
              {showItem && ` · ${review.item.Item_name} (${review.item.Brand})`}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          {review.verifiedPurchase && (
            <Badge color="green" variant="light">
              Verified purchase
            </Badge>
          )}
          {review.reviewstatus && (
            <Badge color="red" variant="light">
              Reported
            </Badge>
          )}
        </Group>
      </Group>
      <Rating value={review.noofstars} readOnly mt="sm" aria-label={`${review.noofstars} out of 5 stars`} />
      <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
        {review.description}
      </Text>
      {review.reviewstatus && review.reportreason && (
        <Text size="sm" c="red" mt="xs">
          Reported by the seller: {review.reportreason}
        </Text>
      )}
      {actions && (
        <Group mt="sm" gap="xs">
          {actions}
        </Group>
      )}
    </Card>
  );
}
