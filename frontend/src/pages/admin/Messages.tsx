/**
 * The admins' conversations (issue 30 item 6): /Admin/Messages lists the messages customers sent
 * to the marketplace team and the seller conversations someone asked the team to help with
 * (latest first, unread marked); /Admin/Messages/{id} shows one with the reply box.
 */
import { useParams } from 'react-router-dom';
import { ThreadList, ThreadView } from '../../components/Conversation';

export function AdminInbox() {
  return (
    <ThreadList
      title="Contact Messages"
      you="admin"
      basePath="/Admin/Messages"
      intro="Messages to the marketplace team, and conversations between a customer and a seller where one of them asked for help."
    />
  );
}

export function AdminThread() {
  const { id = '' } = useParams();
  return <ThreadView id={id} backPath="/Admin/Messages" />;
}
