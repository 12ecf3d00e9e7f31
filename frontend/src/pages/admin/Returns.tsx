/**
 * /Admin/Returns: the returns that need the marketplace (issue 31 items 3 and 4). Escalations first
 * (a customer asked the team to decide a rejected return: Approve with return instructions, or
 * Close, the final refusal, with a reason), then the cash-on-delivery refunds due (Record bank
 * transfer with its reference), then every return. Each tab shows its count.
 */
import { PageHeader } from '../../components/PageHeader';
import { ReturnsBoard, type ReturnTab } from '../../components/returns/ReturnsBoard';

export const ADMIN_RETURN_TABS: ReturnTab[] = [
  { value: 'Escalated', label: 'Escalations', empty: 'No escalated return is waiting for a decision.' },
  { value: 'RefundDue', label: 'Refunds due', empty: 'No bank-transfer refund is due.' },
  { value: 'all', label: 'All returns', empty: 'No return has been requested yet.' },
];

export function AdminReturns() {
  return (
    <>
      <PageHeader title="Returns" />
      <ReturnsBoard tabs={ADMIN_RETURN_TABS} viewer="admin" orderPath={(id) => `/Admin/Orders/${id}`} />
    </>
  );
}
