/** Loading and error states of a page's data. */
import { useServerMessage } from '../i18n/serverMessage';
import { useTranslation } from 'react-i18next';
import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center py="xl" aria-busy="true">
      <Loader aria-label={label ?? t('loading')} />
    </Center>
  );
}

export function LoadError({ error, children }: { error: unknown; children?: ReactNode }) {
  const { t } = useTranslation('shop');
  const serverText = useServerMessage();
  const message = error instanceof ApiError ? serverText(error) : t('errorOccured');
  return (
    <Alert color="red" title={t('oops')} role="alert">
      {message}
      {children}
    </Alert>
  );
}
