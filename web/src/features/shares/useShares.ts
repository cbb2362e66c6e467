import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewShareInput, NewShareLink, ShareLink } from '../../../../shared/shares';
import { notify } from '../../components/toasts';
import { messageOf } from '../../lib/http';
import { createShare, listShares, revokeShare } from './api';
import { shareMessages as text } from './messages';

const sharesQueryKey = (sessionId: string) => ['share-links', sessionId] as const;

export interface SharesView {
  links: ShareLink[] | undefined;
  loadFailed: boolean;
  reload: () => void;
  create: (input: NewShareInput) => Promise<NewShareLink | null>;
  revoke: (link: ShareLink) => Promise<void>;
}

/** The inspector's share links through react-query, loaded while the drawer is open; making and revoking them. */
export function useShares(sessionId: string, isOpen: boolean): SharesView {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: sharesQueryKey(sessionId), queryFn: listShares, enabled: isOpen });
  const reload = () => void queryClient.invalidateQueries({ queryKey: sharesQueryKey(sessionId) });

  async function create(input: NewShareInput): Promise<NewShareLink | null> {
    try {
      const created = await createShare(input);
      reload();
      return created;
    } catch (error) {
      notify.error(messageOf(error, text.createFailed));
      return null;
    }
  }

  async function revoke(link: ShareLink) {
    try {
      await revokeShare(link.id);
      notify.success(text.revoked);
    } catch (error) {
      notify.error(messageOf(error, text.revokeFailed));
    }
    reload();
  }

  return { links: query.data, loadFailed: query.isError, reload, create, revoke };
}
