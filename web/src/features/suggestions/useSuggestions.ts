/**
 * The Suggestions page's data: the session's own list through react-query, and sending a new
 * suggestion, which refreshes that list and reports the outcome in the page's status banner.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewSuggestion, Suggestion } from '../../../../shared/suggestions';
import { useStatusBanner } from '../../components/StatusBanner';
import { messageOf } from '../../lib/http';
import { listOwnSuggestions, submitSuggestion } from './api';
import { messages } from './messages';

export const ownSuggestionsKey = (sessionId: string) => ['suggestions', 'own', sessionId] as const;

export interface SuggestionsView {
  suggestions: Suggestion[];
  isLoading: boolean;
  loadFailed: boolean;
  retryLoad: () => void;
  /** The status line; clears itself after 3000 ms. */
  banner: string;
  isSubmitting: boolean;
  /** Sends the checked suggestion. Resolves true when the server stored it. */
  submit: (input: NewSuggestion) => Promise<boolean>;
}

/**
 * A refused request (4xx: invalid input, or the hourly limit) is explained in the server's words;
 * anything else, such as a 5xx or no answer at all, keeps the product's message.
 */
export function useSuggestions(sessionId: string): SuggestionsView {
  const queryClient = useQueryClient();
  const [banner, setBanner] = useStatusBanner();
  const query = useQuery({ queryKey: ownSuggestionsKey(sessionId), queryFn: listOwnSuggestions });
  const mutation = useMutation({ mutationFn: submitSuggestion });

  async function submit(input: NewSuggestion): Promise<boolean> {
    try {
      await mutation.mutateAsync(input);
      setBanner(messages.submitted);
      void queryClient.invalidateQueries({ queryKey: ownSuggestionsKey(sessionId) });
      return true;
    } catch (error) {
      setBanner(messageOf(error, messages.submitFailed));
      return false;
    }
  }

  return {
    suggestions: query.data ?? [],
    isLoading: query.isPending,
    loadFailed: query.isError,
    retryLoad: () => void query.refetch(),
    banner,
    isSubmitting: mutation.isPending,
    submit,
  };
}
