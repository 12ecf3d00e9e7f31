/**
 * Conversations (issue 30 item 6), shared by the customer's, the seller's and the admin's pages:
 * the list of the signed-in person's threads ({@link ThreadList}: latest activity first, unread
 * ones marked, "Unread only") and one thread ({@link ThreadView}: every message as text, the reply
 * box, "Ask the marketplace team for help", "Delete" from one's own list after a confirmation). Opening
 * a thread with unread messages marks it read.
 * A write based on an older version (409) reloads the thread and keeps the draft. Times are
 * Colombo's.
 */
import { Alert, Badge, Button, Card, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { colomboDateTime, THREAD_ARCHIVED, type ThreadParty } from '@market/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { isConflict, threadsApi, type ThreadAnswer, type ThreadSummary } from '../api/threads';
import { modals } from '@mantine/modals';
import { withModals } from '../lib/modalsHost';
import { notifyError, notifySuccess } from '../lib/notify';
import { useAsync } from '../lib/useAsync';
import { Pager } from './ListControls';
import { ListState } from './ListState';
import { LoadError, Loading } from './Loading';
import { PageHeader } from './PageHeader';

const LIMIT = 10;
const MAX_REPLY = 2000;

/** What a thread is about, in words. */
export function aboutText(t: Pick<ThreadSummary, 'about' | 'kind'>): string {
  if (t.about.kind !== 'none' && t.about.title) return t.about.title;
  return t.kind === 'admin' ? 'Message to the marketplace team' : 'General question';
}

/** Who the other side of a thread is, seen by `you`. */
function counterpart(t: ThreadSummary, you: ThreadParty): string {
  if (you === 'customer') return t.kind === 'admin' ? 'Marketplace team' : t.sellerName || 'Seller';
  if (you === 'seller') return t.customerName;
  return t.kind === 'admin' ? t.customerName : `${t.customerName} and ${t.sellerName || 'the seller'}`;
}

const WHO: Record<ThreadParty, string> = { customer: 'Customer', seller: 'Seller', admin: 'Marketplace team' };

/** The signed-in person's threads; each row links to `${basePath}/${id}`. */
export function ThreadList({ title, you, basePath, intro }: { title: string; you: ThreadParty; basePath: string; intro?: string }) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const list = useAsync(['messages', 'threads', filter, page, LIMIT], () => threadsApi.list(page, LIMIT, filter === 'unread'));
  return (
    <>
      <PageHeader title={title}>
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(v) => {
            setFilter(v as 'all' | 'unread');
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: 'Unread only' },
          ]}
        />
      </PageHeader>
      {intro && (
        <Text c="dimmed" mb="md">
          {intro}
        </Text>
      )}
      <ListState list={list} empty={filter === 'unread' ? 'No unread conversations.' : 'No conversations yet.'}>
        {(rows) => (
          <Stack gap="sm">
            {rows.items.map((t) => {
              const unread = t.unread[you];
              return (
                <Card
                  key={t._id}
                  component={Link}
                  to={`${basePath}/${t._id}`}
                  withBorder
                  radius="md"
                  padding="md"
                  data-testid="thread-row"
                  aria-label={`${aboutText(t)}, with ${counterpart(t, you)}${unread ? `, ${unread} unread` : ''}`}
                  style={{ borderLeft: unread ? '4px solid var(--mantine-color-blue-6)' : undefined }}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                      <Text fw={unread ? 700 : 600} truncate>
                        {aboutText(t)}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        With {counterpart(t, you)}
                      </Text>
                      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                        {t.last.from === you ? 'You: ' : `${WHO[t.last.from]}: `}
                        {t.last.snippet}
                      </Text>
                    </Stack>
                    <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                      <Text size="xs" c="dimmed">
                        {colomboDateTime(t.last.at)}
                      </Text>
                      {unread > 0 && (
                        <Badge color="blue" size="sm">
                          {unread} new
                        </Badge>
                      )}
                      {t.help && (
                        <Badge color="orange" variant="light" size="sm">
                          Help asked
                        </Badge>
                      )}
                    </Stack>
                  </Group>
                </Card>
              );
            })}
            <Pager page={page} total={rows.total} limit={LIMIT} onChange={setPage} />
          </Stack>
        )}
      </ListState>
    </>
  );
}

/** One message as a bubble: the reader's own on the right. */
function Bubble({ m, mine }: { m: ThreadAnswer['messages'][number]; mine: boolean }) {
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} wrap="nowrap" data-testid="thread-message">
      <Paper
        withBorder
        radius="md"
        p="sm"
        maw="min(85%, 640px)"
        bg={mine ? 'var(--mantine-color-blue-0)' : m.from === 'admin' ? 'var(--mantine-color-orange-0)' : undefined}
      >
        <Group gap={6} justify="space-between" wrap="wrap">
          <Text size="sm" fw={600}>
            {mine ? 'You' : m.authorName}
          </Text>
          <Text size="xs" c="dimmed">
            {colomboDateTime(m.at)}
          </Text>
        </Group>
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.text}
        </Text>
      </Paper>
    </Group>
  );
}

/**
 * One thread with its reply box.
 * @param backPath - the list this thread belongs to
 * @param itemPath - where the item a thread is about opens, if anywhere for this reader
 */
