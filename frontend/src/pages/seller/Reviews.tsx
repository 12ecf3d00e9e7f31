/**
 * The seller's reviews and messages (spec 001 sections 2, 4, 7): /Seller/Reviews (reviews
 * of own items), /Seller/ItemReviews/{id} and /Seller/ItemRatings/{id} (an item's rating and
 * reviews, each with Report and a reason, and Reply: the seller's public reply shown under the
 * review, issue 30 item 7), /Seller/Report/{id} (reported reviews of the item). The
 * customers' messages are conversations (/Seller/Contact, pages/seller/Messages.tsx), each with
 * Delete.
 */
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { REPLY_MAX_LENGTH } from '@market/contracts';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { catalogueApi } from '../../api/catalogue';
import { reviewsApi, type ReviewView } from '../../api/reviews';
import { Pager } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { NotFound } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { ItemRating } from '../../components/Rating';
import { ReviewCard } from '../../components/ReviewCard';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAsync } from '../../lib/useAsync';
import { useSession } from '../../session/session';

function ReportButton({ review, onDone }: { review: ReviewView; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (review.reviewstatus) return null;
  const send = async () => {
    setBusy(true);
    try {
      await reviewsApi.report(review._id, reason);
      notifySuccess('Review reported', 'An admin will look at it.');
      setOpen(false);
      onDone();
    } catch (err) {
      notifyError('Oops...', err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="xs" color="red" variant="light" onClick={() => setOpen(true)}>
        Report
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Report this review">
        <Stack>
          <Textarea label="Reason" minRows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color="red" loading={busy} disabled={!reason.trim()} onClick={() => void send()}>
              Send report
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * Reply (or Edit reply): the seller's public reply to the review, plain text up to
 * REPLY_MAX_LENGTH characters, sent with the review's version; a review changed meanwhile (409)
 * says so and reloads the list, keeping the text typed.
 */
function ReplyButton({ review, onDone }: { review: ReviewView; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const start = () => {
    setText(review.reply?.text ?? '');
    setOpen(true);
  };
  const send = async () => {
    setBusy(true);
    try {
      await reviewsApi.reply(review._id, text, review.version);
      notifySuccess(review.reply ? 'Reply updated' : 'Reply posted', 'Customers see it under the review.');
      setOpen(false);
      onDone();
    } catch (err) {
      notifyError('Oops...', err);
      if (err instanceof ApiError && err.status === 409) onDone();
    } finally {
      setBusy(false);
    }
  };
  const left = REPLY_MAX_LENGTH - text.trim().length;
  return (
    <>
      <Button size="xs" variant="light" onClick={start}>
        {review.reply ? 'Edit reply' : 'Reply'}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={review.reply ? 'Edit your public reply' : 'Reply publicly to this review'}>
        <Stack>
          <Textarea
            label="Your reply"
            description={`Shown under the review to every customer, as plain text. ${left} characters left.`}
            autosize
            minRows={4}
            maxRows={10}
            maxLength={REPLY_MAX_LENGTH}
            value={text}
            data-autofocus
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button loading={busy} disabled={!text.trim() || left < 0} onClick={() => void send()}>
              {review.reply ? 'Save reply' : 'Post reply'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ReviewList({ itemid, reported, title }: { itemid?: string; reported?: boolean; title: string }) {
  const [page, setPage] = useState(1);
  const list = useAsync(['reviews', 'list', { itemid, reviewstatus: reported }, page, 10], () =>
    reviewsApi.list({ itemid, reviewstatus: reported }, page, 10),
  );
  const item = useAsync(['items', 'getItem', itemid ?? null], async () => (itemid ? catalogueApi.getItem(itemid) : null));
  const { profile } = useSession('seller');
  // Another seller's item is not found here, as on every other seller page (issue 30 item 11:
  // its title showed over an empty list).
  if (itemid && (item.error !== undefined || (item.data && item.data.SellerID !== profile._id))) return <NotFound home="/Seller/Home" />;
  return (
    <>
      <PageHeader title={item.data ? `${title}: ${item.data.Item_name}` : title} />
      {item.data && <ItemRating rating={item.data.rating} count={item.data.reviewCount} />}
      <ListState list={list} empty="No reviews yet.">
        {(rows) => (
          <Stack mt="md">
            {rows.items.map((r) => (
              <ReviewCard
                key={r._id}
                review={r}
                showItem={!itemid}
                actions={
                  <>
                    <ReplyButton review={r} onDone={() => void list.reload()} />
                    <ReportButton review={r} onDone={() => void list.reload()} />
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

export function SellerReviews() {
  return <ReviewList title="Reviews of my items" />;
}

export function SellerItemReviews() {
  const { id = '' } = useParams();
  return <ReviewList itemid={id} title="Reviews" />;
}

export function SellerReportedReviews() {
  const { id = '' } = useParams();
  return <ReviewList itemid={id} reported title="Reported reviews" />;
}
