import { sql } from 'kysely';
import { can, ENTITIES, entityByName, entityPath, getEntity, INBOX_SUBJECT, isInboxKind, isLanguage, listQueryString, screenById, screenPath, viewActionFor, type InboxKind, type Language, type Role } from '../../registry';
import { inboxTitle as titleIn, lookupIn } from '../../words/inbox-title';
import { INBOX_WORDS } from '../../words/inbox-words';
import type { DB } from '../db/connection';

/**
 * An inbox item's title in its reader's language, and where it leads for its reader's role. The stored row holds the
 * kind and its parameters only; the words are the console's own (words/inbox-words, which its interface strings
 * read), so the panel, the API's `title` and a push say the same. A kind the server does not know is said as its name.
 */
export function inboxTitle(kind: string, params: Record<string, unknown>, lang: Language): string {
  return titleIn(kind, params, lookupIn(INBOX_WORDS[lang], INBOX_WORDS.en)) ?? kind;
}

/** The language the user chose in their settings (`user_pref.prefs.lang`), else English. */
export async function readerLanguage(db: DB, userId: number): Promise<Language> {
  const row = (await sql<{ lang: string | null }>`select prefs->>'lang' as lang from user_pref where user_id = ${userId}`.execute(db)).rows[0];
  return languageOf(row?.lang);
}

export const languageOf = (v: unknown): Language => (isLanguage(v) ? v : 'en');

const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** Where the item leads its reader: the record it is about if their role may open it, a screen, or nowhere (null). */
export function inboxLink(kind: string, params: Record<string, unknown>, role: Role): string | null {
  if (!isInboxKind(kind)) return null;
  const id = Number(params.record);
  const k: InboxKind = kind;
  if (k === 'worklist') {
    const screen = screenById(text(params.worklist));
    return screen && can(role, screen.resource, screen.action) ? screenPath(screen) : null;
  }
  if (k === 'campaign') return null;
  if (k === 'doctorDay') {
    const screen = screenById('drpatient');
    return screen && can(role, screen.resource, screen.action) ? screenPath(screen) : null;
  }
  if (k === 'follow_up') {
    const def = ENTITIES.find((d) => d.name === text(params.entity));
    const action = def && viewActionFor(def, (a) => can(role, def.name, a));
    return def && action && Number.isInteger(id) ? entityPath(def, action, id) : null;
  }
  if (k === 'factorsReset') return can(role, 'userProfile', 'view') ? entityPath('userProfile') : null;
  if (k === 'paymentRejected') {
    if (!can(role, 'payment', 'list')) return null;
    return `${entityPath(getEntity('payment'), 'list', undefined, 'rejected')}?${listQueryString({ q: text(params.number) })}`;
  }
  const def = k === 'rule' ? entityByName(text(params.entity)) : getEntity(INBOX_SUBJECT[k]!);
  if (!def) return null;
  const action = viewActionFor(def, (a) => can(role, def.name, a));
  if (!action || !Number.isInteger(id)) return null;
  return entityPath(def, action, id, kind === 'verificationSubmitted' ? 'requested' : undefined);
}
