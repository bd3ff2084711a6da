import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { movableClock } from '../../src/server/scheduler/clock';
import { BATCH, CAMPAIGN_JOB, sendNextBatch, startCampaign } from '../../src/server/campaigns/send';
import { LEASE_SECONDS, runDue } from '../../src/server/scheduler/runs';
import { SERVER_MESSAGES } from '../../src/client/i18n/locales/api-messages/en';
import { setupApi } from './harness';

/**
 * Campaigns that send (issue 37 §2, §5): the status is the workflow's, moved through the transition endpoint; a
 * scheduled campaign sends when the scheduler's clock reaches its time (the test moves it); the audience is resolved
 * then, opted-out patients left out, those the channel cannot reach counted as failed; each person gets it once, also
 * when a run is taken again after its holder died mid-send.
 */
const api = setupApi();
const clock = movableClock();
const HOUR = 3600_000;

const PATIENTS = BATCH + 250;
beforeAll(async () => {
  // Patients: every one with a phone, every third with an e-mail address, every tenth opted out, one phone twice
  // written differently (one person for SMS).
  await sql`insert into patient (first_name, last_name, phone, email, status, campaign_opt_out)
    select 'P' || i, 'Test', '+91 98' || lpad(i::text, 8, '0'), case when i % 3 = 0 then 'p' || i || '@example.test' end, 'active', i % 10 = 0
    from generate_series(1, ${PATIENTS}) i`.execute(api.db);
});

const create = async (values: Record<string, unknown>) => {
  const r = await api.call('superadmin', 'POST', '/api/notification', { title: 'Flu shots', body: 'Flu shots are in at your centre.', audience: 'patient', channel: 'sms', ...values });
  expect(r.status, r.text).toBe(201);
  return r.body.data as { id: number; version: number; status: string };
};
const move = async (id: number, to: string, version: number) => {
  const r = await api.call('superadmin', 'POST', `/api/notification/${id}/transition`, { to, version });
  return { ...r, body: r.body?.data ?? r.body };
};
const record = async (id: number) => (await api.call('superadmin', 'GET', `/api/notification/${id}`)).body.data;
const outboxOf = async (id: number) => (await sql<{ recipient: string; channel: string }>`select recipient, channel from outbox where message_key like ${`campaign:${id}:%`}`.execute(api.db)).rows;
const runOf = async (id: number) => (await sql<{ state: string; due_at: string; messages: number }>`select state, due_at, messages from job_run where job = ${CAMPAIGN_JOB} and key = ${String(id)}`.execute(api.db)).rows[0];
const drain = async () => { while ((await runDue(api.db, { clock })) > 0) { /* until nothing is due */ } };

/** A campaign sending by SMS to the opted-in patients, its first batch queued by a run still held (its holder busy). */
const midSend = async () => {
  const c = await create({});
  expect((await move(c.id, 'sending', c.version)).status).toBe(200);
  await sql`update job_run set state = 'running', attempts = 1, locked_until = ${new Date(clock.now().getTime() + LEASE_SECONDS * 1000)} where job = ${CAMPAIGN_JOB} and key = ${String(c.id)}`.execute(api.db);
  expect(await startCampaign(api.db, c.id)).toBe(true);
  expect(await sendNextBatch(api.db, c.id)).toEqual({ queued: BATCH, finished: false });
  return c.id;
};

const optedIn = Array.from({ length: PATIENTS }, (_, i) => i + 1).filter((i) => i % 10 !== 0);

