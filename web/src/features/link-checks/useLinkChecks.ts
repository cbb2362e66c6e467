/** The session's latest destination checks, one query the list marks and the detail card share. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LinkCheck } from '../../../../shared/link-checks';
import { notify } from '../../components/toasts';
import { messageOf } from '../../lib/http';
import { checkLink, listLinkChecks } from './api';
import { checkMessages as text } from './messages';

const QUERY_KEY = ['link-checks'];

export function useLinkChecks(): Map<string, LinkCheck> {
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: listLinkChecks, staleTime: 60_000 });
  return new Map((query.data ?? []).map((check) => [check.linkId, check]));
}

export function useCheckNow(linkId: string) {
  const queryClient = useQueryClient();
  const [isChecking, setIsChecking] = useState(false);
  async function run() {
    setIsChecking(true);
    try {
      const check = await checkLink(linkId);
      queryClient.setQueryData<LinkCheck[]>(QUERY_KEY, (old = []) => [
        ...old.filter((item) => item.linkId !== linkId),
        check,
      ]);
    } catch (error) {
      notify.error(messageOf(error, text.failed));
    } finally {
      setIsChecking(false);
    }
  }
  return { isChecking, run };
}
