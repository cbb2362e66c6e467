/** One link's analytics over a period, refetched whenever a `url-click` for it arrives or the socket reconnects. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '../../../../shared/links';
import { useEffect } from 'react';
import { URL_CLICK } from '../../../../shared/realtime';
import { notify } from '../../components/toasts';
import { useOnConnect, useRealtimeEvent } from '../../session/useRealtimeEvent';
import { getAnalytics, shouldRetry } from './api';
import { messages } from './messages';

export function useUrlAnalytics(urlId: string, sessionId: string, period: AnalyticsPeriod) {
  const query = useQuery({
    queryKey: ['url-analytics', sessionId, urlId, period],
    queryFn: () => getAnalytics(urlId, period),
    retry: shouldRetry,
    // Switching the period keeps the page on screen until the new numbers arrive.
    placeholderData: keepPreviousData,
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
