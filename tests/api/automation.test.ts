import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { movableClock } from '../../src/server/scheduler/clock';
import { runDue } from '../../src/server/scheduler/runs';
import { RULE_JOB } from '../../src/server/scheduler/job-names';
import { CHANNEL, readNotice, type Change } from '../../src/server/events/notices';
// The rules' job, as every serving process registers it (server/jobs.ts).
import '../../src/server/automation/run';
import { fieldsOf, setupApi } from './harness';

/**
 * Rules (issue 37 §4): a superadmin's records that say "when a record is created or moves to a status, and its fields
 * meet these conditions, tell these people through this channel". A write queues the rule's run in its own
 * transaction; the scheduler runs it (the test moves its clock, never sleeps) and tells each person once.
 */
const api = setupApi();
const clock = movableClock();
const drain = async () => { clock.set(new Date(Date.now() + 1000)); while ((await runDue(api.db, { clock })) > 0) { /* until nothing is due */ } };

const roleId = async (key: string) => Number((await sql<{ id: number }>`select id from role where key = ${key}`.execute(api.db)).rows[0]!.id);
const rule = async (values: Record<string, unknown>) => {
  const r = await api.call('superadmin', 'POST', '/api/automation', { name: `Rule ${Math.random().toString(36).slice(2)}`, channel: 'inbox', enabled: true, ...values });
  expect(r.status, r.text).toBe(201);
  return r.body.data as { id: number; version: number };
};
const raise = async (priority = 'high', subject = `Printer jams ${Math.random().toString(36).slice(2)}`) => {
  const r = await api.call('fmc', 'POST', '/api/supportTicket', { subject, description: 'Paper jams.', fmc: api.homeCentre, priority });
  expect(r.status, r.text).toBe(201);
  return r.body.data as { id: number; version: number; subject: string };
};
const ruleItems = async (ruleId: number) => (await sql<{ user_id: number; params: { text: string; record: number } }>`select user_id, params from inbox_item
  where kind = 'rule' and (params->>'rule')::int = ${ruleId}`.execute(api.db)).rows;
const runsOf = async (ruleId: number) => (await sql<{ state: string; messages: number }>`select state, messages from job_run where job = ${RULE_JOB} and key like ${`rule:${ruleId}:%`}`.execute(api.db)).rows;

describe('who may write a rule, and what a rule may say', () => {
  test('the superadmin\'s alone', async () => {
    for (const role of ['admin', 'doctor', 'fmc', 'railway'] as const) {
      expect((await api.call(role, 'GET', '/api/automation')).status, role).toBe(403);
      expect((await api.call(role, 'POST', '/api/automation', { name: 'x', entity: 'supportTicket', when: 'created', notify: 'person', person: api.userIds.superadmin, channel: 'inbox', message: 'm', enabled: false })).status, role).toBe(403);
    }
  });

  test('a rule names a status, fields and places the entity has, and the people its target needs', async () => {
    const base = { name: 'Bad rule', entity: 'supportTicket', when: 'created', notify: 'person', person: api.userIds.superadmin, channel: 'inbox', message: 'Ticket {subject}', enabled: true };
    const refused = async (values: Record<string, unknown>, field: string) => {
      const r = await api.call('superadmin', 'POST', '/api/automation', { ...base, ...values });
      expect(r.status, JSON.stringify(values)).toBe(400);
      expect(fieldsOf(r).join(' '), JSON.stringify(values)).toContain(field);
    };
    await refused({ when: 'moved' }, 'status');
    await refused({ when: 'moved', status: 'missed' }, 'status');
    await refused({ entity: 'speciality', when: 'moved', status: 'open' }, 'when');
    await refused({ conditions: [{ field: 'nope', op: 'is', value: 'x' }] }, 'conditions');
    await refused({ conditions: [{ field: 'priority', op: 'is' }] }, 'conditions');
    await refused({ message: 'Ticket {nope}' }, 'message');
    await refused({ notify: 'roles', person: null }, 'roles');
    await refused({ notify: 'person', person: null }, 'person');
    await refused({ notify: 'patients' }, 'notify');
    await refused({ entity: 'speciality', notify: 'centre' }, 'notify');
    // What the sender writes is not the author's.
    for (const owned of [{ runs: 3 }, { lastRunAt: new Date().toISOString() }]) {
      expect((await api.call('superadmin', 'POST', '/api/automation', { ...base, name: 'Owned', ...owned })).status).toBe(400);
    }
  });
});

