/** The session's click webhook endpoints through react-query, and the actions on them. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LinkWebhook, LinkWebhookCreate } from '../../../../shared/link-webhooks';
import { notify } from '../../components/toasts';
import { activeSessionId, messageOf } from '../../lib/http';
import { addEndpoint, deleteEndpoint, listEndpoints, updateEndpoint } from './api';
import { webhookMessages as text } from './messages';

export const endpointsQueryKey = () => ['link-webhooks', activeSessionId()] as const;

export function useLinkWebhooks(isEnabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: endpointsQueryKey(), queryFn: listEndpoints, enabled: isEnabled });
  const [isSaving, setIsSaving] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointsQueryKey() });

  async function act<T>(action: () => Promise<T>, done: string, failed: string): Promise<T | null> {
    setIsSaving(true);
    try {
      const result = await action();
      notify.success(done);
      return result;
    } catch (error) {
      notify.error(messageOf(error, failed));
      return null;
    } finally {
      setIsSaving(false);
      void refresh();
    }
  }

  return {
    endpoints: query.data,
    isLoading: query.isLoading,
    loadFailed: query.isError,
    retryLoad: () => void query.refetch(),
    isSaving,
    add: (body: LinkWebhookCreate) => act(() => addEndpoint(body), text.added, text.addFailed),
    reEnable: (endpoint: LinkWebhook) =>
      act(() => updateEndpoint(endpoint.id, { enabled: true }), text.reEnabled, text.reEnableFailed),
    remove: (endpoint: LinkWebhook) =>
      act(() => deleteEndpoint(endpoint.id), text.removed, text.removeFailed),
  };
}

export type LinkWebhooksView = ReturnType<typeof useLinkWebhooks>;
