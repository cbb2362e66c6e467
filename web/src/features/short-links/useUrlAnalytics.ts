/** One link's analytics, refetched whenever a `url-click` for it arrives or the socket reconnects. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { URL_CLICK } from '../../../../shared/realtime';
import { notify } from '../../components/toasts';
import { useOnConnect, useRealtimeEvent } from '../../session/useRealtimeEvent';
import { getAnalytics, shouldRetry } from './api';
import { messages } from './messages';

export function useUrlAnalytics(urlId: string, sessionId: string) {
  const query = useQuery({
    queryKey: ['url-analytics', sessionId, urlId],
    queryFn: () => getAnalytics(urlId),
    retry: shouldRetry,
  });

  useEffect(() => {
    if (query.isError && query.errorUpdatedAt > 0) notify.error(messages.analyticsFailed);
  }, [query.isError, query.errorUpdatedAt]);

  useRealtimeEvent(URL_CLICK, (payload) => {
    if (payload.urlId === urlId) void query.refetch();
  });
  useOnConnect(() => {
    if (query.isSuccess) void query.refetch({ cancelRefetch: false });
  });

  return query;
}
