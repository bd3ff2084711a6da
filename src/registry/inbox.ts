import { can, canReadRecord, mayCreate } from './policy';
import type { Role } from './roles';

/**
 * What a user's inbox holds (server/inbox/): each item is one of these kinds with its parameters (ids, names, numbers),
 * never a sentence; its title is made in the reader's language from the kind and the parameters, with the words of
 * src/words/inbox-words (which the interface strings read too). Read by the server's sources and renderer, the
 * panel, and the translation test.
 */
export const INBOX_KINDS = ['signup', 'verificationSubmitted', 'ticketRaised', 'ticketAssigned', 'ticketComment', 'paymentRejected', 'worklist', 'campaign', 'factorsReset', 'rule', 'follow_up', 'doctorDay'] as const;
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
  // A campaign's message to staff (server/campaigns/send.ts): its words are in the item, it links nowhere.
  campaign: null,
  factorsReset: null,
  // A rule's message (server/automation/run.ts): about a record of the rule's entity (`entity`, `record`), linked by it.
  rule: null,
  // A follow-up names its record's entity in its parameters (`entity`, `record`): any record its owner may read.
  follow_up: null,
  // A doctor's next day (server/reminders/appointment-reminders.ts): it leads to their patients' screen.
  doctorDay: null,
};

const ticketPeople = (role: Role | null | undefined) => canReadRecord(role, 'supportTicket') || mayCreate(role, 'supportTicket') || can(role, 'supportTicket', 'edit');

/**
 * Who may hold an item of each kind: the roles its source sends it to (server/inbox/sources.ts asks the same). An item
 * stays in the table when its reader's role changes, and comes back with the role; meanwhile it is not listed,
 * counted, marked or pushed, as what it is about is no longer theirs to read.
 */
export const INBOX_AUDIENCE: Record<InboxKind, (role: Role | null | undefined) => boolean> = {
  signup: (role) => can(role, 'admin-user', 'edit'),
  verificationSubmitted: (role) => can(role, 'requestVerification', 'view'),
  ticketRaised: ticketPeople,
  ticketAssigned: ticketPeople,
  ticketComment: ticketPeople,
  paymentRejected: (role) => can(role, 'payment', 'list'),
  worklist: (role) => can(role, 'notifications', 'worklist'),
  // A campaign is addressed to people, not to what a role reads: whoever it reached keeps it.
  campaign: (role) => role !== null && role !== undefined,
  // About the person's own account: whatever their role.
  factorsReset: (role) => role !== null && role !== undefined,
  // A rule tells the people it names, as a campaign does; its link opens the record only for a role that may read it.
  rule: (role) => role !== null && role !== undefined,
  // A person's own reminder, said only while they could read its record (server/reminders/follow-ups.ts); its link
  // is offered only while they still may (server/inbox/texts.ts).
  follow_up: (role) => role !== null && role !== undefined,
  // Sent to doctors' accounts, about their own appointments.
  doctorDay: (role) => role === 'doctor',
};

/** The kinds of item a role may hold now (INBOX_AUDIENCE). */
export const inboxKindsFor = (role: Role | null | undefined): InboxKind[] => INBOX_KINDS.filter((k) => INBOX_AUDIENCE[k](role));

/** The change stream's name for "your inbox changed": an event of this entity, told only to the user it names. */
export const INBOX_STREAM = 'inbox';

/** Fills `{{name}}` placeholders; a missing value is left empty. */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (_, k: string) => (values[k] === undefined || values[k] === null ? '' : String(values[k]))).replace(/\s+/g, ' ').trim();
}
