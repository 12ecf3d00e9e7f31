/**
 * What each side may do with a return in its current state (issue 31 item 3), as buttons that each
 * open a confirming dialog:
 * - customer: Withdraw (Requested, Rejected), Escalate to the marketplace (Rejected, with a reason);
 * - seller: Approve (with return instructions) or Reject (with a reason) while Requested, Mark
 *   received while Approved (asking "Can it be sold again?" → `resellable`);
 * - admin: Approve (instructions) or Close (final refusal, with a reason) while Escalated, Record
 *   bank transfer (its reference) while RefundDue (cash on delivery).
 *
 * Each dialog checks its field with the contracts' schema of that move (same messages as the
 * server), sends the return's `version`, and on a 409 (changed meanwhile, or the state no longer
 * allows the move) shows the server's message and reloads the return (`onChanged`).
 */
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  RETURN_STATE_LABELS,
  ReturnApproveSchema,
  ReturnReasonSchema,
  ReturnRefundPaidSchema,
  ReturnReceiveSchema,
  type ReturnAction,
} from '@market/contracts';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { isReturnConflict, returnsApi, type ReturnAnswer, type ReturnMove } from '../../api/returns';
import { formatRupees } from '../../lib/money';
import { notifySuccess } from '../../lib/notify';
import type { ReturnViewer } from './ReturnParts';

/** The moves `viewer` may make on `ret` now, in the order their buttons show. */
export function actionsFor(ret: Pick<ReturnAnswer, 'status'>, viewer: ReturnViewer): ReturnAction[] {
  const s = ret.status;
  if (viewer === 'customer') return s === 'Requested' ? ['withdraw'] : s === 'Rejected' ? ['escalate', 'withdraw'] : [];
  if (viewer === 'seller') return s === 'Requested' ? ['approve', 'reject'] : s === 'Approved' ? ['receive'] : [];
  return s === 'Escalated' ? ['approve', 'close'] : s === 'RefundDue' ? ['refund-paid'] : [];
}

type Field = 'instructions' | 'reason' | 'bankReference';

interface ActionWords {
  button: string;
  title: string;
  text: (ret: ReturnAnswer) => string;
  confirm: string;
  colour?: string;
  done: string;
  /** The note the move takes, with the schema that checks it. */
  field?: { name: Field; label: string; description?: string; short?: boolean };
}

const WORDS = (viewer: ReturnViewer): Record<ReturnAction, ActionWords> => ({
  approve: {
    button: 'Approve',
    title: 'Approve this return?',
    text: () =>
      viewer === 'admin'
        ? "The customer sends the goods back to the seller as you say; once the seller has them the refund runs. The seller can't refuse it any more."
        : 'The customer sends the goods back as you say; once you mark them received the refund runs.',
    confirm: 'Approve the return',
    colour: 'green',
    done: 'Return approved',
    field: {
      name: 'instructions',
      label: 'Return instructions',
      description: 'Where and how to send the goods back; the customer is e-mailed them.',
    },
  },
  reject: {
    button: 'Reject',
    title: 'Reject this return?',
    text: () => 'The customer is told why and may ask the marketplace to decide.',
    confirm: 'Reject the return',
    colour: 'red',
    done: 'Return rejected',
    field: { name: 'reason', label: 'Why do you reject it?', description: 'The customer reads this.' },
  },
  escalate: {
    button: 'Escalate to the marketplace',
    title: 'Ask the marketplace to decide?',
    text: () => "Our team reads your request and the seller's reason, then approves the return or closes it for good.",
    confirm: 'Escalate',
    done: 'Sent to the marketplace',
    field: { name: 'reason', label: 'Why should the return be accepted?', description: 'Our team and the seller read this.' },
  },
  close: {
    button: 'Close',
    title: 'Refuse this return for good?',
    text: () => 'The return is closed: nothing is refunded and the customer cannot ask again.',
    confirm: 'Close the return',
    colour: 'red',
    done: 'Return closed',
    field: { name: 'reason', label: 'Your decision', description: 'The customer is e-mailed it.' },
  },
  withdraw: {
    button: 'Withdraw',
    title: 'Withdraw this return?',
    text: () => "You keep the goods and nothing is refunded. You can't ask to return this order again.",
    confirm: 'Withdraw the return',
    colour: 'red',
    done: 'Return withdrawn',
  },
  receive: {
    button: 'Mark received',
    title: 'Did the goods come back?',
    text: (r) => `The refund of ${formatRupees(r.refund)} runs as soon as you confirm.`,
    confirm: 'Mark received',
    colour: 'green',
    done: 'Return received; the refund is on its way',
  },
  'refund-paid': {
    button: 'Record bank transfer',
    title: 'Record the bank transfer?',
    text: (r) => `The customer paid cash on delivery; record the transfer that paid back ${formatRupees(r.refund)}.`,
    confirm: 'Record the transfer',
    colour: 'green',
    done: 'Refund recorded',
    field: { name: 'bankReference', label: "The transfer's reference", short: true },
  },
});

