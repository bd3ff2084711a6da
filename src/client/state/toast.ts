import { proxy } from 'valtio';

/**
 * Toasts (sonner) are not part of the first load: the sign-in page and home show none by themselves, and sonner with
 * its Toaster is about a twentieth of that load compressed. The Toaster (shell/toasts.tsx) mounts once `wanted` is
 * set: by the first toast asked for here, when home starts fetching the screens staff open next (dashboard.tsx), or
 * on any page but the sign-in page and home (app.tsx). A toast that a screen raised through sonner before then is
 * not lost: sonner shows the toasts still active to a Toaster that mounts later.
 */
export const toasts = proxy({ wanted: false });

export function wantToasts() {
  toasts.wanted = true;
}

const sonner = () => {
  wantToasts();
  return import('sonner');
};

/**
 * The toasts of the modules the first load carries (the shell's keys, the commands' context): sonner loads with the
 * first one. Screens loaded later import sonner's `toast` themselves.
 */
export const toast = {
  info: (text: string) => void sonner().then((m) => m.toast.info(text)),
  success: (text: string) => void sonner().then((m) => m.toast.success(text)),
  warning: (text: string) => void sonner().then((m) => m.toast.warning(text)),
  error: (text: string) => void sonner().then((m) => m.toast.error(text)),
};
