import { http } from './client';

/**
 * The signed-in user's own things: preferences (theme, language, keymap, recents, columns) and the device's push
 * token (the inbox: inbox.ts). Plain calls: the shell makes them as it opens, before the data layer
 * loads (api/query-client.ts).
 */
export const me = {
  prefs: () => http.get<{ data: Record<string, unknown> }>('/api/me/prefs').then((r) => r.data),
  /** A partial change: only the preferences named are written. */
  savePrefs: (patch: Record<string, unknown>) => http.put<unknown>('/api/me/prefs', patch),
  /** The user's own password, the current one first: the user's other sessions end, this one goes on. */
  changePassword: (currentPassword: string, newPassword: string) => http.post<unknown>('/api/me/password', { currentPassword, newPassword }),
  /**
   * Proves who the user is again (the step-up dialog): the password, a one-time or recovery code, or a passkey's answer
   * to the options of stepUpOptions. The dangerous actions may then be done for STEP_UP_MINUTES.
   */
  stepUp: (proof: { password: string } | { code: string } | { webauthn: unknown }) => http.post<unknown>('/api/me/step-up', proof),
  stepUpOptions: () => http.post<{ data: unknown }>('/api/me/step-up/webauthn', {}).then((r) => r.data),
  registerPushToken: (userId: number, deviceToken: string) =>
    http.post<{ data: { fcmToken: { token: string } } }>(`/api/fcmToken/${userId}`, {
      token: { userId, userType: 'admin', device_token: deviceToken, device_type: 'web' },
    }).then((r) => r.data.fcmToken),
};
