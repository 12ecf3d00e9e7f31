/**
 * An account's standing on the admin's customer and seller pages (issue 30 item 10): "Active" or
 * "Suspended" with the reason and since when (Sri Lanka time, contracts' colomboDateTime), and the
 * admin's Suspend… or Reinstate… action. The action opens a dialog (keyboard: focus moves into it,
 * Escape closes it) that asks for the reason (required to suspend: it is e-mailed to the account
 * and kept in the audit log) and says what happens before the confirming button. The write names
 * the account version shown; when someone changed the account meanwhile the server answers 409,
 * the dialog says so and the page reloads the account. For an admin account (the Admins page) the
 * same dialog disables or enables it (`compact`: only the button, for a table row).
 */
import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ApiError } from '../api/client';
import { colomboDateTime } from '@market/contracts';
import { useState } from 'react';
import { identityApi } from '../api/identity';
import { notifySuccess } from '../lib/notify';

/** What the component needs of a customer or seller answer. */
export interface StandingAccount {
  _id: string;
  version?: number;
  suspended?: { reason: string; at: string };
}

/** The "Suspended" badge of a list row (nothing for an account in good standing). */
export function SuspendedBadge({ account }: { account: StandingAccount }) {
  return account.suspended ? (
    // On a line of its own under the name, so a narrow row (390 px) neither squeezes nor overlaps it.
    <Badge color="red" variant="light" title={account.suspended.reason} display="block" w="fit-content" mt={2}>
      Suspended
    </Badge>
  ) : null;
}

export function AccountStanding({
  kind,
  account,
  name,
  onChanged,
  compact = false,
}: {
  kind: 'customer' | 'seller' | 'admin';
  /** Only the action button (a table row), no standing block. */
  compact?: boolean;
  account: StandingAccount;
  /** How the dialog names the account, e.g. the company or the customer's full name. */
  name: string;
  /** Reload the account (after a decision, or after a 409). */
  onChanged: () => void;
}) {
  const suspended = !!account.suspended;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const close = () => (setOpen(false), setReason(''), setError(undefined));
  const submit = async () => {
    if (!suspended && reason.trim().length < 3) return setError('Please give a reason');
    setBusy(true);
    try {
      await identityApi.setSuspended(kind, account._id, !suspended, account.version ?? 1, reason.trim());
      notifySuccess(words.done, `${name} has been ${words.done.toLowerCase()}${kind === 'admin' ? '' : ' and e-mailed'}.`);
      close();
      onChanged();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setError(`${err.message}. The page now shows the account as it is.`);
        onChanged();
      } else setError(err instanceof ApiError ? (err.fields.reason ?? err.message) : 'Please try again!');
    } finally {
      setBusy(false);
    }
  };

  const words =
    kind === 'admin'
      ? suspended
        ? { act: 'Enable', done: 'Enabled' }
        : { act: 'Disable', done: 'Disabled' }
      : suspended
        ? { act: 'Reinstate', done: 'Reinstated' }
        : { act: 'Suspend', done: 'Suspended' };
  const effect =
    kind === 'admin'
      ? suspended
        ? `${name} can sign in again.`
        : `${name} is signed out everywhere at once and cannot sign in until enabled again. The reason is kept in the audit log.`
      : suspended
        ? `${name} can sign in again${kind === 'seller' ? ', and their items and packages are listed and sold again' : ''}. They are e-mailed that the account is active.`
        : `${name} is signed out everywhere at once and cannot sign in${kind === 'seller' ? '; their items and packages are hidden from customers and cannot be bought' : ''} until reinstated. The reason is e-mailed to them and kept in the audit log.`;

  const button = (
    <Button size="xs" variant={suspended ? 'default' : 'light'} color={suspended ? undefined : 'red'} onClick={() => setOpen(true)}>
      {words.act}…
    </Button>
  );
  return (
    <>
      {compact ? (
        button
      ) : suspended ? (
        <Alert color="red" title="Suspended" mt="md" maw={760}>
          <Stack gap={4}>
            <Text size="sm">Reason: {account.suspended!.reason}</Text>
            <Text size="sm" c="dimmed">
              Since {colomboDateTime(account.suspended!.at)} (Sri Lanka time)
            </Text>
            <Group mt="xs">{button}</Group>
          </Stack>
        </Alert>
      ) : (
        <Group mt="md" gap="sm">
          <Badge color="teal" variant="light">
            Active
          </Badge>
          {button}
        </Group>
      )}
      <Modal opened={open} onClose={close} title={`${words.act} ${name}?`} centered>
        <form onSubmit={(e) => (e.preventDefault(), void submit())}>
          <Stack gap="sm">
            <Text size="sm">{effect}</Text>
            <Textarea
              label={suspended ? 'Note (optional)' : 'Reason'}
              withAsterisk={!suspended}
              autosize
              minRows={2}
              maxLength={500}
              data-autofocus
              value={reason}
              error={error}
              onChange={(e) => (setReason(e.currentTarget.value), setError(undefined))}
            />
            <Group gap="xs" justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color={suspended ? 'teal' : 'red'} loading={busy}>
                {words.act}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
