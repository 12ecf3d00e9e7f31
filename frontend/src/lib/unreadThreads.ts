/**
 * The signed-in person's unread conversations for the navigation's count (issue 30 item 6): from
 * `GET /threads/unread`, asked when the area opens, after every write to a thread or contact form
 * (the query cache's `messages` domain) and every minute. Kept apart from the conversation pages so
 * the layouts' first script carries no more than this call.
 */
import { useEffect } from 'react';
import { threadsApi } from '../api/threads';
import { useAsync } from './useAsync';

/** How many of the signed-in person's conversations hold unread messages (0 until known or on failure). */
export function useUnreadThreads(): number {
  const unread = useAsync(['messages', 'unread'], () => threadsApi.unread());
  const reload = unread.reload;
  useEffect(() => {
    const timer = setInterval(() => void reload(), 60_000);
    return () => clearInterval(timer);
  }, [reload]);
  return unread.data?.threads ?? 0;
}
