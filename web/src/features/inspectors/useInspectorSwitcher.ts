/**
 * The switcher's inspectors and what can be done with them. The shown one's requests come over
 * the page's own socket; each other one gets a socket of its own (with its key when private), so
 * their counts and "new" badges rise live. Switching stores the chosen one as the session's and
 * starts the session again: the page, keyed by session id, then shows it without a reload.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { WEBHOOK_REQUEST, WEBHOOKS_CLEARED } from '../../../../shared/realtime';
import { notify } from '../../components/toasts';
import { activeAccessKey, messageOf, type CallerIdentity } from '../../lib/http';
import { createSocket } from '../../lib/socket';
import { useOnConnect, useRealtimeEvent } from '../../session/useRealtimeEvent';
import { useSession } from '../../session/useSession';
import { countOf, createInspector, deleteInspector, nameOf, renameAs } from './api';
import {
  readOtherInspectors,
  storeReplacement,
  storeSwitch,
  writeOtherInspectors,
  type RememberedInspector,
} from './remembered';
import { announceRename, useRenames } from './renames';
import { switcherMessages as text } from './switcher-messages';
import {
  initialEntries,
  labelOf,
  othersOf,
  switcherReducer,
  type SwitcherAction,
  type SwitcherEntry,
} from './switcher-state';

export interface InspectorSwitcher {
  entries: SwitcherEntry[];
  open(entry: SwitcherEntry): void;
  /** Rejects with the server's refusal. */
  create(name: string | null): Promise<void>;
  rename(entry: SwitcherEntry, name: string | null): Promise<void>;
  forget(entry: SwitcherEntry): void;
  remove(entry: SwitcherEntry): Promise<void>;
}

const callerOf = (entry: RememberedInspector): CallerIdentity => ({
  sessionId: entry.sessionId,
  key: entry.key,
});

function useCounting(dispatch: (action: SwitcherAction) => void) {
  return useCallback(
    (inspector: RememberedInspector) => {
      const { sessionId } = inspector;
      dispatch({ type: 'counting', sessionId });
      countOf(callerOf(inspector)).then(
        ({ total, newestId }) => dispatch({ type: 'counted', sessionId, total, newestId: newestId ?? 0 }),
        (error: unknown) =>
          dispatch({ type: 'unreachable', sessionId, problem: messageOf(error, text.unreachable) }),
      );
    },
    [dispatch],
  );
}

/** A socket per inspector not shown, for as long as it is in the list. */
function useOthersLive(others: RememberedInspector[], dispatch: (action: SwitcherAction) => void) {
  const recount = useCounting(dispatch);
  // The connections change only when an inspector (or its key) comes or goes, not on a rename.
  const connected = JSON.stringify(others.map(({ sessionId, key }) => ({ sessionId, key })));
  useEffect(() => {
    const inspectors = JSON.parse(connected) as RememberedInspector[];
    const sockets = inspectors.map((other) => {
      const { sessionId } = other;
      const socket = createSocket(sessionId, () => other.key);
      socket.on(WEBHOOK_REQUEST, (event) => dispatch({ type: 'captured', sessionId, id: event.id }));
      socket.on(WEBHOOKS_CLEARED, () => recount(other));
      // Also at the first connection: what came before it is counted.
      socket.on('connect', () => recount(other));
      socket.on('connect_error', () =>
        dispatch({ type: 'unreachable', sessionId, problem: text.unreachable }),
      );
      socket.connect();
      return socket;
    });
    return () => sockets.forEach((socket) => socket.close());
  }, [connected, dispatch, recount]);
}

export function useInspectorSwitcher(sessionId: string): InspectorSwitcher {
  const { retry, startOver } = useSession();
  const [entries, dispatch] = useReducer(switcherReducer, undefined, () =>
    initialEntries(
      { sessionId, name: null, key: activeAccessKey() },
      readOtherInspectors().filter((other) => other.sessionId !== sessionId),
    ),
  );
  const others = useMemo(() => othersOf(entries), [entries]);
  const stored = JSON.stringify(others);
  useEffect(() => writeOtherInspectors(JSON.parse(stored) as RememberedInspector[]), [stored]);

  const recount = useCounting(dispatch);
  const shown = entries.find((entry) => entry.isShown) ?? entries[0];
  const shownCaller = useMemo(() => ({ sessionId, name: null, key: activeAccessKey() }), [sessionId]);
  useRealtimeEvent(WEBHOOK_REQUEST, (event) => dispatch({ type: 'captured', sessionId, id: event.id }));
  useRealtimeEvent(WEBHOOKS_CLEARED, () => recount(shownCaller));
  useOnConnect(() => recount(shownCaller));
  useOthersLive(others, dispatch);
  useRenames((rename) => dispatch({ type: 'named', ...rename }));

  // Names as they are now (one may have been renamed elsewhere); once, when the page shows.
  const initial = useRef(entries);
  useEffect(() => {
    for (const entry of initial.current)
      nameOf(callerOf(entry)).then(
        ({ name }) => dispatch({ type: 'named', sessionId: entry.sessionId, name }),
        () => undefined,
      );
  }, []);

  const open = useCallback(
    (target: SwitcherEntry) => {
      if (!shown || target.isShown) return;
      storeSwitch({ sessionId: shown.sessionId, name: shown.name }, target, others);
      retry();
    },
    [shown, others, retry],
  );

  const create = useCallback(async (name: string | null) => {
    const made = await createInspector(name);
    dispatch({
      type: 'added',
      inspector: { sessionId: made.sessionId, name: made.name, key: made.key ?? null },
    });
    notify.success(text.created(labelOf(made)));
  }, []);

  const rename = useCallback(async (entry: SwitcherEntry, name: string | null) => {
    const answer = await renameAs(callerOf(entry), name);
    announceRename({ sessionId: entry.sessionId, name: answer.name });
    notify.success(text.renamed(labelOf({ sessionId: entry.sessionId, name: answer.name })));
  }, []);

  const forget = useCallback((entry: SwitcherEntry) => {
    dispatch({ type: 'dropped', sessionId: entry.sessionId });
    notify.success(text.forgotten(labelOf(entry)));
  }, []);

  const remove = useCallback(
    async (entry: SwitcherEntry) => {
      await deleteInspector(callerOf(entry));
      notify.success(text.deleted(labelOf(entry)));
      if (!entry.isShown) return dispatch({ type: 'dropped', sessionId: entry.sessionId });
      const next = others[0];
      if (!next) return startOver();
      storeReplacement(next, others);
      retry();
    },
    [others, retry, startOver],
  );

  return { entries, open, create, rename, forget, remove };
}