/** The contracts' schema of each move with a note, so the dialog says what the server would. */
const SCHEMAS = {
  approve: ReturnApproveSchema,
  reject: ReturnReasonSchema,
  escalate: ReturnReasonSchema,
  close: ReturnReasonSchema,
  'refund-paid': ReturnRefundPaidSchema,
} as const;

/** The message of the schema for `field`, or undefined when the note passes. */
function noteProblem(action: ReturnAction, field: Field, value: string, version: number): string | undefined {
  const schema = SCHEMAS[action as keyof typeof SCHEMAS];
  if (!schema) return undefined;
  const checked = schema.safeParse({ [field]: value, version });
  return checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === field)?.message;
}

/** The body a confirmed move sends (without `version`). */
function moveOf(action: ReturnAction, note: string, resellable: boolean): ReturnMove {
  switch (action) {
    case 'approve':
      return { action, instructions: note.trim() };
    case 'reject':
    case 'escalate':
    case 'close':
      return { action, reason: note.trim() };
    case 'withdraw':
      return { action };
    case 'receive':
      return { action, resellable };
    case 'refund-paid':
      return { action, bankReference: note.trim() };
  }
}

/** One move's dialog: the note or the resellable question, the server's refusal, confirm or go back. */
function ActionDialog({
  ret,
  action,
  viewer,
  onClose,
  onChanged,
}: {
  ret: ReturnAnswer;
  action: ReturnAction;
  viewer: ReturnViewer;
  onClose: () => void;
  onChanged: () => unknown;
}) {
  const words = WORDS(viewer)[action];
  const [note, setNote] = useState('');
  const [resellable, setResellable] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // After a 409 the return was reloaded: the move may no longer apply to what it is now.
  const stillPossible = actionsFor(ret, viewer).includes(action);
  const submit = async () => {
    if (words.field) {
      const problem = noteProblem(action, words.field.name, note, ret.version);
      if (problem) return setError(problem);
    }
    if (action === 'receive') {
      const checked = ReturnReceiveSchema.safeParse({
        resellable: resellable === null ? undefined : resellable === 'yes',
        version: ret.version,
      });
      if (!checked.success) return setError('Say whether it can be sold again');
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const after = await returnsApi.move(ret.ReturnID, ret.version, moveOf(action, note, resellable === 'yes'));
      notifySuccess(words.done, `${after.product.name}: ${RETURN_STATE_LABELS[after.status]}`);
      onClose();
      await onChanged();
    } catch (err) {
      if (isReturnConflict(err)) {
        setFailure(err.message);
        await onChanged();
      } else if (err instanceof ApiError) {
        const fieldMessage = words.field ? err.fields[words.field.name] : err.fields.resellable;
        if (fieldMessage) setError(fieldMessage);
        else setFailure(err.message);
      } else setFailure('Please try again!');
    } finally {
      setBusy(false);
    }
  };
  const Input = words.field?.short ? TextInput : Textarea;
  return (
    <Modal opened onClose={onClose} title={words.title} centered>
      <Stack gap="sm">
        <Text size="sm">{words.text(ret)}</Text>
        {words.field && (
          <Input
            label={words.field.label}
            description={words.field.description}
            required
            autosize={!words.field.short || undefined}
            minRows={words.field.short ? undefined : 3}
            value={note}
            error={error}
            data-autofocus
            onChange={(e) => (setNote(e.currentTarget.value), setError(undefined))}
          />
        )}
        {action === 'receive' && (
          <Radio.Group
            label="Can it be sold again?"
            description="Yes puts it back in stock."
            required
            value={resellable}
            error={error}
            onChange={(v) => (setResellable(v), setError(undefined))}
          >
            <Group mt={6}>
              <Radio value="yes" label="Yes, back in stock" />
              <Radio value="no" label="No" />
            </Group>
          </Radio.Group>
        )}
        {failure && (
          <Alert
            color="red"
            role="alert"
            title={stillPossible ? undefined : `This return is now ${RETURN_STATE_LABELS[ret.status].toLowerCase()}`}
          >
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button color={words.colour} loading={busy} disabled={!stillPossible} onClick={() => void submit()}>
            {words.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The buttons of the moves `viewer` may make now; nothing when there is none. */
export function ReturnActions({ ret, viewer, onChanged }: { ret: ReturnAnswer; viewer: ReturnViewer; onChanged: () => unknown }) {
  const [open, setOpen] = useState<ReturnAction | null>(null);
  const actions = actionsFor(ret, viewer);
  const words = WORDS(viewer);
  if (actions.length === 0 && open === null) return null;
  return (
    <>
      <Group gap="xs">
        {actions.map((a) => (
          <Button
            key={a}
            size="xs"
            variant={a === 'withdraw' || a === 'reject' || a === 'close' ? 'light' : 'filled'}
            color={words[a].colour}
            onClick={() => setOpen(a)}
          >
            {words[a].button}
          </Button>
        ))}
      </Group>
      {open && <ActionDialog ret={ret} action={open} viewer={viewer} onClose={() => setOpen(null)} onChanged={onChanged} />}
    </>
  );
}