describe('campaign workflow', () => {
  test('status is the workflow\'s: refused in a create and an edit, new campaigns are drafts', async () => {
    const refused = await api.call('superadmin', 'POST', '/api/notification', { title: 'x', body: 'y', audience: 'all', channel: 'sms', status: 'sent' });
    expect(refused.status).toBe(400);
    const c = await create({});
    expect(c.status).toBe('draft');
    const edit = await api.call('superadmin', 'PUT', `/api/notification/${c.id}`, { title: 'x', body: 'y', audience: 'all', channel: 'sms', status: 'sent', version: c.version });
    expect(edit.status).toBe(400);
    expect((await move(c.id, 'sent', c.version)).status).toBe(409);
    for (const field of ['recipients', 'sent', 'failed']) {
      expect((await api.call('superadmin', 'POST', '/api/notification', { title: 'x', body: 'y', audience: 'all', channel: 'sms', [field]: 3 })).status, field).toBe(400);
    }
  });

  test('scheduling needs a time in the future', async () => {
    const none = await create({});
    expect((await move(none.id, 'scheduled', none.version)).status).toBe(400);
    const past = await create({ scheduledAt: new Date(Date.now() - HOUR).toISOString() });
    const r = await move(past.id, 'scheduled', past.version);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'scheduledAt' });
    expect((await record(past.id)).status).toBe('draft');
    expect(await runOf(past.id)).toBeUndefined();
  });

  test('a scheduled campaign sends at its time: each reachable, opted-in person once, the rest counted', async () => {
    const at = new Date(Date.now() + 2 * HOUR);
    const c = await create({ scheduledAt: at.toISOString() });
    const moved = await move(c.id, 'scheduled', c.version);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.status).toBe('scheduled');
    clock.set(new Date(at.getTime() - 60_000));
    await drain();
    expect((await record(c.id)).status).toBe('scheduled');
    expect(await outboxOf(c.id)).toEqual([]);
    clock.set(at);
    await drain();
    const done = await record(c.id);
    expect(done).toMatchObject({ status: 'sent', recipients: optedIn.length, sent: optedIn.length, failed: 0 });
    const rows = await outboxOf(c.id);
    expect(rows.length).toBe(optedIn.length);
    expect(new Set(rows.map((r) => r.recipient)).size).toBe(rows.length);
    expect(rows.every((r) => r.channel === 'sms')).toBe(true);
    expect(await runOf(c.id)).toMatchObject({ state: 'done', messages: optedIn.length });
    // Sent is the end: nothing moves it, and another pass sends nothing more.
    expect((await move(c.id, 'cancelled', done.version)).status).toBe(409);
    clock.advance(HOUR);
    await drain();
    expect((await outboxOf(c.id)).length).toBe(optedIn.length);
  });

  test('by e-mail, a person without an address is counted as failed, not dropped', async () => {
    const c = await create({ channel: 'email' });
    expect((await move(c.id, 'sending', c.version)).status).toBe(200);
    await drain();
    const withMail = optedIn.filter((i) => i % 3 === 0).length;
    expect(await record(c.id)).toMatchObject({ status: 'sent', recipients: optedIn.length, sent: withMail, failed: optedIn.length - withMail });
    expect((await outboxOf(c.id)).length).toBe(withMail);
  });

  test('a cancelled campaign sends nothing, even when its time comes', async () => {
    const at = new Date(Date.now() + 3 * HOUR);
    const c = await create({ scheduledAt: at.toISOString() });
    const s = await move(c.id, 'scheduled', c.version);
    expect((await move(c.id, 'cancelled', s.body.version)).status).toBe(200);
    clock.set(new Date(at.getTime() + HOUR));
    await drain();
    expect((await record(c.id)).status).toBe('cancelled');
    expect(await outboxOf(c.id)).toEqual([]);
    expect((await runOf(c.id))!.state).toBe('cancelled');
  });

  test('push reaches staff inboxes once; patients, who have none, are counted as failed', async () => {
    const c = await create({ audience: 'all', channel: 'push' });
    expect((await move(c.id, 'sending', c.version)).status).toBe(200);
    await drain();
    const fmcStaff = (await sql<{ n: number }>`select count(*)::int as n from admin_user u join role r on r.id = u.role where r.key in ('fmc', 'doctor') and u.status = 'active'`.execute(api.db)).rows[0]!.n;
    const items = (await sql<{ user_id: number }>`select user_id from inbox_item where kind = 'campaign' and params->>'campaign' = ${String(c.id)}`.execute(api.db)).rows;
    expect(items.length).toBe(fmcStaff);
    expect(new Set(items.map((i) => i.user_id)).size).toBe(items.length);
    const rec = await record(c.id);
    expect(rec).toMatchObject({ status: 'sent', sent: fmcStaff });
    expect(rec.failed).toBeGreaterThanOrEqual(optedIn.length);
    const inbox = await api.call('fmc', 'GET', '/api/me/notifications');
    expect(inbox.body.data.some((i: { kind: string; title: string }) => i.kind === 'campaign' && i.title.includes('Flu shots'))).toBe(true);
  });

  test('a run taken again after its holder died mid-send goes on where it stopped: nobody twice, nobody left out', async () => {
    const c = await create({});
    expect((await move(c.id, 'sending', c.version)).status).toBe(200);
    // The holder took the run, sent its first batch and died: the run is left running under its lease.
    await sql`update job_run set state = 'running', attempts = 1, locked_until = ${new Date(clock.now().getTime() + LEASE_SECONDS * 1000)} where job = ${CAMPAIGN_JOB} and key = ${String(c.id)}`.execute(api.db);
    expect(await startCampaign(api.db, c.id)).toBe(true);
    expect(await sendNextBatch(api.db, c.id)).toEqual({ queued: BATCH, finished: false });
    await drain();
    expect((await record(c.id)).status).toBe('sending');
    clock.advance(LEASE_SECONDS * 1000);
    await drain();
    expect(await record(c.id)).toMatchObject({ status: 'sent', recipients: optedIn.length, sent: optedIn.length });
    const rows = await outboxOf(c.id);
    expect(rows.length).toBe(optedIn.length);
    expect(new Set(rows.map((r) => r.recipient)).size).toBe(optedIn.length);
  });

  test('sending when its audience was first written down (an upgrade mid-send): the rest are sent, nobody twice', async () => {
    const id = await midSend();
    // As a campaign sending before migration 0051 is found: counted, part sent, nobody written down.
    await sql`delete from campaign_recipient where campaign = ${id}`.execute(api.db);
    clock.advance(LEASE_SECONDS * 1000);
    await drain();
    expect(await record(id)).toMatchObject({ status: 'sent', recipients: optedIn.length, sent: optedIn.length });
    const rows = await outboxOf(id);
    expect(new Set(rows.map((r) => r.recipient)).size).toBe(optedIn.length);
    expect(rows.length).toBe(optedIn.length);
  });
});

