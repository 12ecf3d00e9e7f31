/**
 * The admin's moderation screens (spec 001 sections 2, 4, 6): /Admin/ReportedReviews
 * (reviews sellers reported, with the reason, Delete, and Keep review: the report is dismissed
 * and the review stays, issue 30 item 7; each decision is confirmed first and e-mailed to the
 * reporting seller). The customers' contact messages are conversations (/Admin/Messages,
 * pages/admin/Messages.tsx), each with Delete.
 */
import { Button, Stack } from '@mantine/core';
import type { ReviewView } from '../../api/reviews';
import { useState } from 'react';
import { reviewsApi } from '../../api/reviews';
import { Pager } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { ReviewCard } from '../../components/ReviewCard';
import { confirmThen } from '../../lib/confirm';
import { useAsync } from '../../lib/useAsync';

/**
 * Keep review: after a confirmation, dismisses the report (based on the review's version) and
 * reloads the list, where the review no longer shows; a review changed meanwhile (409) shows the
 * server's message and the list is reloaded too.
 */
function keeping(r: ReviewView, reload: () => Promise<void>) {
  confirmThen({
    title: 'Keep this review?',
    message:
      'The report is dismissed: the review stays on the item and leaves this list. The seller who reported it is e-mailed that it was kept.',
    confirm: 'Yes, keep it',
    action: () =>
      reviewsApi.dismissReport(r._id, r.version).catch(async (err: unknown) => {
        await reload();
        throw err;
      }),
    done: ['Report dismissed', 'The review stays; the seller is e-mailed the decision.'],
    after: reload,
  });
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
                  <>
                    <Button size="xs" variant="light" onClick={() => keeping(r, list.reload)}>
                      Keep review
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      onClick={() =>
                        confirmThen({
                          message:
                            "The review is removed from the item and its rating. The seller who reported it is e-mailed that it was removed. You won't be able to revert this!",
                          action: () =>
                            reviewsApi.remove(r._id, r.version).catch(async (err: unknown) => {
                              await list.reload();
                              throw err;
                            }),
                          done: ['Successfully Deleted', 'The seller is e-mailed the decision.'],
                          after: list.reload,
                        })
                      }
                    >
                      Delete review
                    </Button>
                  </>
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
