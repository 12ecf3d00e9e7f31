/**
 * The customer's reviews (spec 000 sections 2, 5, 8):
 * /Customer/ItemReviews/{id} (review cards in a 550 px scroll area), /Customer/WriteReview/{id}
 * (star radios 1..5, text, Submit → /Customer/Home), /Customer/MyReviews (Edit, Delete with
 * confirmation, search by item name, brand or model). The contact forms are in Messages.tsx.
 */
import { useFormatDay } from '../../i18n/dates';
import { useServerMessage } from '../../i18n/serverMessage';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, Radio, ScrollArea, Stack, Textarea } from '@mantine/core';
import { colomboDate, STARS_RANGE } from '@market/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { catalogueApi } from '../../api/catalogue';
import { reviewsApi, type ReviewView } from '../../api/reviews';
import { FormCard } from '../../components/FormCard';
import { Pager, SearchBox, useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { ItemRating } from '../../components/Rating';
import { ReviewCard } from '../../components/ReviewCard';
import { confirmDanger } from '../../lib/confirm';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAsync } from '../../lib/useAsync';

export function ItemReviews() {
  const { id = '' } = useParams();
  const item = useAsync(['items', 'getItem', id], () => catalogueApi.getItem(id));
  const list = useAsync(['reviews', 'list', { itemid: id }, 1, 100], () => reviewsApi.list({ itemid: id }, 1, 100));
  const { t } = useTranslation('shop');
  return (
    <>
      <PageHeader title={item.data ? t('rev.reviewsOf', { name: item.data.Item_name }) : t('rev.reviews')}>
        <Button component={Link} to={`/Customer/WriteReview/${id}`}>
          {t('rev.write')}
        </Button>
      </PageHeader>
      {item.data && <ItemRating rating={item.data.rating} count={item.data.reviewCount} />}
      <ScrollArea h={550} mt="md" type="auto">
        <ListState list={list} empty={t('rev.none')}>
          {(rows) => (
            <Stack>
              {rows.items.map((r) => (
                <ReviewCard key={r._id} review={r} />
              ))}
            </Stack>
          )}
        </ListState>
      </ScrollArea>
    </>
  );
}

