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

/**
 * The palette's recently and frequently used commands and records, shown first when its box is empty: a command's id
 * or a record's `${entity}:${id}` with the title it had, when it was last used (ms) and how often. Kept here so that
 * they follow the user to any browser and are never left for the next user of a shared one.
 */
export const RECENT_MAX = 30;
export const recentUseSchema = z.strictObject({
  kind: z.enum(['command', 'record']),
  id: z.string().min(1).max(120),
  title: z.string().max(300).optional(),
  at: z.number().int().nonnegative(),
  count: z.number().int().positive().max(1_000_000),
});
export type RecentUse = z.infer<typeof recentUseSchema>;

export const prefsSchema = z.strictObject({
  theme: z.enum(THEMES).optional(),
  lang: z.enum(LANGUAGES).optional(),
  singleKeyShortcuts: z.boolean().optional(),
  keymap: z.record(z.string().max(80), z.string().max(40)).optional(),
  recent: z.array(recentUseSchema).max(RECENT_MAX).optional(),
}).refine((v) => Object.keys(v.keymap ?? {}).length <= 200, { message: 'Too many shortcuts', path: ['keymap'] });
