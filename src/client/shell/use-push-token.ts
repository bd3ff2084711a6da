import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { STORAGE } from '../api/client';
import { me } from '../api/me';
import { publicConfig } from '../api/public-config';
import { session } from '../state/session';

/**
 * spec §7: on shell load, when a user id exists and the stored push token differs from the device's,
 * send it to the server (api/me.ts `registerPushToken`); store it on success, else log "Error Saving Token".
 * Only when Firebase is configured: otherwise the console never calls the endpoint (docs/decisions.md#push-only-when-firebase-is-configured).
 */
export function usePushToken() {
  // A push clicked while this tab is open: the service worker focuses it and says where the item's record is
  // (server/push/service-worker.ts); only a console address is followed.
  useEffect(() => {
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!sw) return;
    const onMessage = (e: MessageEvent) => {
      const msg = e.data as { type?: unknown; link?: unknown } | null;
      if (msg?.type === 'console-open' && typeof msg.link === 'string' && msg.link.startsWith('/dashboard')) navigate(msg.link);
    };
    sw.addEventListener('message', onMessage);
    return () => sw.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    const userId = session.user?.id;
    if (!userId) return;
    let cancelled = false;
    void (async () => {
      const cfg = await publicConfig();
      if (!cfg.firebase || cancelled || !('Notification' in window)) return;
      try {
        const [{ initializeApp }, { getMessaging, getToken }] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
        const messaging = getMessaging(initializeApp(cfg.firebase.config));
        const deviceToken = await getToken(messaging, { vapidKey: cfg.firebase.vapidKey });
        const stored = JSON.parse(localStorage.getItem(STORAGE.fcmToken) ?? 'null') as { token?: string } | null;
        if (!deviceToken || stored?.token === deviceToken) return;
        localStorage.setItem(STORAGE.fcmToken, JSON.stringify(await me.registerPushToken(userId, deviceToken)));
      } catch {
        console.log('Error Saving Token');
      }
    })();
    return () => { cancelled = true; };
  }, []);
}
