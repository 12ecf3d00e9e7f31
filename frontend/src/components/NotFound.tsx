/** The answer for a path the app does not have, inside or outside an area. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function NotFound({ home = '/' }: { home?: string }) {
  return (
    <Center py={80}>
      <Stack align="center" gap="sm">
        <Title order={1} c="dimmed">
          404
        </Title>
        <Text size="lg">We could not find that page.</Text>
        <Button component={Link} to={home}>
          Go to the home page
        </Button>
      </Stack>
    </Center>
  );
}
