/**
 * A customer's contact message (spec 001 section 2 "/Seller/Contact": customer image, name,
 * message, delete). The message is rendered as text, so HTML in it is shown, never run.
 */
import { Avatar, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ContactView } from '../api/reviews';
import { imageUrl } from '../lib/images';

export function MessageCard({ message: m, onDelete }: { message: ContactView; onDelete: () => void }) {
  return (
    <Card withBorder radius="md" data-testid="message-card">
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={imageUrl(m.customerImage) ?? null} alt="" radius="xl">
          {m.name.charAt(0)}
        </Avatar>
        <Stack gap={2} style={{ flex: 1 }}>
          <Text fw={600}>{m.name}</Text>
          <Text size="xs" c="dimmed">
            {m.email} · {m.createdAt.slice(0, 10)}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{m.message}</Text>
        </Stack>
        <Button size="xs" color="red" variant="light" onClick={onDelete}>
          Delete
        </Button>
      </Group>
    </Card>
  );
}