describe('pause and resume', () => {
  const sentTo = async (id: number) => {
    const rows = await outboxOf(id);
    expect(new Set(rows.map((r) => r.recipient)).size, 'nobody twice').toBe(rows.length);
    return rows.length;
  };

  test('only a sending campaign pauses, only a paused one resumes', async () => {
    const c = await create({ scheduledAt: new Date(Date.now() + HOUR).toISOString() });
    expect((await move(c.id, 'paused', c.version)).status).toBe(409);
    const s = await move(c.id, 'scheduled', c.version);
    expect((await move(c.id, 'paused', s.body.version)).status).toBe(409);
    expect((await move(c.id, 'sending', s.body.version)).status).toBe(200);
    const sending = await record(c.id);
    expect((await move(c.id, 'sending', sending.version)).status).toBe(409);
    expect((await api.call('fmc', 'POST', `/api/notification/${c.id}/transition`, { to: 'paused', version: sending.version })).status).toBe(403);
    expect((await api.call('superadmin', 'POST', `/api/notification/${c.id}/transition`, { to: 'paused', version: sending.version, why: 1 })).status).toBe(400);
  });

  test('paused between batches, the sender stops; resumed, it goes on where it stopped: each person once', async () => {
    const id = await midSend();
    const paused = await move(id, 'paused', (await record(id)).version);
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.status).toBe('paused');
    // The holder's next batch sees the pause and ends the run; no later pass sends anything.
    expect(await sendNextBatch(api.db, id)).toEqual({ queued: 0, finished: true });
    clock.advance(LEASE_SECONDS * 1000);
    await drain();
    clock.advance(HOUR);
    await drain();
    expect(await record(id)).toMatchObject({ status: 'paused', sent: BATCH });
    expect(await sentTo(id)).toBe(BATCH);

    const resumed = await move(id, 'sending', (await record(id)).version);
    expect(resumed.status, resumed.text).toBe(200);
    await drain();
    expect(await record(id)).toMatchObject({ status: 'sent', recipients: optedIn.length, sent: optedIn.length });
    expect(await sentTo(id)).toBe(optedIn.length);
  });

  test('resumed before the paused run ended: the run that goes on and the one that ends late send nobody twice', async () => {
    const id = await midSend();
    const paused = await move(id, 'paused', (await record(id)).version);
    // Resumed at once: the first run is still held (running), so the resume queues a run of its own.
    expect((await move(id, 'sending', paused.body.version)).status).toBe(200);
    const runs = (await sql<{ key: string; state: string }>`select key, state from job_run where job = ${CAMPAIGN_JOB} and key like ${`${id}%`} order by id`.execute(api.db)).rows;
    expect(runs.map((r) => r.state)).toEqual(['running', 'queued']);
    await drain();
    expect((await record(id)).status).toBe('sent');
    // The first holder wakes and sends its next batch; then its lease ends and another process takes it again.
    expect(await sendNextBatch(api.db, id)).toEqual({ queued: 0, finished: true });
    clock.advance(LEASE_SECONDS * 1000);
    await drain();
    expect(await record(id)).toMatchObject({ status: 'sent', sent: optedIn.length });
    expect(await sentTo(id)).toBe(optedIn.length);
  });

  test('a pause undone sends on; a paused campaign cancelled sends no more', async () => {
    const a = await midSend();
    const paused = await move(a, 'paused', (await record(a)).version);
    await drain();
    const undo = await api.call('superadmin', 'POST', `/api/notification/${a}/transition/undo`, { version: paused.body.version });
    expect(undo.status, undo.text).toBe(200);
    clock.advance(LEASE_SECONDS * 1000);
    await drain();
    expect(await record(a)).toMatchObject({ status: 'sent', sent: optedIn.length });
    expect(await sentTo(a)).toBe(optedIn.length);

    const b = await midSend();
    const p = await move(b, 'paused', (await record(b)).version);
    const cancelled = await move(b, 'cancelled', p.body.version);
    expect(cancelled.status, cancelled.text).toBe(200);
    clock.advance(LEASE_SECONDS * 1000);
    await drain();
    expect(await record(b)).toMatchObject({ status: 'cancelled', sent: BATCH });
    expect(await sentTo(b)).toBe(BATCH);
  });

  test('once sending has started, its message, channel and audience are fixed: the rest get what the first got', async () => {
    const id = await midSend();
    const paused = await move(id, 'paused', (await record(id)).version);
    const c = paused.body as Record<string, unknown> & { version: number };
    const same = { title: c.title, body: c.body, audience: c.audience, channel: c.channel, centre: c.centre, patientView: c.patientView, scheduledAt: c.scheduledAt };
    for (const change of [{ body: 'Another message' }, { channel: 'email' }, { audience: 'all' }, { title: 'Another title' }]) {
      const r = await api.call('superadmin', 'PUT', `/api/notification/${id}`, { ...same, ...change, version: c.version });
      expect(r.status, JSON.stringify(change)).toBe(409);
      expect(r.body.errors[0]).toMatchObject({ code: 'campaign_started', field: Object.keys(change)[0] });
    }
    // The same values again (a form saved with nothing changed) are no change.
    const unchanged = await api.call('superadmin', 'PUT', `/api/notification/${id}`, { ...same, version: c.version });
    expect(unchanged.status, unchanged.text).toBe(200);
  });
});

