/**
 * A form on a 12-column grid with the failure of its last submit above the fields (the server's
 * message that no field took, see `lib/forms.ts`): the registrations and the seller's item and
 * package forms. The fields are `Grid.Col`s.
 */
import { useServerMessage } from '../i18n/serverMessage';
import { Alert, Grid } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

export function GridForm({
  onSubmit,
  failure,
  failureTitle,
  failureAction,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | null;
  /** The alert's heading, e.g. 'Oops...'; none by default. */
  failureTitle?: string;
  /** Shown inside the alert under the message, e.g. a Reload button. */
  failureAction?: ReactNode;
  children: ReactNode;
}) {
  // The server's text in the page's language (issue 33 item 2).
  const message = useServerMessage();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Grid>
        {failure && (
          <Grid.Col span={12}>
            <Alert color="red" role="alert" title={failureTitle}>
              {message(failure)}
              {failureAction}
            </Alert>
          </Grid.Col>
        )}
        {children}
      </Grid>
    </form>
  );
}
