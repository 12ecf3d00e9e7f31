/** Footer of every page: social links and the copyright line (spec 000 section 2, "Layout"). */
import { Anchor, Divider, Group, Text } from '@mantine/core';

export function Footer() {
  return (
    <footer>
      <Divider my="lg" />
      <Group justify="space-between" pb="md" gap="xs">
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} Lanka Electronics Marketplace. All rights reserved.
        </Text>
        <Group gap="md" component="nav" aria-label="Social links">
          <Anchor size="sm" href="https://www.facebook.com/" target="_blank" rel="noreferrer">
            Facebook
          </Anchor>
          <Anchor size="sm" href="https://www.instagram.com/" target="_blank" rel="noreferrer">
            Instagram
          </Anchor>
          <Anchor size="sm" href="https://x.com/" target="_blank" rel="noreferrer">
            X
          </Anchor>
          <Anchor size="sm" href="https://www.youtube.com/" target="_blank" rel="noreferrer">
            YouTube
          </Anchor>
        </Group>
      </Group>
    </footer>
  );
}