export function ThreadView({ id, backPath, itemPath }: { id: string; backPath: string; itemPath?: (itemId: string) => string }) {
  const thread = useAsync(['messages', 'thread', id], () => threadsApi.get(id));
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const marked = useRef<number | null>(null);
  const navigate = useNavigate();
  const t = thread.data;

  // Opening a thread with unread messages marks it read (once per version seen).
  useEffect(() => {
    if (!t || t.unread[t.you] === 0 || marked.current === t.version) return;
    marked.current = t.version;
    threadsApi.markRead(t._id, t.version).catch((err: unknown) => {
      if (isConflict(err)) void thread.reload();
    });
  }, [t, thread]);

  if (thread.error !== undefined)
    return (
      <>
        <PageHeader title="Conversation" />
        <LoadError error={thread.error}>
          <Text mt="xs">
            <Link to={backPath}>Back to the conversations</Link>
          </Text>
        </LoadError>
      </>
    );
  if (!t) return <Loading />;

  const send = async () => {
    const text = draft.trim();
    if (!text) {
      setFailure('Please write your reply');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await threadsApi.reply(t._id, text, t.version);
      setDraft('');
      notifySuccess('Reply sent');
      await thread.reload();
    } catch (err) {
      if (isConflict(err) && err instanceof ApiError && /changed meanwhile/.test(err.message)) {
        setFailure('New messages arrived while you wrote: read them, then send your reply again.');
        await thread.reload();
      } else if (err instanceof ApiError) setFailure(err.fields.text ?? err.message);
      else notifyError('Oops...', err);
    } finally {
      setBusy(false);
    }
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    }
  };
  const askHelp = () =>
    withModals(() =>
      modals.openConfirmModal({
        title: 'Ask the marketplace team for help?',
        children: <Text size="sm">The team will be able to read this whole conversation and answer in it.</Text>,
        labels: { confirm: 'Ask for help', cancel: 'Cancel' },
        onConfirm: () =>
          void (async () => {
            try {
              await threadsApi.askHelp(t._id, t.version);
              notifySuccess('The marketplace team was asked to help', 'They can now read this conversation and answer in it.');
            } catch (err) {
              notifyError('Oops...', err);
            } finally {
              await thread.reload();
            }
          })(),
      }),
    );
  const canAskHelp = t.kind === 'seller' && !t.help && t.you !== 'admin';
  // Deleting takes the thread off the caller's own list only (contracts threads.ts).
  const deleteFromList = () =>
    withModals(() =>
      modals.openConfirmModal({
        title: 'Delete this conversation?',
        children: (
          <Text size="sm">
            It leaves your list of conversations. {counterpart(t, t.you)} keeps it, and it comes back if someone writes in it again.
          </Text>
        ),
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          void (async () => {
            try {
              await threadsApi.archive(t._id, t.version);
              notifySuccess(THREAD_ARCHIVED);
              void navigate(backPath);
            } catch (err) {
              if (isConflict(err)) {
                setFailure('New messages arrived: read them before you delete the conversation.');
                await thread.reload();
              } else notifyError('Oops...', err);
            }
          })(),
      }),
    );

  return (
    <>
      <PageHeader title="Conversation">
        <Group gap="xs">
          <Button component={Link} to={backPath} variant="default">
            All conversations
          </Button>
          <Button variant="light" color="red" onClick={deleteFromList} disabled={busy}>
            Delete
          </Button>
        </Group>
      </PageHeader>
      <Card withBorder radius="md" mb="md">
        <Stack gap={4}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {t.about.kind === 'item' && itemPath ? <Link to={itemPath(t.about.id)}>{aboutText(t)}</Link> : aboutText(t)}
          </Title>
          <Text size="sm" c="dimmed">
            With {counterpart(t, t.you)} · started {colomboDateTime(t.createdAt)}
          </Text>
          {t.help && (
            <Group gap="xs">
              <Badge color="orange" variant="light">
                Help asked
              </Badge>
              <Text size="sm" c="dimmed">
                {t.help.by === t.you ? 'You' : `The ${t.help.by}`} asked the marketplace team to help on {colomboDateTime(t.help.at)}.
              </Text>
            </Group>
          )}
        </Stack>
      </Card>
      <Stack gap="sm" mb="md" aria-label="Messages" role="log">
        {t.messages.map((m) => (
          <Bubble key={m.n} m={m} mine={m.from === t.you} />
        ))}
      </Stack>
      <Card withBorder radius="md">
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Textarea
            label="Your reply"
            description="Plain text. Ctrl+Enter sends."
            minRows={3}
            autosize
            maxLength={MAX_REPLY}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={onKey}
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="xs" c="dimmed">
              {draft.length}/{MAX_REPLY}
            </Text>
            <Group gap="xs" wrap="wrap">
              {canAskHelp && (
                <Button variant="light" color="orange" onClick={askHelp} disabled={busy}>
                  Ask the marketplace team for help
                </Button>
              )}
              <Button loading={busy} onClick={() => void send()}>
                Send reply
              </Button>
            </Group>
          </Group>
        </Stack>
      </Card>
    </>
  );
}
