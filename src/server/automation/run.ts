import { sql } from 'kysely';
import { entityByName, getEntity, TEMPLATE_PLACE, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { audit } from '../audit/audit';
import { attachLabels } from '../records/labels';
import { fetchRecord, SYSTEM_ACTOR } from '../crud/write';
import { addItems } from '../inbox/store';
import { queueKeyed } from '../scheduler/messages';
import { defineJob } from '../scheduler/runs';
import { RULE_JOB } from '../scheduler/job-names';

/**
 * A rule's run (queued by watch.ts): reads the rule and the record as they are now (a rule switched off or deleted
 * meanwhile does nothing), finds who it tells, fills the message's `{field}` places from the record, and sends:
 * an inbox item (which pushes to the person's devices) for staff accounts, or a keyed outbox row for mail and SMS, so a
 * run done again after a crash sends nothing twice (scheduler/messages.ts). A person the channel cannot reach (a patient
 * has no inbox; no mobile number for SMS) is counted in the run's log, not silently dropped.
 */
interface Rule {
  id: number; name: string; enabled: boolean; entity: string; notify: 'roles' | 'centre' | 'patients' | 'doctors' | 'person';
  roles: number[] | null; person: number | null; channel: 'inbox' | 'email' | 'sms'; message: string;
}

/** One person to tell: their staff account (for the inbox), and their mail and mobile number. */
interface Person { user: number | null; email: string | null; phone: string | null }

const STAFF = sql`select u.id as "user", lower(u.email) as email, u.phone from admin_user u where u.status = 'active'`;

async function staffWhere(db: DB, where: ReturnType<typeof sql>): Promise<Person[]> {
  return (await sql<Person>`${STAFF} and ${where}`.execute(db)).rows;
}

/**
 * The record's patients or doctors (the record itself when it is one), with a doctor's staff account when they have
 * one (found by their mail): a patient has none, so the inbox cannot reach them.
 */
async function peopleOf(db: DB, def: EntityDef, record: Record<string, unknown>, kind: 'patients' | 'doctor'): Promise<Person[]> {
  const out: Person[] = [];
  const ids = def.name === kind ? [record.id] : Object.entries(def.fields).filter(([f, fd]) => fd.kind === 'ref' && fd.ref === kind && record[f]).map(([f]) => record[f]);
  for (const id of ids) {
    const person = await fetchRecord(db, getEntity(kind), Number(id));
    if (!person || person.status === 'inactive') continue;
    const email = typeof person.email === 'string' ? person.email.toLowerCase() : null;
    const account = kind === 'doctor' && email
      ? (await sql<{ id: number }>`select id from admin_user where lower(email) = ${email} and status = 'active'`.execute(db)).rows[0]?.id ?? null
      : null;
    out.push({ user: account, email, phone: typeof person.phone === 'string' ? person.phone : null });
  }
  return out;
}

async function recipients(db: DB, rule: Rule, def: EntityDef, record: Record<string, unknown>): Promise<Person[]> {
  switch (rule.notify) {
    case 'roles': return staffWhere(db, sql`u.role = any(${rule.roles ?? []}::int[])`);
    case 'person': return rule.person ? staffWhere(db, sql`u.id = ${rule.person}`) : [];
    case 'centre': {
      const centre = def.scope === 'id' ? record.id : def.scope ? record[def.scope] : null;
      return centre ? staffWhere(db, sql`${Number(centre)} = any(u.centres)`) : [];
    }
    case 'patients': return peopleOf(db, def, record, 'patients');
    case 'doctors': return peopleOf(db, def, record, 'doctor');
  }
}

/** The message with each `{field}` as the record shows it: a reference by its title, a list by its items. */
export function fillMessage(message: string, record: Record<string, unknown>): string {
  const labels = (record._labels ?? {}) as Record<string, unknown>;
  return message.replace(TEMPLATE_PLACE, (_, field: string) => {
    const v = labels[field] ?? record[field];
    if (v === null || v === undefined) return '';
    return Array.isArray(v) ? v.join(', ') : String(v);
  });
}

export async function runRule(db: DB, ruleId: number, entity: string, recordId: number, runKey: string): Promise<{ messages: number; unreachable: number }> {
  return db.transaction().execute(async (tx) => {
    const rule = (await sql<Rule>`select id, name, enabled, entity, notify, roles, person, channel, message from automation_rule where id = ${ruleId} for update`.execute(tx)).rows[0];
    const def = entityByName(entity);
    if (!rule?.enabled || !def) return { messages: 0, unreachable: 0 };
    const record = await fetchRecord(tx, def, recordId);
    if (!record) return { messages: 0, unreachable: 0 };
    await attachLabels(tx, def, [record]);
    const text = fillMessage(rule.message, record);
    const people = await recipients(tx, rule, def, record);
    let messages = 0;
    let unreachable = 0;
    if (rule.channel === 'inbox') {
      const users = [...new Set(people.map((p) => p.user).filter((u): u is number => u !== null))];
      unreachable = people.filter((p) => p.user === null).length;
      const had = new Set((await sql<{ user_id: number }>`select user_id from inbox_item where kind = 'rule' and params->>'run' = ${runKey}`.execute(tx)).rows.map((r) => r.user_id));
      messages = (await addItems(tx, users.filter((u) => !had.has(u)).map((userId) => ({
        userId, kind: 'rule' as const, actorId: null,
        params: { run: runKey, rule: rule.id, name: rule.name, entity, record: recordId, text },
      })))).length;
    } else {
      const addressOf = (p: Person) => (rule.channel === 'email' ? p.email : p.phone?.replace(/[^0-9+]/g, '') || null);
      const addresses = [...new Set(people.map(addressOf).filter((a): a is string => Boolean(a)))];
      unreachable = people.filter((p) => !addressOf(p)).length;
      for (const address of addresses) {
        const queued = await queueKeyed(tx, { key: `${runKey}:${rule.channel}:${address}`, channel: rule.channel === 'email' ? 'mail' : 'sms', kind: 'rule', recipient: address, subject: rule.name, body: text });
        if (queued) messages++;
      }
    }
    // The rule's own record says when it last ran: counted without a new version, so that someone editing it is not
    // told their copy is stale because it ran. Its audit entry tells the consoles, without a version: they read it again.
    const after = (await sql<{ runs: number; last_run_at: string }>`update automation_rule set last_run_at = now(), runs = coalesce(runs, 0) + 1
      where id = ${rule.id} returning runs, last_run_at`.execute(tx)).rows[0]!;
    await audit(tx, SYSTEM_ACTOR, getEntity('automation'), rule.id, 'update', { runs: after.runs, lastRunAt: after.last_run_at, told: messages, unreachable, record: `${entity}:${recordId}` }, null);
    return { messages, unreachable };
  });
}

defineJob(RULE_JOB, async ({ db, run, log }) => {
  const { rule, entity, record } = run.payload as { rule: number; entity: string; record: number };
  const done = await runRule(db, Number(rule), String(entity), Number(record), run.key);
  log(`[rules] rule ${String(rule)} on ${String(entity)} ${String(record)}: ${done.messages} told, ${done.unreachable} not reachable by its channel`);
  return { messages: done.messages };
});
