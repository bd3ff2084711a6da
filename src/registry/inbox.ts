/**
 * What a user's inbox holds (server/inbox/): each item is one of these kinds with its parameters (ids, names, numbers),
 * never a sentence; its title is made in the reader's language from the kind and the parameters, with the words of
 * src/words/inbox-words (which the interface strings read too). Read by the server's sources and renderer, the
 * panel, and the translation test.
 */
export const INBOX_KINDS = ['signup', 'verificationSubmitted', 'ticketRaised', 'ticketAssigned', 'ticketComment', 'paymentRejected', 'worklist', 'factorsReset'] as const;
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
  factorsReset: null,
};

/** The change stream's name for "your inbox changed": an event of this entity, told only to the user it names. */
export const INBOX_STREAM = 'inbox';

/** Fills `{{name}}` placeholders; a missing value is left empty. */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (_, k: string) => (values[k] === undefined || values[k] === null ? '' : String(values[k]))).replace(/\s+/g, ' ').trim();
}
