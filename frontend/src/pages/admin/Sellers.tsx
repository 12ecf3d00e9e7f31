/**
 * Admin seller screens (spec 001 sections 2 and 4): /Admin/Sellers (registered sellers),
 * /Admin/AllSellersRequest (requests, search by company, owner, year, email),
 * /Admin/RequestSellerProfile/{id} (Accept, Decline), /Admin/DeleteRequest and
 * /Admin/RequestDelete (deletion requests: Accept shows the seller's open orders and what happens
 * to them, SellerOpenOrders.tsx, then asks for confirmation; Decline),
 * /Admin/viewSellerProfile/{id} (with Suspend… / Reinstate… and the reason, issue 30 item 10:
 * components/AccountStanding.tsx); the sellers list marks suspended sellers.
 */
import { Alert, Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { identityApi, type OrgSeller } from '../../api/identity';
import { useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { LoadError, Loading } from '../../components/Loading';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { confirmThen } from '../../lib/confirm';
import { imageUrl } from '../../lib/images';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAsync } from '../../lib/useAsync';
import { SellerDetails } from '../seller/ProfileDetails';
import { SearchedListPage } from '../../components/SearchedListPage';
import { SellerOpenOrders } from './SellerOpenOrders';
import { AccountStanding, SuspendedBadge } from '../../components/AccountStanding';

const LIMIT = 10;

export function AdminSellers() {
  const s = useSearch();
  const list = useAsync(['people', 'listSellers', s.q, s.page, undefined, LIMIT], () =>
    identityApi.listSellers(s.q, s.page, undefined, LIMIT),
  );
  return (
    <SearchedListPage
      title="Registered Sellers"
      actions={
        <>
          <Button component={Link} to="/Admin/AllSellersRequest" variant="light">
            Seller Requests
          </Button>
          <Button component={Link} to="/Admin/DeleteRequest" variant="light" color="red">
            Deletion Requests
          </Button>
        </>
      }
      searchLabel="Search by company, owner, year or email"
      search={s}
      list={list}
      empty={{ searched: 'No Result Found!', none: 'No sellers yet.' }}
      limit={LIMIT}
    >
      {(rows) => (
        <DataTable
          minWidth={640}
          mt="md"
          headers={['Company', 'Owner', 'Email', 'Since', '']}
          rows={rows}
          cells={(seller) => [
            <>
              <Group gap="sm" wrap="nowrap">
                <Avatar src={imageUrl(seller.logo)} size="sm" radius="sm" alt="">
                  {seller.companyname.slice(0, 2).toUpperCase()}
                </Avatar>
                <div>
                  {seller.companyname}
                  <SuspendedBadge account={seller} />
                </div>
              </Group>
            </>,
            seller.ownername,
            seller.email,
            new Date(seller.acceptedDate).toLocaleDateString('en-LK'),
            <>
              <Button size="xs" variant="subtle" component={Link} to={`/Admin/viewSellerProfile/${seller._id}`}>
                View
              </Button>
            </>,
          ]}
        />
      )}
    </SearchedListPage>
  );
}

export function AdminSellerRequests() {
  const s = useSearch();
  const list = useAsync(['people', 'listSellerRequests', s.q, s.page, LIMIT], () => identityApi.listSellerRequests(s.q, s.page, LIMIT));
  return (
    <SearchedListPage
      title="Seller Requests"
      searchLabel="Search by company, owner, year or email"
      search={s}
      list={list}
      empty={{ searched: 'No Result Found!', none: 'No seller requests waiting.' }}
      limit={LIMIT}
    >
      {(rows) => (
        <Stack mt="md" gap="sm">
          {rows.map((r) => (
            <Card key={r._id} withBorder padding="md" component={Link} to={`/Admin/RequestSellerProfile/${r._id}`}>
              <Group justify="space-between">
                <Group gap="sm" wrap="nowrap">
                  <CompanyLogo company={r} size={48} />
                  <div>
                    <Text fw={600}>{r.companyname}</Text>
                    <Text size="sm" c="dimmed">
                      {r.ownername} · {r.email} · since {r.year}
                    </Text>
                  </div>
                </Group>
                <Text size="sm" c="dimmed">
                  Applied {new Date(r.createdAt).toLocaleDateString('en-LK')}
                </Text>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </SearchedListPage>
  );
}

/**
 * A company's logo as uploaded with its application (the admin's seller requests did not show it),
 * or its initials when it sent none.
 */
function CompanyLogo({ company, size }: { company: { companyname: string; logo: string }; size: number }) {
  return (
    <Avatar src={imageUrl(company.logo)} size={size} radius="md" alt={company.logo ? `${company.companyname} logo` : ''}>
      {company.companyname.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}

export function AdminRequestSellerProfile() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const req = useAsync(['people', 'getSellerRequest', id], () => identityApi.getSellerRequest(id));
  if (req.loading && !req.data) return <Loading />;
  if (req.error !== undefined || !req.data) return <LoadError error={req.error} />;
  const r = req.data;
  const accept = async () => {
    setBusy(true);
    try {
      await identityApi.acceptSellerRequest(r._id);
      notifySuccess('Request accepted successfully!', `Sign-in details were e-mailed to ${r.email}.`);
      navigate('/Admin/AllSellersRequest');
    } catch (err) {
      notifyError('Oops...', err);
    } finally {
      setBusy(false);
    }
  };
  const decline = () =>
    confirmThen({
      message: `Decline the application of ${r.companyname}? The applicant is told by e-mail.`,
      confirm: 'Yes, decline it!',
      action: () => identityApi.declineSellerRequest(r._id),
      done: ['Request Declined!'],
      after: () => navigate('/Admin/AllSellersRequest'),
    });
  return (
    <>
      <PageHeader title={r.companyname}>
        <Button color="green" loading={busy} onClick={() => void accept()}>
          Accept
        </Button>
        <Button color="red" variant="light" onClick={decline}>
          Decline
        </Button>
      </PageHeader>
      <Card withBorder padding="xl" maw={760}>
        <Group mb="md">
          <CompanyLogo company={r} size={96} />
        </Group>
        <SellerDetails seller={r} />
      </Card>
    </>
  );
}

export function AdminDeleteRequests() {
  const list = useAsync(['people', 'listSellers', '', 1, true, 100], () => identityApi.listSellers('', 1, true, 100));
  // The request under review: its open orders are shown before it can be accepted (issue 30 item 2).
  const [reviewing, setReviewing] = useState<OrgSeller | null>(null);
  const accept = (s: OrgSeller) =>
    confirmThen({
      message: `Remove ${s.companyname} from the marketplace? You won't be able to revert this!`,
      action: () => identityApi.deleteSeller(s._id),
      done: ['Deleted!', `${s.companyname} has been removed.`],
      after: () => (setReviewing(null), list.reload()),
    });
  const decline = async (s: OrgSeller) => {
    try {
      await identityApi.setDeletionRequest(s._id, false);
      notifySuccess('Request Declined!');
      await list.reload();
    } catch (err) {
      notifyError('Oops...', err);
    }
  };
  return (
    <>
      <PageHeader title="Seller Deletion Requests" />
      {reviewing && <SellerOpenOrders seller={reviewing} onAccept={() => accept(reviewing)} onClose={() => setReviewing(null)} />}
      <ListState list={list} empty={'No deletion requests.'}>
        {(rows) => (
          <DataTable
            minWidth={640}
            headers={['Company Name', "Owner's Name", 'Email Address', '']}
            rows={rows.items}
            cells={(s) => [
              s.companyname,
              s.ownername,
              s.email,
              <>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" color="red" onClick={() => (setReviewing(s), window.scrollTo({ top: 0, behavior: 'smooth' }))}>
                    Accept…
                  </Button>
                  <Button size="xs" variant="default" onClick={() => void decline(s)}>
                    Decline
                  </Button>
                </Group>
              </>,
            ]}
          />
        )}
      </ListState>
    </>
  );
}

export function AdminViewSellerProfile() {
  const { id = '' } = useParams();
  const seller = useAsync(['people', 'getSeller', id], () => identityApi.getSeller(id));
  if (seller.loading && !seller.data) return <Loading />;
  if (seller.error !== undefined || !seller.data) return <LoadError error={seller.error} />;
  const s = seller.data;
  return (
    <>
      <PageHeader title={s.companyname}>
        <Button variant="light" component={Link} to={`/Admin/sellerItems/${s._id}`}>
          Items
        </Button>
        <Button variant="light" component={Link} to={`/Admin/packages/${s._id}`}>
          Packages
        </Button>
        <Button variant="default" component={Link} to="/Admin/Sellers">
          Back
        </Button>
      </PageHeader>
      <Card withBorder padding="xl" maw={760}>
        <Group mb="md">
          <Avatar src={imageUrl(s.logo)} size={72} radius="md" alt="">
            {s.companyname.slice(0, 2).toUpperCase()}
          </Avatar>
          <div>
            <Title order={4}>@{s.username}</Title>
            <Text size="sm" c="dimmed">
              Selling since {new Date(s.acceptedDate).toLocaleDateString('en-LK', { dateStyle: 'long' })}
            </Text>
            {s.requestDelete && <Badge color="red">Deletion requested</Badge>}
          </div>
        </Group>
        <SellerDetails seller={s} />
      </Card>
      <AccountStanding kind="seller" account={s} name={s.companyname} onChanged={() => void seller.reload()} />
      {s.requestDelete && (
        <Alert color="red" mt="md" maw={760}>
          This seller asked to be deleted. Decide in <Link to="/Admin/DeleteRequest">Deletion Requests</Link>.
        </Alert>
      )}
    </>
  );
}
