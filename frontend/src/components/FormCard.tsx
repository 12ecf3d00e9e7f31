/** A form in a card, with the failure of its last submit shown above the fields. */
import { Alert, Card, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

export function FormCard({
  onSubmit,
  failure,
  maw = 760,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | null;
  maw?: number;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="xl" maw={maw}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {children}
        </Stack>
      </form>
    </Card>
  );
}
