/**
 * A review card (spec 000 section 2): the customer's name and photo, stars, text and date, and
 * under it the seller's public reply when there is one (issue 30 item 7), rendered as text.
 */
import { useFormatDay } from '../i18n/dates';
import { useTranslation } from 'react-i18next';
import { Avatar, Badge, Box, Card, Group, Rating, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReviewView } from '../api/reviews';
import { imageUrl } from '../lib/images';

export function ReviewCard({ review, actions, showItem = false }: { review: ReviewView; actions?: ReactNode; showItem?: boolean }) {
  const { t } = useTranslation('shop');
  const day = useFormatDay();
  return (
    <Card withBorder radius="md" padding="md" data-testid="review-card">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={imageUrl(review.customerImage) ?? null} alt="" radius="xl">
            {review.customerName.charAt(0)}
          </Avatar>
          <Stack gap={0}>
            <Text fw={600}>{review.customerName}</Text>
            <Text size="xs" c="dimmed">
              {day(review.date, (d) => d.toISOString().slice(0, 10))}
              {showItem && ` · ${review.item.Item_name} (${review.item.Brand})`}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          {review.verifiedPurchase && (
            <Badge color="green" variant="light">
              {t('rev.verified')}
            </Badge>
          )}
          {review.reviewstatus && (
            <Badge color="red" variant="light">
              {t('rev.reported')}
            </Badge>
          )}
        </Group>
      </Group>
      <Rating value={review.noofstars} readOnly mt="sm" aria-label={t('stars', { rating: review.noofstars })} />
      <Text mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {review.description}
      </Text>
      {review.reviewstatus && review.reportreason && (
        <Text size="sm" c="red" mt="xs">
          {t('rev.reportedBy', { reason: review.reportreason })}
        </Text>
      )}
      {review.reply && <SellerReply reply={review.reply} />}
      {actions && (
        <Group mt="sm" gap="xs">
          {actions}
        </Group>
      )}
    </Card>
  );
}

/** The seller's reply under a review: plain text (React escapes it), with the day it was written. */
function SellerReply({ reply }: { reply: NonNullable<ReviewView['reply']> }) {
  const { t } = useTranslation('shop');
  const day = useFormatDay();
  return (
    <Box
      component="section"
      aria-label={t('rev.reply')}
      mt="sm"
      ml={{ base: 'xs', sm: 'xl' }}
      pl="sm"
      py={4}
      data-testid="review-reply"
      style={{ borderLeft: '3px solid var(--mantine-color-blue-6)' }}
    >
      <Text size="sm" fw={600}>
        {t('rev.reply')}{' '}
        <Text span size="xs" c="dimmed" fw={400}>
          · {day(reply.date, (d) => d.toISOString().slice(0, 10))}
        </Text>
      </Text>
      <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {reply.text}
      </Text>
    </Box>
  );
}
