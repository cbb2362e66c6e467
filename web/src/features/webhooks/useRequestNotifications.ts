/**
 * Browser notifications for requests arriving live: permission is asked once when the page opens,
 * and each `webhook-request` shows 'New Webhook Request' while it is granted. Does nothing in
 * browsers without the Notification API.
 */
import { useEffect, useRef } from 'react';
import { WEBHOOK_REQUEST } from '../../../../shared/realtime';
import { displayMethod, type WebhookEvent } from '../../../../shared/webhooks';
import { formatDateTime } from '../../lib/format';
import { useRealtimeEvent } from '../../session/useRealtimeEvent';
import { messages } from './messages';

const isSupported = (): boolean => typeof Notification !== 'undefined';

function showRequestNotification(event: WebhookEvent): void {
  const body = messages.notificationBody(displayMethod(event.method), formatDateTime(event.timestamp));
  new Notification(messages.notificationTitle, { body });
}

export function useRequestNotifications(): void {
  // Reading Notification.permission asks the browser process each time, too slow for a burst of requests.
  const permission = useRef<NotificationPermission>('default');
  useEffect(() => {
    if (!isSupported()) return;
    const refresh = () => {
      permission.current = Notification.permission;
    };
    refresh();
    let status: PermissionStatus | null = null;
    let isMounted = true;
    // A change made later in the browser's site settings is noticed here, where the browser reports it.
    navigator.permissions?.query({ name: 'notifications' }).then(
      (result) => {
        if (!isMounted) return;
        status = result;
        result.addEventListener('change', refresh);
      },
      () => undefined,
    );
    if (Notification.permission === 'default') {
      // Some browsers only offer the older callback form; a refusal needs no handling.
      void Promise.resolve(Notification.requestPermission()).then(refresh, () => undefined);
    }
    return () => {
      isMounted = false;
      status?.removeEventListener('change', refresh);
    };
  }, []);
  useRealtimeEvent(WEBHOOK_REQUEST, (event) => {
    if (permission.current === 'granted') showRequestNotification(event);
  });
}