function StarRadios({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation('shop');
  const message = useServerMessage();
  return (
    <Radio.Group label={t('rev.yourRating')} value={value} onChange={onChange} error={error && message(error)}>
      <Group mt="xs">
        {[1, 2, 3, 4, 5].map((n) => (
          <Radio key={n} value={String(n)} label={t('rev.stars', { count: n })} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * /Customer/WriteReview/{id}. The server keeps one review per customer and item (a second
 * `POST /review/add` replaces the first), so the page first reads the customer's own review of the
 * item (`GET /review/get?mine&itemid`): when there is one, the form opens with its stars and text,
 * says when it was written ("You reviewed this item on 2026-03-12; edit your review") and saves
 * with `PUT /review/updateReview/{id}` instead of replacing it from an empty form (issue 29 item 4).
 * Submit waits for that read; should the read fail, the form is the documents' empty one.
 */
export function WriteReview() {
  const { t } = useTranslation('shop');
  const day = useFormatDay();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const item = useAsync(['items', 'getItem', id], () => catalogueApi.getItem(id));
  const mine = useAsync(['reviews', 'list', { mine: true, itemid: id }, 1, 1], () => reviewsApi.list({ mine: true, itemid: id }, 1, 1));
  const existing = mine.data?.items.find((r) => r.itemid === id) ?? null;
  const [stars, setStars] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ stars?: string; text?: string }>({});
  const [busy, setBusy] = useState(false);
  // The existing review fills the form once, when it arrives (later reloads keep what is typed).
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  useEffect(() => {
    if (!existing || filledFrom === existing._id) return;
    setFilledFrom(existing._id);
    setStars(String(existing.noofstars));
    setText(existing.description);
  }, [existing, filledFrom]);
  const checking = mine.loading && mine.data === undefined && mine.error === undefined;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (checking) return;
    const next = { stars: stars ? undefined : STARS_RANGE, text: text.trim() ? undefined : t('rev.pleaseWrite') };
    setErrors(next);
    if (next.stars || next.text) return;
    setBusy(true);
    try {
      if (existing) {
        await reviewsApi.update(existing._id, text, Number(stars));
        notifySuccess(t('rev.updateSaved'));
      } else {
        await reviewsApi.add(id, Number(stars), text);
        notifySuccess(t('rev.thankYou'), t('rev.saved'));
      }
      // Back to the item the review is about, not Home.
      navigate(`/Customer/ItemDetails/${id}`);
    } catch (err) {
      notifyError(t('oops'), err);
    } finally {
      setBusy(false);
    }
  };
  const name = item.data?.Item_name;
  return (
    <>
      <PageHeader
        title={existing ? (name ? t('rev.editOf', { name }) : t('rev.edit')) : name ? t('rev.reviewName', { name }) : t('rev.write')}
      />
      <FormCard onSubmit={(e) => void submit(e)} failure={null} maw={560}>
        {existing && (
          <Alert color="blue" title={t('rev.already')} role="status">
            {t('rev.reviewedOn')} <span style={{ whiteSpace: 'nowrap' }}>{day(existing.date, colomboDate)}</span>
            {t('rev.editBelow')}
          </Alert>
        )}
        <StarRadios value={stars} onChange={setStars} error={errors.stars} />
        <Textarea
          label={t('rev.yourReview')}
          minRows={4}
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={errors.text}
        />
        <Group>
          <Button type="submit" loading={busy || checking}>
            {existing ? t('rev.saveChanges') : t('rev.submit')}
          </Button>
        </Group>
      </FormCard>
    </>
  );
}

export function MyReviews() {
  const s = useSearch();
  const list = useAsync(['reviews', 'list', { mine: true, q: s.q || undefined }, s.page, 10], () =>
    reviewsApi.list({ mine: true, q: s.q || undefined }, s.page, 10),
  );
  const [editing, setEditing] = useState<ReviewView | null>(null);
  const { t } = useTranslation('shop');
  const remove = (r: ReviewView) =>
    confirmDanger({
      onConfirm: async () => {
        try {
          await reviewsApi.remove(r._id);
          notifySuccess(t('rev.deleted'), t('rev.deletedText'));
          await list.reload();
        } catch (err) {
          notifyError(t('oops'), err);
        }
      },
    });
  return (
    <>
      <PageHeader title={t('rev.myReviews')} />
      <SearchBox label={t('rev.search')} value={s.text} onChange={s.setText} />
      <ListState list={list} empty={t('noResult')}>
        {(rows) => (
          <Stack mt="md">
            {rows.items.map((r) => (
              <ReviewCard
                key={r._id}
                review={r}
                showItem
                actions={
                  <>
                    <Button size="xs" variant="light" onClick={() => setEditing(r)}>
                      {t('rev.editButton')}
                    </Button>
                    <Button size="xs" color="red" variant="light" onClick={() => remove(r)}>
                      {t('rev.delete')}
                    </Button>
                  </>
                }
              />
            ))}
            <Pager page={s.page} total={rows.total} limit={10} onChange={s.setPage} />
          </Stack>
        )}
      </ListState>
      {editing && <EditReview review={editing} onClose={() => setEditing(null)} onSaved={() => void list.reload()} />}
    </>
  );
}

function EditReview({ review, onClose, onSaved }: { review: ReviewView; onClose: () => void; onSaved: () => void }) {
  const [stars, setStars] = useState(String(review.noofstars));
  const [text, setText] = useState(review.description);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('shop');
  const save = async () => {
    setBusy(true);
    try {
      await reviewsApi.update(review._id, text, Number(stars));
      notifySuccess(t('rev.updateSaved'));
      onSaved();
      onClose();
    } catch (err) {
      notifyError(t('oops'), err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('rev.editOf', { name: review.item.Item_name })}>
      <Stack>
        <StarRadios value={stars} onChange={setStars} />
        <Textarea label={t('rev.yourReview')} minRows={4} maxLength={2000} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('rev.cancel')}
          </Button>
          <Button loading={busy} disabled={!text.trim()} onClick={() => void save()}>
            {t('rev.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
