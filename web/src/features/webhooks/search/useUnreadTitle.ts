/**
 * While the tab is hidden, every request that arrives adds to a count in front of the tab's
 * title, "(3) Webhook Inspector – Hookbay"; showing the tab again clears it.
 */
import { useEffect, useRef } from 'react';
import { WEBHOOK_REQUEST } from '../../../../../shared/realtime';
import { useRealtimeEvent } from '../../../session/useRealtimeEvent';
import { searchMessages } from './messages';

export function useUnreadTitle(): void {
  const unread = useRef({ count: 0, title: '' });

  useRealtimeEvent(WEBHOOK_REQUEST, () => {
    if (document.visibilityState !== 'hidden') return;
    const current = unread.current;
    // The page's own title, as it was when the first unread request came.
    if (current.count === 0) current.title = document.title;
    current.count += 1;
    document.title = searchMessages.unreadTitle(current.count, current.title);
  });

  useEffect(() => {
    const current = unread.current;
    const clear = () => {
      if (document.visibilityState === 'hidden' || current.count === 0) return;
      current.count = 0;
      document.title = current.title;
    };
    document.addEventListener('visibilitychange', clear);
    return () => {
      document.removeEventListener('visibilitychange', clear);
      clear();
    };
  }, []);
}
