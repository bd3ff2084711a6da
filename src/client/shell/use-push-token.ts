import { useEffect } from 'react';
import { STORAGE } from '../api/client';
import { me } from '../api/me';
import { publicConfig } from '../api/public-config';
import { session } from '../state/session';

/**
 * spec §7: on shell load, when a user id exists and the stored push token differs from the device's,
 * send it to the server (api/me.ts `registerPushToken`); store it on success, else log "Error Saving Token".
 * Only when Firebase is configured: otherwise the console never calls the endpoint (DECISIONS.md).
 */
export function usePushToken() {
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
