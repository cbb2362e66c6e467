/**
 * The panel's data: the saved rules through react-query, the edits not saved yet, and saving,
 * which reports the outcome in a toast (the server's words when it refused the rules).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResponseRule } from '../../../../../shared/responses';
import { notify } from '../../../components/toasts';
import { messageOf } from '../../../lib/http';
import { getResponseRules, saveResponseRules } from './api';
import { responseMessages } from './messages';

export const responseRulesKey = (sessionId: string) => ['response-rules', sessionId] as const;

export interface ResponseRulesView {
  /** The rules as edited, or as saved when nothing was edited. */
  rules: ResponseRule[];
  savedCount: number | null;
  isLoading: boolean;
  loadFailed: boolean;
  retryLoad: () => void;
  hasChanges: boolean;
  isSaving: boolean;
  /** Replaces the edited list; nothing reaches the server before save(). */
  change: (rules: ResponseRule[]) => void;
  save: () => Promise<void>;
}

export function useResponseRules(sessionId: string): ResponseRulesView {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: responseRulesKey(sessionId), queryFn: getResponseRules });
  const mutation = useMutation({ mutationFn: saveResponseRules });
  const [edited, setEdited] = useState<ResponseRule[] | null>(null);

  async function save() {
    if (!edited) return;
    try {
      const stored = await mutation.mutateAsync(edited);
      queryClient.setQueryData(responseRulesKey(sessionId), stored);
      setEdited(null);
      notify.success(responseMessages.saved);
    } catch (error) {
      notify.error(messageOf(error, responseMessages.saveFailed));
    }
  }

  return {
    rules: edited ?? query.data ?? [],
    savedCount: query.data?.length ?? null,
    isLoading: query.isPending,
    loadFailed: query.isError,
    retryLoad: () => void query.refetch(),
    hasChanges: edited !== null,
    isSaving: mutation.isPending,
    change: setEdited,
    save,
  };
}
