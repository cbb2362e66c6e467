/**
 * The URL list's rules as pure transitions: newest first, each id once, and which URL is
 * selected after a load, an add, an edit, a live click or a delete.
 */
import type { ShortUrl } from '../../../../shared/links';

export interface ListState {
  /** Newest first, as the server lists them. */
  urls: ShortUrl[];
  selectedId: string | null;
}

export const emptyListState: ListState = { urls: [], selectedId: null };

/** A fresh list from the server: the selection is kept while that URL is still listed, else the first is selected. */
export function applyLoaded(state: ListState, urls: readonly ShortUrl[]): ListState {
  const isStillListed = state.selectedId !== null && urls.some((url) => url.id === state.selectedId);
  return { urls: [...urls], selectedId: isStillListed ? state.selectedId : (urls[0]?.id ?? null) };
}

export function selectUrl(state: ListState, id: string): ListState {
  if (state.selectedId === id || !state.urls.some((url) => url.id === id)) return state;
  return { ...state, selectedId: id };
}

/** A newly created URL goes on top and becomes the selected one. */
export function prependUrl(state: ListState, created: ShortUrl): ListState {
  const rest = state.urls.filter((url) => url.id !== created.id);
  return { urls: [created, ...rest], selectedId: created.id };
}

/**
 * An edited URL replaces its old version (`previousId`: its id before a new alias) in place; the
 * selection stays on it.
 */
export function replaceUrl(state: ListState, edited: ShortUrl, previousId = edited.id): ListState {
  if (!state.urls.some((url) => url.id === previousId)) return state;
  return {
    urls: state.urls.map((url) => (url.id === previousId ? edited : url)),
    selectedId: state.selectedId === previousId ? edited.id : state.selectedId,
  };
}

/** A live `url-click` event: that URL's click count becomes the server's total. Unknown ids change nothing. */
export function applyClick(state: ListState, urlId: string, totalClicks: number): ListState {
  const target = state.urls.find((url) => url.id === urlId);
  if (!target || target.clicks === totalClicks) return state;
  return {
    ...state,
    urls: state.urls.map((url) => (url.id === urlId ? { ...url, clicks: totalClicks } : url)),
  };
}

/** Removes a deleted URL. If it was selected, the next one (or the previous, if it was last) is selected, else none. */
export function removeUrl(state: ListState, id: string): ListState {
  const index = state.urls.findIndex((url) => url.id === id);
  if (index === -1) return state;
  const urls = state.urls.filter((url) => url.id !== id);
  if (state.selectedId !== id) return { ...state, urls };
  const neighbour = state.urls[index + 1] ?? state.urls[index - 1] ?? null;
  return { urls, selectedId: neighbour?.id ?? null };
}

export function selectedUrl(state: ListState): ShortUrl | null {
  if (state.selectedId === null) return null;
  return state.urls.find((url) => url.id === state.selectedId) ?? null;
}
