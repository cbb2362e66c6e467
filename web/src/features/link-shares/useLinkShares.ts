/** A link's analytics links, for its owner: list, create (the token shown once) and revoke. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LinkShare, NewLinkShareAnswer, NewLinkShareInput } from '../../../../shared/link-shares';
import { notify } from '../../components/toasts';
import { messageOf } from '../../lib/http';
import { createLinkShare, listLinkShares, revokeLinkShare } from './api';
import { linkShareMessages as text } from './messages';

const queryKey = (linkId: string) => ['link-shares', linkId];

export function useLinkShares(linkId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKey(linkId), queryFn: () => listLinkShares(linkId) });
  const [created, setCreated] = useState<NewLinkShareAnswer | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKey(linkId) });

  async function create(input: NewLinkShareInput) {
    setIsCreating(true);
    try {
      setCreated(await createLinkShare(input));
      await refresh();
    } catch (error) {
      notify.error(messageOf(error, text.createFailed));
    } finally {
      setIsCreating(false);
    }
  }

  async function revoke(share: LinkShare) {
    try {
      await revokeLinkShare(share.id);
      notify.success(text.revoked);
      await refresh();
    } catch (error) {
      notify.error(messageOf(error, text.revokeFailed));
    }
  }

  return { shares: query.data ?? [], loadFailed: query.isError, created, isCreating, create, revoke };
}
