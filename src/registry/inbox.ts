import { can, canReadRecord, mayCreate } from './policy';
import type { Role } from './roles';

/**
 * What a user's inbox holds (server/inbox/): each item is one of these kinds with its parameters (ids, names, numbers),
 * never a sentence; its title is made in the reader's language from the kind and the parameters, with the words of
 * src/words/inbox-words (which the interface strings read too). Read by the server's sources and renderer, the
 * panel, and the translation test.
 */
export const INBOX_KINDS = ['signup', 'verificationSubmitted', 'ticketRaised', 'ticketAssigned', 'ticketComment', 'paymentRejected', 'worklist'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const isInboxKind = (v: unknown): v is InboxKind => typeof v === 'string' && (INBOX_KINDS as readonly string[]).includes(v);

/** The entity an item of a kind is about (its `record` parameter names the record), for its link; null: a screen. */
export const INBOX_SUBJECT: Record<InboxKind, string | null> = {
  signup: 'admin-user',
  verificationSubmitted: 'requestVerification',
  ticketRaised: 'supportTicket',
  ticketAssigned: 'supportTicket',
  ticketComment: 'supportTicket',
  paymentRejected: 'payment',
  worklist: null,
};

/**
 * The kinds of item a role may hold now: those about records it may read or raise, and the worklists' counts where it
 * has the worklists. An item stays in the table when its reader's role changes, and comes back with the role; until
 * then it is not listed, counted, marked or pushed, as its source is no longer theirs to read.
 */
export function inboxKindsFor(role: Role | null | undefined): InboxKind[] {
  return INBOX_KINDS.filter((k) => {
    const subject = INBOX_SUBJECT[k];
    return subject ? canReadRecord(role, subject) || mayCreate(role, subject) : can(role, 'notifications', 'worklist');
  });
}

/** The change stream's name for "your inbox changed": an event of this entity, told only to the user it names. */
export const INBOX_STREAM = 'inbox';

/** Fills `{{name}}` placeholders; a missing value is left empty. */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (_, k: string) => (values[k] === undefined || values[k] === null ? '' : String(values[k]))).replace(/\s+/g, ' ').trim();
}