describe('audience narrowed by centre and saved view', () => {
  const VIEW_OF_WOMEN = '/dashboard/patients?filter[gender]=female';
  let centre = 0;
  beforeAll(async () => {
    // Of the test patients, every second is a woman, and every third was seen at one centre.
    await sql`update patient set gender = case when id % 2 = 0 then 'female' else 'male' end where last_name = 'Test'`.execute(api.db);
    centre = api.homeCentre;
    await sql`insert into appointment (number, patient, doctor, fmc, mode, scheduled_at, duration_minutes, status)
      select 'APT-2026-' || lpad((900000 + p.id)::text, 6, '0'), p.id, (select min(id) from doctor), ${centre}, 'in_clinic', now(), 30, 'completed'
      from patient p where p.last_name = 'Test' and p.id % 3 = 0`.execute(api.db);
  });
  const saveView = async (who: 'superadmin' | 'admin', address: string, shared: string[] = []) => {
    const r = await api.call(who, 'POST', '/api/views', { name: `Campaign view ${Math.random()}`, address, shared });
    expect(r.status, r.text).toBe(201);
    return r.body.data.id as number;
  };
  /** The phones of the active, opted-in women seen at the centre, as the database holds them: whom the campaign is for. */
  const womenSeenThere = async () => (await sql<{ phone: string }>`select distinct regexp_replace(p.phone, '[^0-9+]', '', 'g') as phone from patient p
    where p.status = 'active' and not p.campaign_opt_out and p.gender = 'female'
      and exists (select 1 from appointment a where a.patient = p.id and a.fmc = ${centre}) order by 1`.execute(api.db)).rows.map((r) => r.phone);

  test('a centre and a view narrow the patients, in the preview and the send alike', async () => {
    const view = await saveView('superadmin', VIEW_OF_WOMEN);
    const expected = await womenSeenThere();
    expect(expected.length).toBeGreaterThan(10);
    const preview = await api.call('superadmin', 'GET', `/api/notification/reach?audience=patient&channel=sms&centre=${centre}&view=${view}`);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({ people: expected.length, unreachable: 0 });
    const onlyCentre = (await api.call('superadmin', 'GET', `/api/notification/reach?audience=patient&channel=sms&centre=${centre}`)).body.data;
    expect(onlyCentre.people).toBeGreaterThan(expected.length);

    const c = await create({ centre, patientView: view });
    expect((await api.call('superadmin', 'GET', `/api/notification/${c.id}/reach`)).body.data.people).toBe(expected.length);
    expect((await move(c.id, 'sending', c.version)).status).toBe(200);
    await drain();
    expect(await record(c.id)).toMatchObject({ status: 'sent', recipients: expected.length, sent: expected.length });
    expect((await outboxOf(c.id)).map((r) => r.recipient).sort()).toEqual(expected);
  });

  test('only a view of patients that the author may read: another person’s is refused, one shared with them is not', async () => {
    const theirs = await saveView('admin', VIEW_OF_WOMEN);
    const refused = await api.call('superadmin', 'POST', '/api/notification', { title: 'x', body: 'y', audience: 'patient', channel: 'sms', patientView: theirs });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'patientView', code: 'not_readable' });
    const shared = await saveView('admin', VIEW_OF_WOMEN, ['superadmin']);
    expect((await create({ patientView: shared })).id).toBeGreaterThan(0);
    // Someone else editing the campaign cannot give it a view its author may not read.
    const c = await create({});
    const edit = await api.call('admin', 'PUT', `/api/notification/${c.id}`, { title: 'x', body: 'y', audience: 'patient', channel: 'sms', patientView: theirs, version: c.version });
    expect(edit.status).toBe(400);
    const ofCentres = await saveView('superadmin', '/dashboard/fmc?sort=name:desc');
    const notPatients = await api.call('superadmin', 'POST', '/api/notification', { title: 'x', body: 'y', audience: 'patient', channel: 'sms', patientView: ofCentres });
    expect(notPatients.body.errors?.[0]).toMatchObject({ field: 'patientView', code: 'not_patients' });
    const doctors = await api.call('superadmin', 'POST', '/api/notification', { title: 'x', body: 'y', audience: 'doctor', channel: 'sms', patientView: shared });
    expect(doctors.status).toBe(400);
    const noCentre = await api.call('superadmin', 'GET', '/api/notification/reach?audience=patient&channel=sms&centre=99999999');
    expect(noCentre.status).toBe(400);
    expect((await api.call('superadmin', 'GET', '/api/notification/reach?audience=patient&channel=sms&view=abc')).status).toBe(400);
    const notTheirs = await api.call('superadmin', 'GET', `/api/notification/reach?audience=patient&channel=sms&view=${theirs}`);
    const doctorsReach = await api.call('superadmin', 'GET', `/api/notification/reach?audience=doctor&channel=sms&view=${shared}`);
    // Each refusal is one of the server's sentences the console says in the reader's language (api-messages/*).
    for (const r of [refused, edit, notPatients, doctors, noCentre, notTheirs, doctorsReach]) {
      expect(r.status).toBe(400);
      expect(SERVER_MESSAGES, r.body.errors[0].message).toContain(r.body.errors[0].message);
    }
  });

  test('a view deleted before sending: the campaign pauses and sends nobody; given none, resumed, it sends', async () => {
    const view = await saveView('superadmin', VIEW_OF_WOMEN);
    const at = new Date(Date.now() + 5 * HOUR);
    const c = await create({ centre, patientView: view, scheduledAt: at.toISOString() });
    expect((await move(c.id, 'scheduled', c.version)).status).toBe(200);
    expect((await api.call('superadmin', 'DELETE', `/api/views/${view}`)).status).toBe(200);
    expect((await api.call('superadmin', 'GET', `/api/notification/${c.id}/reach`)).body.data).toMatchObject({ people: 0, viewProblem: 'gone' });
    clock.set(at);
    await drain();
    const paused = await record(c.id);
    expect(paused).toMatchObject({ status: 'paused' });
    expect(await outboxOf(c.id)).toEqual([]);
    const why = await sql<{ changes: { why?: string } }>`select changes from audit_log where entity = 'notification' and record_id = ${c.id} order by id desc limit 1`.execute(api.db);
    expect(why.rows[0]!.changes.why).toBe('gone');

    const edited = await api.call('superadmin', 'PUT', `/api/notification/${c.id}`, { title: 'Flu shots', body: 'Flu shots are in at your centre.', audience: 'patient', channel: 'sms', centre, patientView: null, scheduledAt: at.toISOString(), version: paused.version });
    expect(edited.status, edited.text).toBe(200);
    expect((await move(c.id, 'sending', edited.body.data.version)).status).toBe(200);
    await drain();
    const seenThere = (await sql<{ n: number }>`select count(*)::int as n from patient p where p.status = 'active' and not p.campaign_opt_out
      and exists (select 1 from appointment a where a.patient = p.id and a.fmc = ${centre})`.execute(api.db)).rows[0]!.n;
    expect(await record(c.id)).toMatchObject({ status: 'sent', sent: seenThere });
  });
});

