/**
 * The seller's conversations (issue 30 item 6; spec 001 section 2 "/Seller/Contact: customer
 * messages"): /Seller/Contact lists the conversations customers started with the signed-in
 * seller (latest first, unread marked), /Seller/Contact/{id} shows one with the reply box and
 * "Ask the marketplace team for help".
 */
import { useParams } from 'react-router-dom';
import { ThreadList, ThreadView } from '../../components/Conversation';

export function SellerInbox() {
  return (
    <ThreadList
      title="Customer Messages"
      you="seller"
      basePath="/Seller/Contact"
      intro="Questions customers sent you, each with the item it is about. Answer them here; the customer is e-mailed a notice."
    />
  );
}

export function SellerThread() {
  const { id = '' } = useParams();
  return <ThreadView id={id} backPath="/Seller/Contact" itemPath={(itemId) => `/Seller/ItemReviews/${itemId}`} />;
}
