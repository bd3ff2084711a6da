import { z } from 'zod';
import { ENTITIES } from './entities';

/**
 * Per-user preferences (docs/decisions.md#settings-are-the-users-kept-on-the-server), kept on the server across sign-ins. One declaration read by the
 * server's validator (PUT /api/me/prefs), the client's store and the commands that change them.
 * Themes: themedefault (light, the default), dark, high contrast, and `system`, which follows the device's setting.
 */
export const THEMES = ['themedefault', 'dark', 'contrast', 'system'] as const;
export const LANGUAGES = ['en', 'zh', 'es', 'fr', 'it'] as const;

export type Theme = (typeof THEMES)[number];
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/**
 * The palette's recently and frequently used commands and records, shown first when its box is empty: a command's id
 * or a record's `${entity}:${id}` with the title it had, when it was last used (ms) and how often. Kept here so that
 * they follow the user to any browser and are never left for the next user of a shared one.
 */
export const RECENT_MAX = 30;
// The schemas below are built in calls marked pure: the server validates with them, and the client, which never
// reads them, leaves them out of its first load (a bundler keeps a plain top-level call, in case it has effects).
export const recentUseSchema = /* @__PURE__ */ (() => z.strictObject({
  kind: z.enum(['command', 'record']),
  id: z.string().min(1).max(120),
  title: z.string().max(300).optional(),
  at: z.number().int().nonnegative(),
  count: z.number().int().positive().max(1_000_000),
}))();
export type RecentUse = z.infer<typeof recentUseSchema>;

/**
 * A list's columns as the user left them (the generic list's Columns menu and resize handles): per entity, the
 * columns hidden and the widths set (px). Bounded: widths within COLUMN_WIDTH, names of the entity's own list
 * columns only (an unknown entity or column is refused, never stored), at least one column left shown.
 */
export const COLUMN_WIDTH = { min: 48, max: 960 } as const;
/** Each list's columns by entity name (made once, on the first check). */
let listColumnsByEntity: Map<string, Set<string>> | undefined;
const listColumns = () => (listColumnsByEntity ??= new Map(ENTITIES.map((e) => [e.name, new Set(e.columns)])));
const columnName = /* @__PURE__ */ (() => z.string().min(1).max(80))();
export const listColumnsSchema = /* @__PURE__ */ (() => z.strictObject({
  hidden: z.array(columnName).max(50).optional(),
  widths: z.record(columnName, z.number().int().min(COLUMN_WIDTH.min).max(COLUMN_WIDTH.max)).optional(),
}))();
export type ListColumns = z.infer<typeof listColumnsSchema>;
export const columnsPrefsSchema = /* @__PURE__ */ (() => z.record(columnName, listColumnsSchema).check((ctx) => {
  const lists = listColumns();
  const entries = Object.entries(ctx.value);
  if (entries.length > lists.size) { ctx.issues.push({ code: 'custom', message: 'Too many lists', input: ctx.value }); return; }
  for (const [entity, cols] of entries) {
    const known = lists.get(entity);
    if (!known) { ctx.issues.push({ code: 'custom', message: 'Not a list', path: [entity], input: entity }); continue; }
    for (const f of cols.hidden ?? []) if (!known.has(f)) ctx.issues.push({ code: 'custom', message: 'Not a column of this list', path: [entity, 'hidden'], input: f });
    for (const f of Object.keys(cols.widths ?? {})) if (!known.has(f)) ctx.issues.push({ code: 'custom', message: 'Not a column of this list', path: [entity, 'widths', f], input: f });
    if (new Set(cols.hidden ?? []).size >= known.size) ctx.issues.push({ code: 'custom', message: 'Keep at least one column shown', path: [entity, 'hidden'], input: cols.hidden });
  }
}))();
export type ColumnsPrefs = z.infer<typeof columnsPrefsSchema>;

export const prefsSchema = /* @__PURE__ */ (() => z.strictObject({
  theme: z.enum(THEMES).optional(),
  lang: z.enum(LANGUAGES).optional(),
  singleKeyShortcuts: z.boolean().optional(),
  keymap: z.record(z.string().max(80), z.string().max(40)).optional(),
  recent: z.array(recentUseSchema).max(RECENT_MAX).optional(),
  columns: columnsPrefsSchema.optional(),
  // The first day of the week, 1 Monday … 7 Sunday as Intl numbers them; null gives the choice back to the language (days.ts).
  weekStart: z.number().int().min(1).max(7).nullable().optional(),
}).refine((v) => Object.keys(v.keymap ?? {}).length <= 200, { message: 'Too many shortcuts', path: ['keymap'] }))();
