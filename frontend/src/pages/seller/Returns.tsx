/**
 * /Seller/Returns: the Returns tab of the seller's orders (issue 31 items 3 and 4). Tabs by state
 * with their counts (Requested first: the returns waiting for the seller; states that seldom hold a
 * return show only when they do), each a paged list of the seller's returns with the product, the
 * customer's reason, description and photos, and the seller's moves: Approve (with return instructions) or Reject (with a reason) a Requested return,
 * Mark received an Approved one (asking whether it can be sold again). Buttons lead back to the
 * item and package orders.
 */
import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { ReturnsBoard, type ReturnTab } from '../../components/returns/ReturnsBoard';

export const SELLER_RETURN_TABS: ReturnTab[] = [
  { value: 'Requested', label: 'Requested', empty: 'No return is waiting for your answer.' },
  { value: 'Approved', label: 'Approved', empty: 'No approved return is on its way back.' },
  { value: 'Rejected', label: 'Rejected', empty: 'No rejected return.', whenAny: true },
  { value: 'Escalated', label: 'Escalated', empty: 'No return is with the marketplace.', whenAny: true },
  { value: 'Received', label: 'Received', empty: 'No received return is waiting for its refund.', whenAny: true },
  { value: 'RefundDue', label: 'Refund due', empty: 'No refund is due.', whenAny: true },
  { value: 'Refunded', label: 'Refunded', empty: 'No return has been refunded yet.' },
  { value: 'Closed', label: 'Closed', empty: 'No closed return.', whenAny: true },
  { value: 'Withdrawn', label: 'Withdrawn', empty: 'No withdrawn return.', whenAny: true },
  { value: 'all', label: 'All', empty: 'No customer has asked to return anything yet.' },
];

export function SellerReturns() {
  return (
    <>
      <PageHeader title="Returns">
        <Button variant="light" component={Link} to="/Seller/Orders">
          Item Orders
        </Button>
        <Button variant="light" component={Link} to="/Seller/PackageOrders">
          Package Orders
        </Button>
      </PageHeader>
      <ReturnsBoard tabs={SELLER_RETURN_TABS} viewer="seller" orderPath={(id) => `/Seller/Orders/${id}`} />
    </>
  );
}
