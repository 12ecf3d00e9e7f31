/**
 * The signed-in seller's or admin's return counts for the navigation and dashboards (issue 31 item
 * 4): `GET /Returns/counts` (the returns read model's count per state and `open`), asked when the
 * area opens, after every write that may move a return (the query cache's `orders` domain) and
 * every minute. Kept apart from the returns pages so the layouts' first script carries only this call.
 */
import { useEffect } from 'react';
import { returnsApi, type ReturnCounts } from '../api/returns';
import { useAsync } from './useAsync';

/** The caller's counts; undefined until known or when the returns list is unavailable. */
export function useReturnCounts(): ReturnCounts | undefined {
  const counts = useAsync(['orders', 'returnCounts'], () => returnsApi.counts());
  const reload = counts.reload;
  useEffect(() => {
    const timer = setInterval(() => void reload(), 60_000);
    return () => clearInterval(timer);
  }, [reload]);
  return counts.error === undefined ? counts.data : undefined;
}
