/**
 * A link's history, fetched again whenever the link itself changes (an edit here, or a change the
 * list picked up when it refreshed) and after the socket reconnects, as the URL list does.
 */
import { useQuery } from '@tanstack/react-query';
import type { LinkHistoryEntry } from '../../../../shared/link-history';
import type { ShortUrl } from '../../../../shared/links';
import { useOnConnect } from '../../session/useRealtimeEvent';
import { getLinkHistory } from './api';

/** What the history depends on: the link minus what changes without a history entry. */
function versionOf(link: ShortUrl): string {
  return JSON.stringify({ ...link, clicks: null, state: null });
}

export interface LinkHistoryView {
  entries: LinkHistoryEntry[];
  isLoading: boolean;
  loadFailed: boolean;
}

export function useLinkHistory(link: ShortUrl): LinkHistoryView {
  const query = useQuery({
    queryKey: ['link-history', link.id, versionOf(link)],
    queryFn: () => getLinkHistory(link.id),
    // While a changed link's history loads, its previous one stays (never another link's).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === link.id ? previous : undefined,
  });
  useOnConnect(() => {
    if (query.isSuccess) void query.refetch({ cancelRefetch: false });
  });
  return { entries: query.data ?? [], isLoading: query.isPending, loadFailed: query.isError };
}
