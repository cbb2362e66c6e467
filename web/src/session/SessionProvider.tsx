/**
 * Starts or resumes the anonymous session once per page load. A session id from the URL
 * (?sessionId=…, from a Share link) is used for this page without replacing the stored one.
 */
import { createContext, useCallback, useEffect, useState, type ReactNode } from 'react';
import { isSessionId, type SessionUser } from '../../../shared/sessions';
import { http, setSessionOverride } from '../lib/http';
import { clearSession, getValidSessionId, storeSession } from '../lib/storage';

export interface SessionState {
  user: SessionUser | null;
  status: 'loading' | 'ready' | 'error';
  /** True when the page shows a session opened from a Share link. */
  isShared: boolean;
  retry: () => void;
}

export const SessionContext = createContext<SessionState | null>(null);

function urlSessionId(): string | null {
  const value = new URLSearchParams(window.location.search).get('sessionId');
  return isSessionId(value) ? value : null;
}

async function postSession(fromUrl: string | null): Promise<SessionUser> {
  const sessionId = fromUrl ?? getValidSessionId();
  const body = sessionId ? { sessionId, referrer: document.referrer } : {};
  const user = await http.post<SessionUser>('/api/user', body);
  if (!fromUrl) storeSession(user.sessionId);
  return user;
}

/** The start in flight: a provider mounted again while it runs joins it instead of posting again. */
let starting: Promise<SessionUser> | null = null;

/**
 * Two posts at once from a browser without a stored session would open two sessions, and the
 * cookie (set by whichever answer came last) could name another session than the one stored.
 */
function startSession(fromUrl: string | null): Promise<SessionUser> {
  starting ??= postSession(fromUrl).finally(() => {
    starting = null;
  });
  return starting;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [fromUrl] = useState(urlSessionId);
  const [state, setState] = useState<Omit<SessionState, 'retry'>>({
    user: null,
    status: 'loading',
    isShared: fromUrl !== null,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setSessionOverride(fromUrl);
    startSession(fromUrl).then(
      (user) => isCurrent && setState({ user, status: 'ready', isShared: fromUrl !== null }),
      () => {
        clearSession();
        if (isCurrent) setState({ user: null, status: 'error', isShared: fromUrl !== null });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [fromUrl, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return <SessionContext.Provider value={{ ...state, retry }}>{children}</SessionContext.Provider>;
}
