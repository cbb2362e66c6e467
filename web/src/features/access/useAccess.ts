/**
 * The access card's data and actions: the session's keys through react-query, turning privacy on
 * (this browser first makes and stores its own key, and reconnects its socket with it, so it keeps
 * working without a step of the user's) and off, making keys, and revoking them.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { keyIdOf, type ApiKey, type KeyScope, type NewApiKey } from '../../../../shared/access';
import { notify } from '../../components/toasts';
import { activeAccessKey, messageOf } from '../../lib/http';
import { reconnectSocket } from '../../lib/socket';
import { clearAccessKey, storeAccessKey } from '../../lib/storage';
import { RealtimeContext } from '../../session/RealtimeProvider';
import { useSession } from '../../session/useSession';
import { createKey, listKeys, revokeKey, setPrivacy } from './api';
import { browserLabel } from './browser-label';
import { accessMessages as text } from './messages';

export const keysQueryKey = (sessionId: string) => ['access-keys', sessionId] as const;

export interface AccessView {
  /** Whether the inspector is private; while a change is on its way, the value asked for. */
  isPrivate: boolean;
  isSwitching: boolean;
  changePrivacy: (isPrivate: boolean) => Promise<void>;
  keys: ApiKey[] | undefined;
  isLoading: boolean;
  loadFailed: boolean;
  retryLoad: () => void;
  /** The id of the key this browser holds, if any. */
  ownKeyId: string | null;
  /** The new key, or null when it could not be made (the reason is shown in a toast). */
  create: (name: string, scope: KeyScope) => Promise<NewApiKey | null>;
  revoke: (key: ApiKey) => Promise<void>;
}

/** `isOpen`: the key list is shown, so it is loaded. */
export function useAccess(sessionId: string, isOpen: boolean): AccessView {
  const session = useSession();
  const socket = useContext(RealtimeContext);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: keysQueryKey(sessionId), queryFn: listKeys, enabled: isOpen });
  const [asked, setAsked] = useState<boolean | null>(null);
  const ownKey = activeAccessKey();
  const refreshKeys = () => queryClient.invalidateQueries({ queryKey: keysQueryKey(sessionId) });

  /** Makes and stores this browser's own key unless it holds one; its socket then carries it. */
  async function ensureOwnKey(): Promise<void> {
    if (activeAccessKey()) return;
    const created = await createKey(text.browserKeyName(browserLabel(navigator.userAgent)));
    storeAccessKey(created.key);
    if (socket) reconnectSocket(socket);
  }

  async function changePrivacy(isPrivate: boolean) {
    setAsked(isPrivate);
    try {
      if (isPrivate) await ensureOwnKey();
      const answer = await setPrivacy(isPrivate);
      session.setPrivate(answer.private);
      notify.success(answer.private ? text.turnedOn : text.turnedOff);
    } catch (error) {
      notify.error(messageOf(error, isPrivate ? text.turnOnFailed : text.turnOffFailed));
    } finally {
      setAsked(null);
      void refreshKeys();
    }
  }

  async function create(name: string, scope: KeyScope): Promise<NewApiKey | null> {
    try {
      const created = await createKey(name, scope);
      void refreshKeys();
      return created;
    } catch (error) {
      notify.error(messageOf(error, text.createFailed));
      return null;
    }
  }

  async function revoke(key: ApiKey) {
    const isOwn = ownKey !== null && keyIdOf(ownKey) === key.id;
    try {
      await revokeKey(key.id);
      notify.success(text.revoked);
    } catch (error) {
      notify.error(messageOf(error, text.revokeFailed));
      return;
    }
    if (!isOwn) {
      void refreshKeys();
      return;
    }
    // This browser's own key: forget it; a private session then shows why it cannot be opened.
    clearAccessKey();
    if (session.isPrivate) session.retry();
    else void refreshKeys();
  }

  return {
    isPrivate: asked ?? session.isPrivate,
    isSwitching: asked !== null,
    changePrivacy,
    keys: query.data,
    isLoading: isOpen && query.isPending,
    loadFailed: query.isError,
    retryLoad: () => void query.refetch(),
    ownKeyId: ownKey ? keyIdOf(ownKey) : null,
    create,
    revoke,
  };
}
