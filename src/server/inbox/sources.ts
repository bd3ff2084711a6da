import { sql } from 'kysely';
import { can, getEntity, INBOX_AUDIENCE, isCentreScoped, ROLES, type Role } from '../../registry';
import type { Entry } from '../audit/audit';
import { fetchRecord } from '../crud/write';
import type { DB } from '../db/connection';
import { titlesOf } from '../screens/screen-query';
import { addItems, type NewItem } from './store';

/**
 * What puts an item in someone's inbox. Every write of a record is audited through one writer (audit/audit.ts,
 * writeEntries) inside its transaction, and that writer hands its entries here: so an item is added in the same
 * transaction as the write that causes it, whichever call made the write (a form, a move, a bulk move, a revert).
 *
 *   a staff sign-up                    → who may activate accounts (admin-user edit: superadmins, admins)
 *   a verification request submitted   → who may review it (requestVerification view: superadmins)
 *   a ticket raised                    → its centre's staff who may raise tickets there, and who handle tickets
 *   a ticket assigned                  → the assignee
 *   a comment on a ticket              → its raiser and its assignee
 *   a payment rejected                 → who may list payments (superadmins, admins)
 *
 * Nobody is told of their own write (addItems drops the author), and writes of the system (seeding, imports: no
 * actor) tell nobody, but for a sign-up, whose author is the applicant, not yet a user. Entries with their own time
 * are a story written afterwards (the demo data), not news.
 */
const rolesWhoMay = (resource: string, action: string): Role[] => ROLES.filter((r) => can(r, resource, action));

async function activeUsers(db: DB, roles: readonly Role[], centre?: { id: number; roles: readonly Role[] }): Promise<number[]> {
  const res = await sql<{ id: number }>`select u.id from admin_user u join role r on r.id = u.role where u.status = 'active'
    and (r.key = any(${[...roles]}::text[])${centre ? sql` or (r.key = any(${[...centre.roles]}::text[]) and ${centre.id}::int = any(u.centres))` : sql``})`.execute(db);
  return res.rows.map((r) => Number(r.id));
}

const nameOf = async (db: DB, entity: string, id: unknown) => (await titlesOf(db, entity, [Number(id)])).get(Number(id)) ?? '';

const to = (users: readonly number[], kind: NewItem['kind'], params: Record<string, unknown>, actorId: number | null): NewItem[] =>
  [...new Set(users)].map((userId) => ({ userId, kind, params, actorId }));

/** The value a create or an edit gave a field (an edit's changes are { from, to }). */
function given(e: Entry, field: string): unknown {
  const v = e.changes?.[field];
  if (e.action === 'create') return v;
  return v && typeof v === 'object' && 'to' in v ? (v as { to: unknown }).to : undefined;
}

async function itemsOf(db: DB, e: Entry): Promise<NewItem[]> {
  const id = Number(e.recordId);
  const by = e.actor.id;
  if (e.entity === 'admin-user' && e.action === 'signup') {
    const u = await sql<{ first_name: string; last_name: string; role: string }>`select a.first_name, a.last_name, r.key as role
      from admin_user a join role r on r.id = a.role where a.id = ${id}`.execute(db);
    const a = u.rows[0];
    if (!a) return [];
    return to(await activeUsers(db, ROLES.filter(INBOX_AUDIENCE.signup)), 'signup', { record: id, name: `${a.first_name} ${a.last_name}`, role: a.role }, null);
  }
  if (by === null) return [];
  // A superadmin reset the person's second factors (auth/mfa/routes.ts): the person is told, whoever did it.
  if (e.entity === 'admin-user' && e.action === 'mfa_reset') return to([id], 'factorsReset', { by: await nameOf(db, 'admin-user', by) }, by);
  if (e.entity === 'requestVerification' && e.action === 'transition:submit') {
    const rec = await fetchRecord(db, getEntity('requestVerification'), id);
    if (!rec) return [];
    return to(await activeUsers(db, ROLES.filter(INBOX_AUDIENCE.verificationSubmitted)), 'verificationSubmitted', { record: id, number: rec.number, doctor: await nameOf(db, 'doctor', rec.doctor) }, by);
  }
  if (e.entity === 'payment' && e.action === 'transition:reject') {
    const rec = await fetchRecord(db, getEntity('payment'), id);
    if (!rec) return [];
    return to(await activeUsers(db, ROLES.filter(INBOX_AUDIENCE.paymentRejected)), 'paymentRejected', { record: id, number: rec.number }, by);
  }
  if (e.entity !== 'supportTicket') return [];
  const ticket = await fetchRecord(db, getEntity('supportTicket'), id);
  if (!ticket) return [];
  const base = { record: id, subject: ticket.subject };
  const out: NewItem[] = [];
  if (e.action === 'create') {
    const centre = Number(ticket.fmc);
    const atCentre = rolesWhoMay('supportTicket', 'raise').filter(isCentreScoped);
    const users = await activeUsers(db, rolesWhoMay('supportTicket', 'edit').filter((r) => !isCentreScoped(r)), { id: centre, roles: atCentre });
    out.push(...to(users, 'ticketRaised', { ...base, centre: await nameOf(db, 'fmc', centre) }, by));
  }
  const assignee = Number(given(e, 'assignee'));
  if ((e.action === 'create' || e.action === 'update' || e.action === 'revert') && Number.isInteger(assignee) && assignee > 0) {
    out.push(...to(await activeIn(db, [assignee]), 'ticketAssigned', base, by));
  }
  if (e.action === 'comment') {
    out.push(...to(await activeIn(db, [Number(ticket.raisedBy), Number(ticket.assignee)]), 'ticketComment', { ...base, author: await nameOf(db, 'admin-user', by) }, by));
  }
  return out;
}

/** The ones of `ids` that are active accounts. */
async function activeIn(db: DB, ids: number[]): Promise<number[]> {
  const wanted = ids.filter((i) => Number.isInteger(i) && i > 0);
  if (!wanted.length) return [];
  const res = await sql<{ id: number }>`select id from admin_user where id = any(${wanted}::int[]) and status = 'active'`.execute(db);
  return res.rows.map((r) => Number(r.id));
}

/** Called by the audit writer with the entries it wrote, in their transaction. */
export async function inboxFromEntries(db: DB, entries: readonly Entry[]) {
  const items: NewItem[] = [];
  for (const e of entries) {
    if (e.at !== undefined || e.recordId === null || e.recordId === undefined) continue;
    items.push(...(await itemsOf(db, e)));
  }
  await addItems(db, items);
}