describe('campaign reach, before sending', () => {
  /** The opted-in active patients as the database holds them now, with and without each address. */
  const patientsNow = async () => (await sql<{ all: number; mail: number; mobile: number }>`select count(*)::int as all,
      count(distinct nullif(lower(trim(email)), ''))::int as mail, count(*) filter (where nullif(regexp_replace(phone, '[^0-9+]', '', 'g'), '') is null)::int as mobile
    from patient where status = 'active' and not campaign_opt_out`.execute(api.db)).rows[0]!;

  test('per channel, how many it reaches and who it cannot: counted, and named for its own channel', async () => {
    const now = await patientsNow();
    const noMail = (await sql<{ n: number }>`select count(*)::int as n from patient where status = 'active' and not campaign_opt_out and nullif(lower(trim(email)), '') is null`.execute(api.db)).rows[0]!.n;
    const c = await create({ channel: 'email' });
    const r = await api.call('superadmin', 'GET', `/api/notification/${c.id}/reach`);
    expect(r.status, r.text).toBe(200);
    const reach = r.body.data;
    expect(reach).toMatchObject({ audience: 'patient', channel: 'email', unreachable: noMail, reachable: now.mail, people: now.mail + noMail });
    // Nobody of the patients has an inbox; by SMS, those without a mobile number.
    expect(reach.channels.push).toEqual({ people: now.all, unreachable: now.all });
    expect(reach.channels.sms.unreachable).toBe(now.mobile);
    expect(reach.missing.length).toBe(Math.min(noMail, 50));
    expect(reach.more).toBe(noMail > 50);
    expect(reach.missing.every((m: { kind: string }) => m.kind === 'patients')).toBe(true);
    const one = reach.missing[0];
    const stored = (await sql<{ email: string | null }>`select email from patient where id = ${one.id}`.execute(api.db)).rows[0]!;
    expect(stored.email ?? '').toBe('');

    // The form's preview of unsaved values answers the same.
    const preview = await api.call('admin', 'GET', '/api/notification/reach?audience=patient&channel=email');
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toEqual(reach);
  });

  test('an opted-out patient is neither reached nor counted', async () => {
    const before = (await api.call('superadmin', 'GET', '/api/notification/reach?audience=patient&channel=sms')).body.data;
    await sql`update patient set campaign_opt_out = true where id = (select id from patient where status = 'active' and not campaign_opt_out order by id limit 1)`.execute(api.db);
    const after = (await api.call('superadmin', 'GET', '/api/notification/reach?audience=patient&channel=sms')).body.data;
    expect(after.people).toBe(before.people - 1);
  });

  test('policy: who may read a campaign sees its reach; the preview validates and refuses unknown fields', async () => {
    const c = await create({});
    for (const role of ['doctor', 'fmc', 'railway'] as const) {
      expect((await api.call(role, 'GET', `/api/notification/${c.id}/reach`)).status, role).toBe(403);
      expect((await api.call(role, 'GET', '/api/notification/reach?audience=all&channel=sms')).status, role).toBe(403);
    }
    expect((await api.call('anonymous', 'GET', `/api/notification/${c.id}/reach`)).status).toBe(401);
    expect((await api.call('superadmin', 'GET', '/api/notification/99999999/reach')).status).toBe(404);
    expect((await api.call('superadmin', 'GET', `/api/notification/${c.id}/reach?channel=sms`)).status).toBe(400);
    expect((await api.call('superadmin', 'GET', '/api/notification/reach?audience=everyone&channel=sms')).status).toBe(400);
    expect((await api.call('superadmin', 'GET', '/api/notification/reach?audience=all')).status).toBe(400);
    expect((await api.call('superadmin', 'GET', '/api/notification/reach?audience=all&channel=sms&tz=UTC')).status).toBe(400);
  });
});

