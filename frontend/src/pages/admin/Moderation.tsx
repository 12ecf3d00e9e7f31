/**
 * The admin's moderation screens (spec 001 sections 2, 4, 6): /Admin/ReportedReviews
 * (reviews sellers reported, with the reason and Delete) and /Admin/Messages (customers' contact
 * messages, shown as text, with Delete).
 */
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { reviewsApi } from '../../api/reviews';
import { Pager } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { MessageCard } from '../../components/MessageCard';
import { PageHeader } from '../../components/PageHeader';
import { ReviewCard } from '../../components/ReviewCard';
import { confirmThen } from '../../lib/confirm';
import { useAsync } from '../../lib/useAsync';

function deleting(action: () => Promise<unknown>, reload: () => Promise<void>) {
  confirmThen({ action, done: ['Successfully Deleted'], after: reload });
}

export function AdminReportedReviews() {
  const [page, setPage] = useState(1);
  const list = useAsync(['reviews', 'list', { reviewstatus: true }, page, 10], () => reviewsApi.list({ reviewstatus: true }, page, 10));
  return (
    <>
      <PageHeader title="Reported Reviews" />
      <ListState list={list} empty="No reported reviews.">
        {(rows) => (
          <Stack>
            {rows.items.map((r) => (
              <ReviewCard
                key={r._id}
                review={r}
                showItem
                actions={
                  <Button size="xs" color="red" onClick={() => deleting(() => reviewsApi.remove(r._id), list.reload)}>
                    Delete review
                  </Button>
                }
              />
            ))}
            <Pager page={page} total={rows.total} limit={10} onChange={setPage} />
          </Stack>
        )}
      </ListState>
    </>
  );
}

export function AdminMessages() {
  const [page, setPage] = useState(1);
  const list = useAsync(['messages', 'adminMessages', page, 10], () => reviewsApi.adminMessages(page, 10));
  return (
    <>
      <PageHeader title="Contact Messages" />
      <ListState list={list} empty="No messages.">
        {(rows) => (
          <Stack>
            {rows.items.map((m) => (
              <MessageCard key={m._id} message={m} onDelete={() => deleting(() => reviewsApi.deleteAdminMessage(m._id), list.reload)} />
            ))}
            <Pager page={page} total={rows.total} limit={10} onChange={setPage} />
          </Stack>
        )}
      </ListState>
    </>
  );
}
