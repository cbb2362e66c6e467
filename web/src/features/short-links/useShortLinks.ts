/**
 * The URL list of the current session: loaded through react-query, held here with its
 * selection (the rules live in list-state.ts), kept live by `url-click` events and refreshed
 * after a socket reconnect so clicks made while it was away are counted.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isValidLongUrl, type ShortUrl } from '../../../../shared/links';
import { URL_CLICK } from '../../../../shared/realtime';
import { notify, TOAST_CLICK_MS } from '../../components/toasts';
import { useStatusBanner } from '../../components/StatusBanner';
import { ApiError, messageOf } from '../../lib/http';
import { useOnConnect, useRealtimeEvent } from '../../session/useRealtimeEvent';
import { addFailureMessage } from './add-failure';
import { addUrl, deleteUrl, listUrls, shouldRetry, updateUrl } from './api';
import { notifyLinkCreated } from './components/LinkCreatedToast';
import type { OptionsBody } from './link-form';
import {
  applyClick,
  applyLoaded,
  emptyListState,
  prependUrl,
  removeUrl,
  replaceUrl,
  selectedUrl,
  selectUrl,
  type ListState,
} from './list-state';
import { messages } from './messages';

/** A refused alias: the server's words, and the free variant it offers, if any. */
export interface AliasTaken {
  message: string;
  suggestion: string | null;
}

export type AliasTakenHandler = (taken: AliasTaken) => void;

/** The refusal of a taken alias (409), when that is what `error` is. */
function aliasTakenOf(error: unknown): AliasTaken | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const { suggestion } = error.details;
  return { message: error.message, suggestion: typeof suggestion === 'string' ? suggestion : null };
}

export interface ShortLinksView {
  urls: ShortUrl[];
  selected: ShortUrl | null;
  isLoading: boolean;
  loadFailed: boolean;
  /** The status line shown above the page; clears itself after 3000 ms. */
  banner: string;
  isSaving: boolean;
  isDeleting: boolean;
  select: (id: string) => void;
  retryLoad: () => void;
  /**
   * Validates, then creates. Resolves true when the URL was added. A taken alias is reported
   * to `onAliasTaken` alone, so the form shows it once, beside the alias.
   */
  add: (value: string, options?: OptionsBody, onAliasTaken?: AliasTakenHandler) => Promise<boolean>;
  /** Validates, then saves. Resolves true when the URL was updated. */
  update: (
    id: string,
    value: string,
    options?: OptionsBody,
    onAliasTaken?: AliasTakenHandler,
  ) => Promise<boolean>;
  remove: (id: string) => Promise<boolean>;
}

/** Mount it under a key of the session id: a new session starts from an empty list. */
export function useShortLinks(sessionId: string): ShortLinksView {
  const [state, setState] = useState<ListState>(emptyListState);
  const [banner, setBanner] = useStatusBanner();
  const query = useQuery({ queryKey: ['short-links', sessionId], queryFn: listUrls, retry: shouldRetry });

  // Each answer from the server (cached or fresh) is folded into the list once, during render.
  const [syncedAt, setSyncedAt] = useState(0);
  if (query.isSuccess && query.dataUpdatedAt !== syncedAt) {
    setSyncedAt(query.dataUpdatedAt);
    setState((current) => applyLoaded(current, query.data));
  }

  useEffect(() => {
    if (query.isError && query.errorUpdatedAt > 0) notify.error(messages.fetchFailed);
  }, [query.isError, query.errorUpdatedAt]);

  useRealtimeEvent(URL_CLICK, ({ urlId, totalClicks }) => {
    setState((current) => applyClick(current, urlId, totalClicks));
    notify.info(messages.newClick(urlId), TOAST_CLICK_MS);
  });
  useOnConnect(() => {
    if (query.isSuccess) void query.refetch({ cancelRefetch: false });
  });

  const addMutation = useMutation({
    mutationFn: (draft: { url: string; options: OptionsBody }) => addUrl(draft.url, draft.options),
  });
  const updateMutation = useMutation({
    mutationFn: (edit: { id: string; url: string; options: OptionsBody }) =>
      updateUrl(edit.id, edit.url, edit.options),
  });
  const deleteMutation = useMutation({ mutationFn: deleteUrl });

  function report(text: string, isError = false) {
    if (isError) notify.error(text);
    else notify.success(text);
    setBanner(text);
  }

  /** The trimmed URL when it passes the form's rule; otherwise says why and returns null. */
  function validUrl(value: string): string | null {
    const url = value.trim();
    if (isValidLongUrl(url)) return url;
    notify.error(messages.invalidUrl);
    return null;
  }

  async function add(value: string, options: OptionsBody = {}, onAliasTaken?: AliasTakenHandler) {
    const url = validUrl(value);
    if (url === null) return false;
    try {
      const created = await addMutation.mutateAsync({ url, options });
      setState((current) => prependUrl(current, created));
      setBanner(messages.added);
      notifyLinkCreated(created.shortUrl);
      return true;
    } catch (error) {
      const taken = aliasTakenOf(error);
      if (taken && onAliasTaken) onAliasTaken(taken);
      else report(addFailureMessage(error), true);
      return false;
    }
  }

  async function update(
    id: string,
    value: string,
    options: OptionsBody = {},
    onAliasTaken?: AliasTakenHandler,
  ) {
    const url = validUrl(value);
    if (url === null) return false;
    try {
      const edited = await updateMutation.mutateAsync({ id, url, options });
      setState((current) => replaceUrl(current, edited, id));
      report(messages.updated);
      return true;
    } catch (error) {
      const taken = aliasTakenOf(error);
      if (taken && onAliasTaken) {
        onAliasTaken(taken);
        return false;
      }
      // Only a rejected URL or option (400) or a taken alias (409) is worth the server's words;
      // anything else keeps the product's wording.
      report(
        error instanceof ApiError && (error.status === 400 || error.status === 409)
          ? messageOf(error, messages.updateFailed)
          : messages.updateFailed,
        true,
      );
      return false;
    }
  }

  async function remove(id: string): Promise<boolean> {
    try {
      await deleteMutation.mutateAsync(id);
      setState((current) => removeUrl(current, id));
      report(messages.deleted);
      return true;
    } catch {
      report(messages.deleteFailed, true);
      return false;
    }
  }

  return {
    urls: state.urls,
    selected: selectedUrl(state),
    isLoading: query.isPending,
    loadFailed: query.isError,
    banner,
    isSaving: addMutation.isPending || updateMutation.isPending,
    isDeleting: deleteMutation.isPending,
    select: (id) => setState((current) => selectUrl(current, id)),
    retryLoad: () => void query.refetch(),
    add,
    update,
    remove,
  };
}
