import { z } from 'zod';

/**
 * Per-user preferences (DECISIONS.md "Settings"), kept on the server across sign-ins. One declaration read by the
 * server's validator (PUT /api/me/prefs), the client's store and the commands that change them.
 * Themes: themedefault (light, the default), dark, high contrast, and `system`, which follows the device's setting.
 */
export const THEMES = ['themedefault', 'dark', 'contrast', 'system'] as const;
export const LANGUAGES = ['en', 'zh', 'es', 'fr', 'it'] as const;

export type Theme = (typeof THEMES)[number];
export type Language = (typeof LANGUAGES)[number];

export const prefsSchema = z.strictObject({
  theme: z.enum(THEMES).optional(),
  lang: z.enum(LANGUAGES).optional(),
  singleKeyShortcuts: z.boolean().optional(),
  keymap: z.record(z.string().max(80), z.string().max(40)).optional(),
}).refine((v) => Object.keys(v.keymap ?? {}).length <= 200, { message: 'Too many shortcuts', path: ['keymap'] });
