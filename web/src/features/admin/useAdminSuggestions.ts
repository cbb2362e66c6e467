/**
 * Suggestions Management's data: the list for the chosen status filter and the stats, both through
 * react-query, and the admin's update, after which both are fetched again. The outcome of an update
 * goes to the status banner.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Suggestion,
  SuggestionStats,
  SuggestionStatus,
  UpdateSuggestionInput,
} from '../../../../shared/suggestions';
import { useStatusBanner } from '../../components/StatusBanner';
import { messageOf } from '../../lib/http';
import { getSuggestionStats, listSuggestions, updateSuggestion } from './api';
import { messages } from './messages';

export const adminSuggestionKeys = {
  all: ['admin-suggestions'] as const,
  list: (status: SuggestionStatus | null) => ['admin-suggestions', 'list', status ?? 'all'] as const,
  stats: ['admin-suggestions', 'stats'] as const,
};

interface UpdateRequest {
  id: number;
  change: UpdateSuggestionInput;
}

export interface AdminSuggestionsView {
  suggestions: Suggestion[];
  isLoading: boolean;
  loadFailed: boolean;
  retryLoad: () => void;
  /** undefined while loading or when the stats could not be loaded. */
  stats: SuggestionStats | undefined;
  /** The status line; clears itself after 3000 ms. */
  banner: string;
  /** The id of the suggestion whose update is in flight, else null. */
  updatingId: number | null;
  update: (id: number, change: UpdateSuggestionInput) => Promise<boolean>;
}

/** A refused update (4xx, e.g. not found) is explained in the server's words; anything else keeps the product's. */
export function useAdminSuggestions(filter: SuggestionStatus | null): AdminSuggestionsView {
  const queryClient = useQueryClient();
  const [banner, setBanner] = useStatusBanner();
  const listQuery = useQuery({
    queryKey: adminSuggestionKeys.list(filter),
    queryFn: () => listSuggestions(filter),
  });
  const statsQuery = useQuery({ queryKey: adminSuggestionKeys.stats, queryFn: getSuggestionStats });
  const mutation = useMutation({
    mutationFn: ({ id, change }: UpdateRequest) => updateSuggestion(id, change),
    // Also after a failure: a 404 means the suggestion is gone, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSuggestionKeys.all }),
  });

  async function update(id: number, change: UpdateSuggestionInput): Promise<boolean> {
    try {
      await mutation.mutateAsync({ id, change });
      setBanner(messages.updated);
      return true;
    } catch (error) {
      setBanner(messageOf(error, messages.updateFailed));
      return false;
    }
  }

  return {
    suggestions: listQuery.data ?? [],
    isLoading: listQuery.isPending,
    loadFailed: listQuery.isError,
    retryLoad: () => void listQuery.refetch(),
    stats: statsQuery.data,
    banner,
    updatingId: mutation.isPending ? (mutation.variables?.id ?? null) : null,
    update,
  };
}
