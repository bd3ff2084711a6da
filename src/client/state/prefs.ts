import { proxy } from 'valtio';
import { setLanguage } from '../i18n';
import type { ColumnsPrefs, Language, RecentUse, Theme } from '../../registry';

/** Per-user settings, kept on the server across sign-ins (docs/decisions.md#settings-are-the-users-kept-on-the-server) and cached locally for the sign-in page. */
export interface Prefs {
  theme: Theme;
  lang: Language;
  singleKeyShortcuts: boolean;
  keymap: Record<string, string>;
  /** The palette's recently used commands and records (state/recents.ts); never in the local cache. */
  recent: RecentUse[];
  /** Each list's hidden columns and widths (list/column-prefs.ts); the user's, so never in the local cache either. */
  columns: ColumnsPrefs;
  /** The first day of the week (1 Monday … 7 Sunday); null: the language's (state/week.ts). */
  weekStart: number | null;
}

const CACHE_KEY = 'console_prefs';
const DEFAULTS: Prefs = { theme: 'themedefault', lang: 'en', singleKeyShortcuts: true, keymap: {}, recent: [], columns: {}, weekStart: null };

function cached(): Prefs {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(CACHE_KEY) ?? '{}') };
  } catch {
    return { ...DEFAULTS };
  }
}

export const prefs = proxy<Prefs>(cached());

const systemDark = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/** The theme shown: `system` follows the device's light or dark setting, live. */
export function shownTheme(theme: Theme): Exclude<Theme, 'system'> {
  if (theme !== 'system') return theme;
  return systemDark?.matches ? 'dark' : 'themedefault';
}

systemDark?.addEventListener('change', () => { if (prefs.theme === 'system') void applyPrefs(); });

/** Shows the preferences; the promise ends when the language's strings are in (loaded on first use). */
export function applyPrefs(): Promise<void> {
  document.documentElement.dataset.theme = shownTheme(prefs.theme);
  const language = setLanguage(prefs.lang);
  // The cache is the browser's, not the user's: recent records (patients' names) stay on the server.
  const { recent: _recent, columns: _columns, ...shared } = prefs;
  localStorage.setItem(CACHE_KEY, JSON.stringify(shared));
  return language;
}

/**
 * The user's preferences as the server keeps them, over the defaults (reading and saving them: api/prefs.ts). Null, when
 * they could not be read: the cached theme and language stay, never the last user's recents or columns.
 */
export function takePrefs(kept: Partial<Prefs> | null): void {
  if (kept) Object.assign(prefs, { ...DEFAULTS, ...kept });
  else { prefs.recent = []; prefs.columns = {}; }
}
