/**
 * The pieces every view of a return (RMA, issue 31 items 3 and 4) draws: its state as a badge, its
 * photos (thumbnails that open large), what was asked (quantity, reason, description), the note
 * of its current state (instructions, rejection, escalation, decision), the refund, and its
 * timeline (who moved it and when, in Sri Lanka time, with every note given). Words for states and reasons come
 * from the contracts (`RETURN_STATE_LABELS`, `RETURN_REASON_LABELS`); money is rupees on the wire,
 * shown as `Rs. 12,345.00`.
 */
import { Alert, Badge, Group, Image, Modal, Stack, Text, Timeline, UnstyledButton } from '@mantine/core';
import { colomboDate, colomboDateTime, RETURN_REASON_LABELS, RETURN_STATE_LABELS, type ReturnState } from '@market/contracts';
import { useState, type ReactNode } from 'react';
import type { ReturnAnswer } from '../../api/returns';
import { imageUrl, thumbnailUrl } from '../../lib/images';
import { formatRupees } from '../../lib/money';

/** Who looks at a return: its customer, its seller, or an admin. */
export type ReturnViewer = 'customer' | 'seller' | 'admin';

const COLOURS: Record<ReturnState, string> = {
  Requested: 'orange',
  Approved: 'blue',
  Rejected: 'red',
  Escalated: 'grape',
  Received: 'violet',
  RefundDue: 'orange',
  Refunded: 'green',
  Closed: 'gray',
  Withdrawn: 'gray',
};

/** A return's state as a badge ("Return: Refund due"). */
export function ReturnStatusBadge({ status, prefix = true }: { status: ReturnState; prefix?: boolean }) {
  return (
    <Badge color={COLOURS[status]} variant="light" style={{ textTransform: 'none' }} data-testid="return-status">
      {prefix ? `Return: ${RETURN_STATE_LABELS[status]}` : RETURN_STATE_LABELS[status]}
    </Badge>
  );
}

/** The return's photos as 72 px thumbnails; each opens large in a dialog (Escape or the close button closes it). */
export function ReturnPhotos({ names }: { names: string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (names.length === 0) return null;
  return (
    <>
      <Group gap="xs" data-testid="return-photos">
        {names.map((name, n) => (
          <UnstyledButton key={name} onClick={() => setOpen(n)} aria-label={`Open photo ${n + 1} large`}>
            <Image src={thumbnailUrl(name)} alt={`Photo ${n + 1}`} w={72} h={72} fit="cover" radius="sm" />
          </UnstyledButton>
        ))}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={`Photo ${(open ?? 0) + 1} of ${names.length}`} size="xl" centered>
        {open !== null && <Image src={imageUrl(names[open])} alt={`Photo ${open + 1}, large`} fit="contain" mah="75vh" />}
      </Modal>
    </>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/**
 * The note that says what happens now, as each side reads it: how to send the goods back while
 * Approved, why it was rejected, why it was escalated, the marketplace's final word. Earlier notes
 * stay on the timeline.
 */
function currentNote(ret: ReturnAnswer, viewer: ReturnViewer): { label: string; text: string } | undefined {
  switch (ret.status) {
    case 'Approved':
      return ret.instructions
        ? { label: viewer === 'customer' ? 'How to send it back' : 'Return instructions', text: ret.instructions }
        : undefined;
    case 'Rejected':
      return ret.rejection
        ? { label: viewer === 'seller' ? 'Your reason for rejecting' : "The seller's reason for rejecting", text: ret.rejection }
        : undefined;
    case 'Escalated':
      return ret.escalation
        ? { label: viewer === 'customer' ? 'Why you asked the marketplace' : "The customer's reason for escalating", text: ret.escalation }
        : undefined;
    case 'Closed':
      return ret.decision ? { label: "The marketplace's decision", text: ret.decision } : undefined;
    default:
      return undefined;
  }
}

/**
 * The refund as each state has it: what it will be until the goods are received, being paid back
 * (Received), due by bank transfer (RefundDue, cash on delivery), refunded (with the day).
 */
export function refundText(
  r: Pick<ReturnAnswer, 'status' | 'refund' | 'refundedAt' | 'PaymentType' | 'bankReference'>,
  viewer: ReturnViewer,
): string {
  const amount = formatRupees(r.refund);
  switch (r.status) {
    case 'Refunded':
      return `Refunded ${amount}${r.refundedAt ? ` on ${colomboDate(new Date(r.refundedAt))}` : ''}${r.bankReference ? ` (bank transfer ${r.bankReference})` : ''}`;
    case 'RefundDue':
      return viewer === 'customer'
        ? `Refund of ${amount} on its way by bank transfer`
        : `Refund of ${amount} due by bank transfer (cash on delivery)`;
    case 'Received':
      return `Refund of ${amount} being paid back`;
    case 'Closed':
    case 'Withdrawn':
      return 'No refund';
    default:
      return `Refund once the goods are back: ${amount}`;
  }
}

/** What was asked (quantity, reason, description, photos), the note that says what happens now, and the refund. */
export function ReturnFacts({ ret, viewer }: { ret: ReturnAnswer; viewer: ReturnViewer }) {
  const note = currentNote(ret, viewer);
  return (
    <Stack gap={4}>
      <Line label="Quantity">{ret.quantity}</Line>
      <Line label="Reason">{RETURN_REASON_LABELS[ret.reason]}</Line>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {ret.description}
      </Text>
      <ReturnPhotos names={ret.photos} />
      {note && (
        <Alert variant="light" color={ret.status === 'Approved' ? 'blue' : 'gray'} p="xs" title={note.label} data-testid="return-note">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.text}
          </Text>
        </Alert>
      )}
      {ret.resellable !== undefined && <Line label="Back in stock">{ret.resellable ? 'Yes' : 'No, not resellable'}</Line>}
      <Text
        size="sm"
        fw={ret.status === 'Refunded' ? 600 : undefined}
        c={ret.status === 'Refunded' ? 'green.8' : undefined}
        data-testid="return-refund"
      >
        {refundText(ret, viewer)}
      </Text>
    </Stack>
  );
}

const BY_WORDS: Record<ReturnAnswer['timeline'][number]['by'], (viewer: ReturnViewer) => string> = {
  customer: (v) => (v === 'customer' ? 'by you' : 'by the customer'),
  seller: (v) => (v === 'seller' ? 'by you' : 'by the seller'),
  admin: (v) => (v === 'admin' ? 'by an admin' : 'by the marketplace'),
  marketplace: () => 'by the marketplace',
};

/** The return's steps, oldest first: the state reached, when (Sri Lanka time), by whom, the note. */
export function ReturnTimeline({ ret, viewer }: { ret: ReturnAnswer; viewer: ReturnViewer }) {
  return (
    <Timeline active={ret.timeline.length - 1} bulletSize={12} lineWidth={2} data-testid="return-timeline">
      {ret.timeline.map((step, n) => (
        <Timeline.Item key={`${step.status}-${n}`} title={RETURN_STATE_LABELS[step.status]}>
          <Text size="xs" c="dimmed">
            {colomboDateTime(step.at)} · {BY_WORDS[step.by](viewer)}
          </Text>
          {step.note && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {step.note}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
