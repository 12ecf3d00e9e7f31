/**
 * An account's standing on the admin's customer and seller pages (issue 30 item 10): "Active" or
 * "Suspended" with the reason and since when (Sri Lanka time, contracts' colomboDateTime), and the
 * admin's Suspend… or Reinstate… action. The action opens a dialog (keyboard: focus moves into it,
 * Escape closes it) that asks for the reason (required to suspend: it is e-mailed to the account
 * and kept in the audit log) and says what happens before the confirming button. The write names
 * the account version shown; when someone changed the account meanwhile the server answers 409,
 * the dialog says so and the page reloads the account.
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
    <Badge color="red" variant="light" title={account.suspended.reason}>
      Suspended
    </Badge>
  ) : null;
}

export function AccountStanding({
  kind,
  account,
  name,
  onChanged,
}: {
  kind: 'customer' | 'seller';
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
      notifySuccess(suspended ? 'Reinstated' : 'Suspended', `${name} has been ${suspended ? 'reinstated' : 'suspended'} and e-mailed.`);
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

  const effect = suspended
    ? `${name} can sign in again${kind === 'seller' ? ', and their items and packages are listed and sold again' : ''}. They are e-mailed that the account is active.`
    : `${name} is signed out everywhere at once and cannot sign in${kind === 'seller' ? '; their items and packages are hidden from customers and cannot be bought' : ''} until reinstated. The reason is e-mailed to them and kept in the audit log.`;

  return (
    <>
      {suspended ? (
        <Alert color="red" title="Suspended" mt="md" maw={760}>
          <Stack gap={4}>
            <Text size="sm">Reason: {account.suspended!.reason}</Text>
            <Text size="sm" c="dimmed">
              Since {colomboDateTime(account.suspended!.at)} (Sri Lanka time)
            </Text>
            <Group mt="xs">
              <Button size="xs" variant="default" onClick={() => setOpen(true)}>
                Reinstate…
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group mt="md" gap="sm">
          <Badge color="teal" variant="light">
            Active
          </Badge>
          <Button size="xs" variant="light" color="red" onClick={() => setOpen(true)}>
            Suspend…
          </Button>
        </Group>
      )}
      <Modal opened={open} onClose={close} title={suspended ? `Reinstate ${name}?` : `Suspend ${name}?`} centered>
        <form onSubmit={(e) => (e.preventDefault(), void submit())}>
          <Stack gap="sm">
            <Text size="sm">{effect}</Text>
            <Textarea
              label={suspended ? 'Note (optional)' : 'Reason'}
              required={!suspended}
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
                {suspended ? 'Reinstate' : 'Suspend'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