describe('the audience once started', () => {
  test('written down at the start: one added later is not sent; one who opts out meanwhile is skipped at send time', async () => {
    const c = await create({});
    expect((await move(c.id, 'sending', c.version)).status).toBe(200);
    await sql`update job_run set state = 'running', attempts = 1, locked_until = ${new Date(clock.now().getTime() + LEASE_SECONDS * 1000)} where job = ${CAMPAIGN_JOB} and key = ${String(c.id)}`.execute(api.db);
    expect(await startCampaign(api.db, c.id)).toBe(true);
    const { recipients } = await record(c.id);
    expect((await sendNextBatch(api.db, c.id)).queued).toBe(BATCH);
    // The batches go in address order: the last opted-in patient is still to come when they opt out.
    const last = (await sql<{ id: number; phone: string }>`select id, phone from patient where status = 'active' and not campaign_opt_out order by id desc limit 1`.execute(api.db)).rows[0]!;
    const added = (await sql<{ id: number }>`insert into patient (first_name, last_name, phone, status) values ('Late', 'Comer', '+91 9700000001', 'active') returning id`.execute(api.db)).rows[0]!;
    await sql`update patient set campaign_opt_out = true where id = ${last.id}`.execute(api.db);
    try {
      clock.advance(LEASE_SECONDS * 1000);
      await drain();
      expect(await record(c.id)).toMatchObject({ status: 'sent', recipients, sent: recipients - 1 });
      const sentTo = new Set((await outboxOf(c.id)).map((r) => r.recipient));
      expect(sentTo.size).toBe(recipients - 1);
      expect(sentTo.has('+919700000001'), 'added after the start').toBe(false);
      expect(sentTo.has(last.phone.replace(/[^0-9+]/g, '')), 'opted out meanwhile').toBe(false);
      expect((await sql<{ n: number }>`select count(*)::int as n from campaign_recipient where campaign = ${c.id}`.execute(api.db)).rows[0]!.n, 'nobody left to send to').toBe(0);
    } finally {
      await sql`update patient set campaign_opt_out = false where id = ${last.id}`.execute(api.db);
      await sql`delete from patient where id = ${added.id}`.execute(api.db);
    }
  });
});