describe('rules that act', () => {
  test('a ticket raised tells the superadmins\' inbox once, with the record\'s fields in the message and a link to it', async () => {
    const r = await rule({ entity: 'supportTicket', when: 'created', notify: 'roles', roles: [await roleId('superadmin')], message: 'New ticket: {subject} ({priority}) at {fmc}' });
    const t = await raise('urgent', 'Kiosk offline');
    // Queued with the write; nobody told until the scheduler runs it.
    expect(await ruleItems(r.id)).toEqual([]);
    expect((await runsOf(r.id)).map((x) => x.state)).toEqual(['queued']);
    const heard: Change[] = [];
    const stopListening = await api.database.listen(CHANNEL, (payload) => {
      const n = readNotice(payload);
      if (n?.kind === 'change' && n.change.entity === 'automation' && n.change.id === r.id) heard.push(n.change);
    });
    await drain();
    await stopListening();
    // The run told the consoles, without a version: a console holding the rule at its last save reads it again.
    expect(heard.map((c) => [c.action, c.version])).toEqual([['update', null]]);
    const items = await ruleItems(r.id);
    expect(items.map((i) => i.user_id)).toContain(api.userIds.superadmin);
    const centre = (await api.call('superadmin', 'GET', `/api/fmc/${api.homeCentre}`)).body.data as { name: string };
    expect(items[0].params.text).toBe(`New ticket: Kiosk offline (urgent) at ${centre.name}`);
    expect(items[0].params.record).toBe(t.id);
    // The superadmin's inbox says it and links the ticket.
    const inbox = (await api.call('superadmin', 'GET', '/api/me/notifications')).body.data as { kind: string; title: string; link: string | null }[];
    const mine = inbox.find((i) => i.kind === 'rule')!;
    expect(mine.title).toContain('New ticket: Kiosk offline');
    expect(mine.link).toBe(`/dashboard/fmc/support/ticket/details/${t.id}`);
    // A second pass tells nobody again; the rule's record says it ran.
    const before = items.length;
    await drain();
    expect((await ruleItems(r.id)).length).toBe(before);
    const after = (await api.call('superadmin', 'GET', `/api/automation/${r.id}`)).body.data as { runs: number; lastRunAt: string | null; version: number };
    expect(after.runs).toBe(1);
    expect(after.lastRunAt).not.toBeNull();
    // Running it did not make the superadmin's copy stale.
    expect(after.version).toBe(r.version);
  });

  test('a move with conditions: only an urgent ticket resolved mails the person, once', async () => {
    const me = (await sql<{ email: string }>`select email from admin_user where id = ${api.userIds.admin}`.execute(api.db)).rows[0]!;
    const r = await rule({
      entity: 'supportTicket', when: 'moved', status: 'resolved', notify: 'person', person: api.userIds.admin, channel: 'email',
      conditions: [{ field: 'priority', op: 'is', value: 'Urgent' }], message: 'Resolved: {subject}',
    });
    const resolve = async (id: number) => {
      for (const to of ['in_progress', 'resolved']) {
        const cur = (await api.call('superadmin', 'GET', `/api/supportTicket/${id}`)).body.data as { version: number };
        const m = await api.call('superadmin', 'POST', `/api/supportTicket/${id}/transition`, { to, version: cur.version });
        expect(m.status, m.text).toBe(200);
      }
    };
    const urgent = await raise('urgent', 'Urgent one');
    const low = await raise('low', 'Low one');
    await resolve(urgent.id);
    await resolve(low.id);
    await drain();
    const mails = (await sql<{ recipient: string; body: string }>`select recipient, body from outbox where message_key like ${`rule:${r.id}:%`}`.execute(api.db)).rows;
    expect(mails).toEqual([{ recipient: me.email.toLowerCase(), body: 'Resolved: Urgent one' }]);
  });

  test('a rule switched off queues nothing, and one switched off before its run tells nobody', async () => {
    const off = await rule({ entity: 'supportTicket', when: 'created', notify: 'person', person: api.userIds.admin, message: 'Off {subject}', enabled: false });
    await raise();
    expect(await runsOf(off.id)).toEqual([]);

    const on = await rule({ entity: 'supportTicket', when: 'created', notify: 'person', person: api.userIds.admin, message: 'On {subject}' });
    await raise();
    expect((await runsOf(on.id)).length).toBe(1);
    const cur = (await api.call('superadmin', 'GET', `/api/automation/${on.id}`)).body.data as Record<string, unknown>;
    const { id: _id, version, createdAt: _c, updatedAt: _u, runs: _r, lastRunAt: _l, _labels: _lb, createdBy: _cb, updatedBy: _ub, ...values } = cur;
    const put = await api.call('superadmin', 'PUT', `/api/automation/${on.id}`, { ...values, enabled: false, version });
    expect(put.status, put.text).toBe(200);
    await drain();
    expect(await ruleItems(on.id)).toEqual([]);
    expect((await runsOf(on.id)).map((x) => x.state)).toEqual(['done']);
  });

  test('a write that is refused queues no run', async () => {
    const r = await rule({ entity: 'supportTicket', when: 'created', notify: 'person', person: api.userIds.admin, message: 'x {subject}' });
    const refused = await api.call('fmc', 'POST', '/api/supportTicket', { subject: 'x', description: 'y', fmc: 999_999, priority: 'high' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await runsOf(r.id)).toEqual([]);
  });
});

describe('a rule\'s last runs (issue 37 §4: a rule shows its last runs)', () => {
  test('listed newest first for its page, only its own, with how each went; the superadmin\'s alone', async () => {
    const mine = await rule({ entity: 'supportTicket', when: 'created', notify: 'person', person: api.userIds.admin, message: 'Mine {subject}' });
    const other = await rule({ entity: 'supportTicket', when: 'created', notify: 'person', person: api.userIds.admin, message: 'Other {subject}' });
    for (let i = 0; i < 3; i++) await raise();
    await drain();
    const listed = await api.call('superadmin', 'GET', `/api/system/runs?rule=${mine.id}&limit=2`);
    expect(listed.status, listed.text).toBe(200);
    const runs = listed.body.data as { id: number; job: string; key: string; state: string; messages: number; startedAt: string | null; finishedAt: string | null }[];
    expect(runs.length).toBe(2);
    expect(runs.every((r) => r.job === RULE_JOB && r.key.startsWith(`rule:${mine.id}:supportTicket:`) && r.state === 'done' && r.messages === 1)).toBe(true);
    expect(runs.every((r) => r.startedAt !== null && r.finishedAt !== null)).toBe(true);
    expect(runs[0].id).toBeGreaterThan(runs[1].id);
    const all = (await api.call('superadmin', 'GET', `/api/system/runs?rule=${mine.id}`)).body.data as { key: string }[];
    expect(all.length).toBe((await runsOf(mine.id)).length);
    expect(all.some((r) => r.key.startsWith(`rule:${other.id}:`))).toBe(false);

    for (const role of ['admin', 'doctor', 'fmc', 'railway'] as const) {
      expect((await api.call(role, 'GET', `/api/system/runs?rule=${mine.id}`)).status, role).toBe(403);
    }
    for (const bad of ['rule=0', 'rule=x', 'rule=-1', 'limit=0', 'limit=501', 'limit=ten', `rule=${mine.id}&rules=1`]) {
      expect((await api.call('superadmin', 'GET', `/api/system/runs?${bad}`)).status, bad).toBe(400);
    }
  });
});
