/** Loading and error states of a page's data. */
import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" aria-busy="true">
      <Loader aria-label={label} />
    </Center>
  );
}

export function LoadError({ error, children }: { error: unknown; children?: ReactNode }) {
  const message = error instanceof ApiError ? error.message : 'Error has been occured! Please try again!';
  return (
    <Alert color="red" title="Oops..." role="alert">
      {message}
      {children}
    </Alert>
  );
}
