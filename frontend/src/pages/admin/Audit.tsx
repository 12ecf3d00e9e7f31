/**
 * /Admin/Audit (issue 30 item 10): the audit log of admin decisions, newest first, 20 to a page:
 * when (Sri Lanka time), who (the admin's name, from the admins list), what, on what (with a link
 * to the seller's or customer's page) and why. Filters: admin, action, kind of target, target id,
 * and a range of Sri Lanka days; each change goes back to page 1. The log is reporting's read model
 * (GET /Admin/audit), so a decision shows within a moment of being made.
 */
import { Anchor, Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGETS,
  colomboDateTime,
  type AuditAction,
  type AuditEntryAnswer,
  type AuditTarget,
} from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { identityApi } from '../../api/identity';
import { reportsApi } from '../../api/reports';
import { DataTable } from '../../components/DataTable';
import { Pager } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { useAsync } from '../../lib/useAsync';

const LIMIT = 20;
const TARGET_LABELS: Record<AuditTarget, string> = {
  seller: 'Seller',
  customer: 'Customer',
  order: 'Order',
  review: 'Review',
  admin: 'Admin',
};

/** Where an entry's target can be looked at, when it has a page. */
function targetLink(e: AuditEntryAnswer): string | null {
  if (e.targetKind === 'seller' && e.action !== 'seller-deleted' && e.action !== 'seller-declined')
    return `/Admin/viewSellerProfile/${e.targetId}`;
  if (e.targetKind === 'customer' && e.action !== 'customer-deleted') return `/Admin/Customers/Details/${e.targetId}`;
  return null;
}

export function AdminAudit() {
  const [page, setPage] = useState(1);
  const [adminId, setAdminId] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [targetKind, setTargetKind] = useState<string | null>(null);
  const [targetId, setTargetId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters = {
    ...(adminId ? { adminId } : {}),
    ...(action ? { action: action as AuditAction } : {}),
    ...(targetKind ? { targetKind: targetKind as AuditTarget } : {}),
    ...(targetId.trim() ? { targetId: targetId.trim() } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = useAsync(['reports', 'audit', filters, page, LIMIT], () => reportsApi.audit({ ...filters, page, limit: LIMIT }));
  const admins = useAsync(['people', 'listAdmins', 1, 100], () => identityApi.listAdmins(1, 100));
  const adminName = (id: string | null) => {
    if (!id) return 'An admin (not recorded)';
    const a = admins.data?.items.find((x) => x._id === id);
    return a ? `${a.firstName} ${a.lastName} (@${a.username})` : id;
  };
  const set =
    <T,>(setter: (v: T) => void) =>
    (v: T) => (setter(v), setPage(1));
  const anyFilter = Object.keys(filters).length > 0;
  const clear = () => {
    setAdminId(null);
    setAction(null);
    setTargetKind(null);
    setTargetId('');
    setFrom('');
    setTo('');
    setPage(1);
  };
  return (
    <>
      <PageHeader title="Audit Log" />
      <Text size="sm" c="dimmed" mb="sm">
        Every decision an admin made: who, what, on what, why and when (Sri Lanka time).
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="md">
        <Select
          label="Admin"
          placeholder="Any admin"
          clearable
          searchable
          data={(admins.data?.items ?? []).map((a) => ({ value: a._id, label: `${a.firstName} ${a.lastName} (@${a.username})` }))}
          value={adminId}
          onChange={set(setAdminId)}
        />
        <Select
          label="Action"
          placeholder="Any action"
          clearable
          data={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))}
          value={action}
          onChange={set(setAction)}
        />
        <Select
          label="Target"
          placeholder="Any target"
          clearable
          data={AUDIT_TARGETS.map((t) => ({ value: t, label: TARGET_LABELS[t] }))}
          value={targetKind}
          onChange={set(setTargetKind)}
        />
        <TextInput
          label="Target id"
          placeholder="Seller, customer, order or review id"
          value={targetId}
          onChange={(e) => set(setTargetId)(e.currentTarget.value)}
        />
        <TextInput label="From (day)" type="date" value={from} onChange={(e) => set(setFrom)(e.currentTarget.value)} />
        <TextInput label="To (day)" type="date" value={to} onChange={(e) => set(setTo)(e.currentTarget.value)} />
      </SimpleGrid>
      {anyFilter && (
        <Group mb="sm">
          <Button size="xs" variant="subtle" onClick={clear}>
            Clear filters
          </Button>
        </Group>
      )}
      <ListState list={list} empty={anyFilter ? 'No decisions match these filters.' : 'No admin decisions yet.'}>
        {(rows) => (
          <>
            <DataTable
              stackOnPhone
              minWidth={860}
              headers={['When', 'Who', 'Action', 'Target', 'Reason']}
              rows={rows.items}
              cells={(e) => {
                const link = targetLink(e);
                const target = `${TARGET_LABELS[e.targetKind]} ${e.targetId}`;
                return [
                  colomboDateTime(e.at),
                  adminName(e.adminId),
                  AUDIT_ACTIONS[e.action],
                  link ? (
                    <Anchor component={Link} to={link} size="sm">
                      {target}
                    </Anchor>
                  ) : (
                    target
                  ),
                  e.reason || '—',
                ];
              }}
            />
            <Pager page={page} total={rows.total} limit={LIMIT} onChange={setPage} />
          </>
        )}
      </ListState>
    </>
  );
}
