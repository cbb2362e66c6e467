/**
 * Starts or resumes the anonymous session once per page load. A session id from the URL
 * (?sessionId=…, from a Share link) is used for this page without replacing the stored one. An
 * access link (#key=…) hands this browser a key, and the key's session is resumed. A private
 * session this browser holds no key for shows as 'private'; when the server refuses the key
 * later (it was revoked), or says the session went private, the session starts again.
 */
import { createContext, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { SessionStart } from '../../../shared/access';
import { isSessionId, type SessionUser } from '../../../shared/sessions';
import { notify } from '../components/toasts';
import { activeAccessKey, ApiError, http, onAccessRefused, setSessionOverride } from '../lib/http';
import { clearAccessKey, clearSession, getValidSessionId, storeSession } from '../lib/storage';
import { takeAccessLinkKey } from './access-link';

export interface SessionState {
  user: SessionUser | null;
  /** 'private': the session is private and this browser holds no key for it; `user` is null. */
  status: 'loading' | 'ready' | 'error' | 'private';
  /** True when the page shows a session opened from a Share link. */
  isShared: boolean;
  /** True while the session is private (this browser opens it with its key). */
  isPrivate: boolean;
  /** True once the server refused this browser's key on this page (it was revoked). */
  lostKey: boolean;
  retry: () => void;
  /** Records a privacy change made on this page. */
  setPrivate: (isPrivate: boolean) => void;
  /** Leaves a session this browser cannot open: back to its own (from a Share link), or a new one. */
  startOver: () => void;
}

export const SessionContext = createContext<SessionState | null>(null);

const KEY_REFUSED_TEXT = 'This browser’s key was refused: it was revoked, or it does not exist.';

function urlSessionId(): string | null {
  const value = new URLSearchParams(window.location.search).get('sessionId');
  return isSessionId(value) ? value : null;
}

/** Where the page's session comes from: a Share link's id, or (null) this browser's own. */
function initialShare(): string | null {
  // An access link names its session through its key.
  return takeAccessLinkKey() ? null : urlSessionId();
}

async function postSession(fromUrl: string | null): Promise<SessionStart> {
  const sessionId = fromUrl ?? getValidSessionId();
  const body = sessionId ? { sessionId, referrer: document.referrer } : {};
  const answer = await http.post<SessionStart>('/api/user', body);
  if (!fromUrl) storeSession(answer.sessionId);
  return answer;
}

/** The start in flight: a provider mounted again while it runs joins it instead of posting again. */
let starting: Promise<SessionStart> | null = null;

/**
 * Two posts at once from a browser without a stored session would open two sessions, and the
 * cookie (set by whichever answer came last) could name another session than the one stored.
 */
function startSession(fromUrl: string | null): Promise<SessionStart> {
  starting ??= postSession(fromUrl).finally(() => {
    starting = null;
  });
  return starting;
}

type ProvidedState = Omit<SessionState, 'retry' | 'setPrivate' | 'startOver'>;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [fromUrl, setFromUrl] = useState(initialShare);
  const [state, setState] = useState<ProvidedState>({
    user: null,
    status: 'loading',
    isShared: fromUrl !== null,
    isPrivate: false,
    lostKey: false,
  });
  const [attempt, setAttempt] = useState(0);
  // Several calls refused at once start the session again once.
  const isRestarting = useRef(false);

  useEffect(
    () =>
      onAccessRefused((refusal) => {
        if (isRestarting.current) return;
        isRestarting.current = true;
        if (refusal === 'key') notify.error(KEY_REFUSED_TEXT);
        setState((current) => ({
          ...current,
          user: null,
          status: 'loading',
          lostKey: current.lostKey || refusal === 'key',
        }));
        setAttempt((count) => count + 1);
      }),
    [],
  );

  useEffect(() => {
    let isCurrent = true;
    setSessionOverride(fromUrl);
    startSession(fromUrl).then(
      (answer) => {
        isRestarting.current = false;
        if (!isCurrent) return;
        const isPrivate = answer.private === true;
        const canOpen = !isPrivate || activeAccessKey() !== null;
        setState((current) => ({
          ...current,
          user: canOpen ? { id: answer.id, sessionId: answer.sessionId } : null,
          status: canOpen ? 'ready' : 'private',
          isShared: fromUrl !== null,
          isPrivate,
        }));
      },
      (error: unknown) => {
        // A refused key: the refusal listener has already asked for another start, without it.
        if (error instanceof ApiError && error.status === 401) return;
        isRestarting.current = false;
        clearSession();
        if (isCurrent) setState((current) => ({ ...current, user: null, status: 'error' }));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [fromUrl, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const setPrivate = useCallback(
    (isPrivate: boolean) => setState((current) => ({ ...current, isPrivate })),
    [],
  );
  const startOver = useCallback(() => {
    if (fromUrl) {
      // Back to this browser's own session, which the Share link never replaced.
      window.history.replaceState(window.history.state, '', window.location.pathname);
      setFromUrl(null);
    } else {
      clearSession();
      clearAccessKey();
    }
    setState({ user: null, status: 'loading', isShared: false, isPrivate: false, lostKey: false });
    setAttempt((count) => count + 1);
  }, [fromUrl]);

  return (
    <SessionContext.Provider value={{ ...state, retry, setPrivate, startOver }}>
      {children}
    </SessionContext.Provider>
  );
}
