import { can, DASHBOARD, entityPath, fillTemplate, getEntity, INBOX_SUBJECT, INBOX_TITLES, isInboxKind, listQueryString, viewActionFor, WORKLISTS, type InboxKind, type Role } from '../../registry';
/**
 * An inbox item's title in the API's words (English, registry INBOX_TITLES), and where it leads, for its reader's
 * role. The console shows the title in its reader's language from the kind and parameters (the server holds no
 * translations: it imports only the registry); the stored row holds the kind and its parameters only.
 */
export function inboxTitle(kind: string, params: Record<string, unknown>): string {
  if (!isInboxKind(kind)) return kind;
  const values = kind === 'worklist' ? { ...params, title: screenWords(String(params.worklist)) } : params;
  return fillTemplate(INBOX_TITLES[kind], values);
}

/** `doctorInCompleteProfile` → "Doctor in complete profile"… a worklist's English name from its id, for the API only. */
const screenWords = (id: string) => {
  const w = WORKLISTS.find((x) => x.id === id);
  if (!w) return id;
  const words = w.id.replace(/([A-Z])/g, ' $1').toLowerCase().replace('in complete', 'incomplete');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** Where the item leads its reader: the record it is about if their role may open it, a screen, or nowhere (null). */
export function inboxLink(kind: string, params: Record<string, unknown>, role: Role): string | null {
  if (!isInboxKind(kind)) return null;
  const id = Number(params.record);
  const k: InboxKind = kind;
  if (k === 'worklist') return can(role, 'notifications', 'worklist') ? `${DASHBOARD}/notifications/${text(params.worklist)}` : null;
  if (k === 'paymentRejected') {
    if (!can(role, 'payment', 'list')) return null;
    return `${entityPath(getEntity('payment'), 'list', undefined, 'rejected')}?${listQueryString({ q: text(params.number) })}`;
  }
  const def = getEntity(INBOX_SUBJECT[k]!);
  const action = viewActionFor(def, (a) => can(role, def.name, a));
  if (!action || !Number.isInteger(id)) return null;
  return entityPath(def, action, id, kind === 'verificationSubmitted' ? 'requested' : undefined);
}
