/**
 * The rules through react-query, and saving them: every change is sent at once (no edit waits for
 * a second step), and the outcome is reported in a toast (the server's words when it refused).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseRule } from '../../../../../shared/responses';
import { notify } from '../../../components/toasts';
import { messageOf } from '../../../lib/http';
import { getResponseRules, saveResponseRules } from './api';
import { responseMessages } from './messages';

export const responseRulesKey = (sessionId: string) => ['response-rules', sessionId] as const;

export interface ResponseRulesView {
  /** The rules as saved; empty until loaded. */
  rules: ResponseRule[];
  isLoading: boolean;
  loadFailed: boolean;
  retryLoad: () => void;
  isSaving: boolean;
  /** Saves the whole list; resolves with the server's reason when it refused, else null. */
  save: (rules: ResponseRule[]) => Promise<string | null>;
}

export function useResponseRules(sessionId: string): ResponseRulesView {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: responseRulesKey(sessionId), queryFn: getResponseRules });
  const mutation = useMutation({ mutationFn: saveResponseRules });

  async function save(rules: ResponseRule[]): Promise<string | null> {
    try {
      const stored = await mutation.mutateAsync(rules);
      queryClient.setQueryData(responseRulesKey(sessionId), stored);
      notify.success(responseMessages.saved);
      return null;
    } catch (error) {
      const message = messageOf(error, responseMessages.saveFailed);
      notify.error(message);
      return message;
    }
  }

  return {
    rules: query.data ?? [],
    isLoading: query.isPending,
    loadFailed: query.isError,
    retryLoad: () => void query.refetch(),
    isSaving: mutation.isPending,
    save,
  };
}
