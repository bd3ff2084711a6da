import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { deliverOutbox, mailboxPath } from '../../src/server/mail';
import { smsPath } from '../../src/server/sms';
import { setupApi } from './harness';

/**
 * Reminders to people without an e-mail address (issue 19 §3): a text message to their mobile, through the same
 * outbox as mail — queued with the reminder, delivered by the sender to DATA_DIR/sms.txt or to the gateway
 * (SMS_GATEWAY_URL, here a local server), retried when the gateway fails, once a day however often it is asked;
 * someone with neither an address nor a mobile is answered no_contact. Neither a number nor a text reaches the log.
 */

// The gateway: every request it was sent, and what it answers next.
const received: { method?: string; auth?: string; type?: string; body: { to: string; text: string } }[] = [];
let answer = (res: ServerResponse) => res.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}');
const gateway = createServer(async (req, res) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  received.push({ method: req.method, auth: req.headers.authorization, type: req.headers['content-type'], body: JSON.parse(text) });
  answer(res);
});
await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => { gateway.closeAllConnections(); gateway.close(() => resolve()); }));

const KEY = 'gateway-key-for-the-test';
const api = setupApi({ roles: ['admin'], env: { SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/v1/messages`, SMS_GATEWAY_KEY: KEY } });
const patientDef = getEntity('patients');

/** A patient on patientInCompleteProfile (no e-mail, no blood group) with this phone. */
const patient = async (phone: string, firstName = 'Asha') =>
  Number((await createRecord(api.db, patientDef, { ...(await api.payload(patientDef)), firstName, lastName: 'Rao', email: null, bloodGroup: null, phone }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN })).id);

const remind = (id: number) => api.call('admin', 'POST', '/api/notifications/patientInCompleteProfile/remind', { ids: [id] });
const outboxOf = async (id: number) => (await sql<{ id: number; channel: string; recipient: string; body: string; status: string; tries: number; delivered_via: string | null; last_error: string | null }>`
  select o.id, o.channel, o.recipient, o.body, o.status, o.tries, o.delivered_via, o.last_error from outbox o
  where o.recipient = (select '+91' || right(regexp_replace(phone, '\\D', '', 'g'), 10) from patient where id = ${id}) order by o.id`.execute(api.db)).rows;
const withoutGateway = () => ({ ...api.config, smsGateway: undefined });

describe('the channel follows what a person has', () => {
  test('a patient with only a phone is texted: sent by sms, the compact reminder written to DATA_DIR/sms.txt (0600)', async () => {
    const id = await patient('+91 98765 43210');
    const list = await api.call('admin', 'GET', '/api/notifications/patientInCompleteProfile?limit=100');
    const row = list.body.data.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ email: null, phone: '+91 98765 43210', channel: 'sms' });

    const r = await remind(id);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual([{ id, result: 'sent', channel: 'sms' }]);
    const [queued] = await outboxOf(id);
    expect(queued).toMatchObject({ channel: 'sms', recipient: '+919876543210', status: 'queued' });
    expect(queued.body).toBe('Hi Asha Rao, please complete your profile in the app. Missing: email, blood group.');
    const audit = await sql<{ changes: { channel: string } }>`select changes from audit_log where entity = 'patients' and record_id = ${id} and action = 'remind'`.execute(api.db);
    expect(audit.rows.map((a) => a.changes.channel)).toEqual(['sms']);

    const lines: string[] = [];
    const before = received.length;
    await deliverOutbox(api.db, withoutGateway(), { log: (l) => lines.push(l) });
    expect(received.length).toBe(before);
    const file = readFileSync(smsPath(api.config), 'utf8');
    expect(file).toMatch(/\t\+919876543210\tHi Asha Rao, please complete your profile in the app\. Missing: email, blood group\.\n/);
    expect(statSync(smsPath(api.config)).mode & 0o777).toBe(0o600);
    if (existsSync(mailboxPath(api.config))) expect(readFileSync(mailboxPath(api.config), 'utf8')).not.toContain('9876543210');
    expect((await outboxOf(id))[0]).toMatchObject({ status: 'sent', delivered_via: 'sms-file', tries: 1 });
    expect(lines).toContain(`[outbox] message ${queued.id} (message, text) written to ${smsPath(api.config)}`);
    expect(lines.join('\n')).not.toMatch(/98765|Asha|blood group/);
  });

  test('a patient with neither an e-mail address nor a mobile (a landline) is answered no_contact: no reminder, no message', async () => {
    const id = await patient('+91 22 2345 6789');
    const list = await api.call('admin', 'GET', '/api/notifications/patientInCompleteProfile?limit=100');
    expect(list.body.data.find((r: { id: number }) => r.id === id)).toMatchObject({ email: null, channel: null });
    const r = await remind(id);
    expect(r.body.data).toEqual([{ id, result: 'no_contact' }]);
    const counts = await sql<{ reminders: number; messages: number; audits: number }>`select
      (select count(*)::int from reminder where entity = 'patients' and record_id = ${id}) as reminders,
      (select count(*)::int from outbox where recipient like '%2223456789%' or recipient like '%22 2345 6789%') as messages,
      (select count(*)::int from audit_log where entity = 'patients' and record_id = ${id} and action = 'remind') as audits`.execute(api.db);
    expect(counts.rows[0]).toEqual({ reminders: 0, messages: 0, audits: 0 });
  });
});

describe('the gateway (SMS_GATEWAY_URL, SMS_GATEWAY_KEY)', () => {
  test('receives {to, text} as JSON with the bearer key', async () => {
    const id = await patient('09123 456 780', 'Meera');
    expect((await remind(id)).body.data).toEqual([{ id, result: 'sent', channel: 'sms' }]);
    const lines: string[] = [];
    const before = received.length;
    await deliverOutbox(api.db, api.config, { log: (l) => lines.push(l) });
    const mine = received.slice(before).filter((m) => m.body.to === '+919123456780');
    expect(mine).toEqual([{
      method: 'POST', auth: `Bearer ${KEY}`, type: 'application/json',
      body: { to: '+919123456780', text: 'Hi Meera Rao, please complete your profile in the app. Missing: email, blood group.' },
    }]);
    const [row] = await outboxOf(id);
    expect(row).toMatchObject({ status: 'sent', delivered_via: 'sms-gateway', last_error: null });
    expect(lines).toContain(`[outbox] message ${row.id} (message, text) sent to the SMS gateway`);
    expect(lines.join('\n')).not.toMatch(/9123456780|Meera|blood group|gateway-key/);
  });

  test('a failing gateway: the message is retried later, and the reminder stays once a day', async () => {
    const id = await patient('+91 70000 11111', 'Ravi');
    answer = (res) => res.writeHead(503).end('busy, try +917000011111 later');
    expect((await remind(id)).body.data).toEqual([{ id, result: 'sent', channel: 'sms' }]);
    const lines: string[] = [];
    const tries = () => received.filter((m) => m.body.to === '+917000011111').length;
    await deliverOutbox(api.db, api.config, { log: (l) => lines.push(l) });
    expect(tries()).toBe(1);
    const [failed] = await outboxOf(id);
    expect(failed).toMatchObject({ status: 'queued', tries: 1, last_error: 'the SMS gateway answered 503', delivered_via: null });
    expect(lines).toContain(`[outbox] message ${failed.id} (message, text) not delivered (try 1): the SMS gateway answered 503`);
    const due = await sql<{ later: boolean }>`select next_try_at > now() + interval '30 seconds' as later from outbox where id = ${failed.id}`.execute(api.db);
    expect(due.rows[0].later).toBe(true);

    // Asked again the same day: already reminded, no second message; the sender does not try again before it is due.
    expect((await remind(id)).body.data).toEqual([{ id, result: 'already_today' }]);
    await deliverOutbox(api.db, api.config);
    expect(tries()).toBe(1);
    expect(await outboxOf(id)).toHaveLength(1);

    // Once due, the retry reaches a gateway that works again: delivered, the same message, still one reminder.
    answer = (res) => res.writeHead(200).end();
    await sql`update outbox set next_try_at = now() where id = ${failed.id}`.execute(api.db);
    await deliverOutbox(api.db, api.config);
    expect(tries()).toBe(2);
    const sent = received.filter((m) => m.body.to === '+917000011111');
    expect(sent[1].body).toEqual(sent[0].body);
    expect(await outboxOf(id)).toEqual([expect.objectContaining({ status: 'sent', tries: 2, delivered_via: 'sms-gateway', last_error: null })]);
    const reminders = await sql<{ n: number }>`select count(*)::int as n from reminder where entity = 'patients' and record_id = ${id}`.execute(api.db);
    expect(reminders.rows[0].n).toBe(1);
    expect(lines.join('\n')).not.toMatch(/7000011111|Ravi/);
  });
});
