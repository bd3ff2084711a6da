import { http } from './client';

/** What the server says is configured: hosted login, the password form and push notifications are optional. */
export interface PublicConfig {
  /** Hosted login (OpenID Connect): the provider's name for the button; the server holds the rest. */
  hostedLogin: { name: string } | null;
  /** PASSWORD_SIGNIN=0 turns the password form off (hosted login only). */
  passwordSignIn?: boolean;
  firebase: { config: Record<string, string>; vapidKey?: string } | null;
  contentBase: string;
  /** Origins images may load from besides the console (IMAGE_HOSTS): registry/image-addresses.ts. */
  imageOrigins?: string[];
  /** Where the centres are (CENTRE_TIME_ZONE): a slot's day and start time are read there, by the server and the calendars. */
  centreTimeZone?: string;
  /** The largest file an import takes (IMPORT_MAX_MB). */
  importMaxMb?: number;
  importMaxRows?: number;
}

let cached: Promise<PublicConfig> | null = null;

/** Asked once per visit (it changes only when the server restarts with another configuration). */
export function publicConfig(): Promise<PublicConfig> {
  cached ??= http.get<{ data: PublicConfig }>('/api/auth/config').then((r) => r.data).catch(() => ({ hostedLogin: null, firebase: null, contentBase: '/content/' }));
  return cached;
}
