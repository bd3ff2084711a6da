import { sql } from 'kysely';
import { firstDayOfWeek, isListWord, resolveListWords, wordsNeedWeek, type EntityDef } from '../../registry';
import type { Ctx } from '../http';

/**
 * A list's or an export's filters with their words read for the caller (registry/derive/list-words.ts): `@me` as
 * them, `@mycentre` as their centres, a period as its days where they are (`tz` of the request, else the centres'
 * zone, CENTRE_TIME_ZONE), weeks from their first day of the week as their settings have it (state/week.ts on the
 * client reads the same two settings). Filters without words are given back as they are, with no read.
 */
export async function readListWords(c: Ctx, def: EntityDef, filters: Record<string, string>, tz: string | undefined): Promise<Record<string, string>> {
  if (!Object.values(filters).some(isListWord)) return filters;
  const user = c.get('user');
  let firstDay = 1;
  if (wordsNeedWeek(filters)) {
    const prefs = (await sql<{ lang: string | null; week: number | null }>`select prefs->>'lang' as lang, (prefs->>'weekStart')::int as week
      from user_pref where user_id = ${user.id}`.execute(c.get('db'))).rows[0];
    firstDay = firstDayOfWeek(prefs?.lang ?? 'en', prefs?.week);
  }
  return resolveListWords(def, filters, { now: Date.now(), timeZone: tz ?? c.get('config').centreTimeZone, firstDay, userId: user.id, centres: user.centres });
}
