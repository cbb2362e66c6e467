/**
 * What a share link shows, for the shared page: the link itself and its requests, newest first.
 * The list is asked again every few seconds (a share link joins no realtime room); a link revoked
 * or expired meanwhile turns the page into the page that says so.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ShareEnded, SharedView } from '../../../../shared/shares';
import { EVENTS_PAGE_DEFAULT, type WebhookEvent } from '../../../../shared/webhooks';
import { ApiError } from '../../lib/http';
import { getSharedView, listSharedEvents } from './api';

export const SHARED_REFRESH_MS = 5000;

export type SharedState =
  | { status: 'loading' }
  | { status: 'ended'; reason: ShareEnded }
  | { status: 'unknown' }
  | { status: 'failed' }
  | { status: 'ready'; view: SharedView; events: WebhookEvent[]; hasOlder: boolean };

/** The page a failed call leads to: the link ended (410), never existed (404), or another failure. */
function failureState(error: unknown): SharedState {
  if (error instanceof ApiError && error.status === 410)
    return { status: 'ended', reason: error.details.reason === 'expired' ? 'expired' : 'revoked' };
  if (error instanceof ApiError && error.status === 404) return { status: 'unknown' };
  return { status: 'failed' };
}

/** An ended or unknown link stays so: asking again would change nothing. */
const isFinal = (error: unknown) =>
  error instanceof ApiError && (error.status === 410 || error.status === 404);

export function useSharedInspector(token: string) {
  const view = useQuery({
    queryKey: ['shared-view', token],
    queryFn: () => getSharedView(token),
    retry: (count, error) => !isFinal(error) && count < 2,
  });
  const events = useInfiniteQuery({
    queryKey: ['shared-events', token],
    queryFn: ({ pageParam }) => listSharedEvents(token, pageParam === 0 ? {} : { before: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (page: WebhookEvent[]) =>
      page.length === EVENTS_PAGE_DEFAULT ? page.at(-1)?.id : undefined,
    // Every loaded page is asked again, so new requests appear and an ended link is noticed.
    refetchInterval: (query) => (query.state.error && isFinal(query.state.error) ? false : SHARED_REFRESH_MS),
    retry: (count, error) => !isFinal(error) && count < 2,
  });

  const error = events.error ?? view.error;
  let state: SharedState = { status: 'loading' };
  if (error) state = failureState(error);
  else if (view.data && events.data)
    state = {
      status: 'ready',
      view: view.data,
      events: events.data.pages.flat(),
      hasOlder: events.hasNextPage,
    };

  return {
    state,
    retry: () => {
      void view.refetch();
      void events.refetch();
    },
    loadOlder: () => void events.fetchNextPage(),
  };
}
