import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { columnName, ENTITIES, getEntity, mayMove, ROLES, type EntityDef, type Role, type Transition } from '../../src/registry';
import { SERVER_MESSAGES } from '../../src/client/i18n/locales/api-messages/en';
import { matchMessage } from '../../src/client/i18n/message-patterns';
import { UNDO_WINDOW_MINUTES } from '../../src/server/crud/transition-undo';
import { ident } from '../../src/server/db/entity-table';
import { setupApi, type Who } from './harness';

/**
 * POST /api/{resource}/{id}/transition/undo { version } (server/crud/transition-undo.ts): the newest move of a record,
 * taken back by whoever made it within UNDO_WINDOW_MINUTES, unless it is irreversible; the record back at its previous
 * status and values, version + 1, with an undo row in its status history and a `transition-undo:{move}` audit row;
 * what the move did to other records taken back too (a slot's seat, a doctor's verification status).
 */
const api = setupApi();
const workflows = ENTITIES.filter((e) => e.workflow);
const appointments = getEntity('appointments');
const slots = getEntity('fmcslots');
const tickets = getEntity('supportTicket');
const reviews = getEntity('reviews');

const table = (def: EntityDef) => sql.raw(ident(def.table));
const column = (def: EntityDef, field: string) => sql.raw(ident(columnName(field, def.fields[field])));
const moveUrl = (def: EntityDef, id: number) => `/api/${def.api}/${id}/transition`;
const move = (who: Who, def: EntityDef, id: number, body: Record<string, unknown>) => api.call(who, 'POST', moveUrl(def, id), body);
const undo = (who: Who, def: EntityDef, id: number, body: unknown) => api.call(who, 'POST', `${moveUrl(def, id)}/undo`, body);
const read = async (def: EntityDef, id: number) => (await api.call('superadmin', 'GET', `/api/${def.api}/${id}`)).body.data;
const history = async (def: EntityDef, id: number) => (await api.call('superadmin', 'GET', `/api/${def.api}/${id}/history`)).body.data as { from: string; to: string; undo: boolean; actorId: number }[];
const lastAction = async (def: EntityDef, id: number) =>
  (await sql<{ action: string; changes: Record<string, unknown> }>`select action, changes from audit_log where entity = ${def.name} and record_id = ${id}
    and action not like 'read%' order by id desc limit 1`.execute(api.db)).rows[0];

/** A fresh record in `status`, ready for what its moves wait for: its day come, what it refers to new (as transitions.test.ts). */
async function recordIn(def: EntityDef, status: string): Promise<{ id: number; version: number }> {
  const made = (await api.insert(def))!;
  const id = Number(made.id);
  await sql`update ${table(def)} set ${column(def, def.workflow!.field)} = ${status} where id = ${id}`.execute(api.db);
  for (const m of def.workflow!.transitions) {
    if (m.notBefore) await sql`update ${table(def)} set ${column(def, m.notBefore)} = now() - interval '1 hour' where id = ${id}`.execute(api.db);
    if (m.refNotIn) await sql`update ${table(def)} set ${column(def, m.refNotIn.ref)} = ${Number((await api.insert(getEntity(def.fields[m.refNotIn.ref].ref!)))!.id)} where id = ${id}`.execute(api.db);
  }
  return { id, version: Number(made.version) };
}

/** What the move needs: a reason, and its input (a time three days ahead, a bank reference). */
async function bodyFor(def: EntityDef, m: Transition, version: number) {
  const fake = await api.anyPayload(def);
  const values = Object.fromEntries((m.input ?? []).map((k) => [k, def.fields[k].kind === 'datetime' ? new Date(Date.now() + 3 * 86_400_000).toISOString() : def.fields[k].kind === 'code' ? 'REF-12345' : fake[k]]));
  return { to: m.to, version, ...(m.reason ? { reason: 'Asked by phone' } : {}), ...(m.input ? { values } : {}) };
}

const firstMover = (def: EntityDef, m: Transition): Role => ROLES.find((r) => mayMove(r, def, m))!;
const undoable = workflows.flatMap((def) => def.workflow!.transitions.filter((m) => !m.irreversible).map((m) => [`${def.name} ${m.name}: ${m.from[0]} → ${m.to}`, def, m] as const));

describe('every move that lasts not is undone by whoever made it', () => {
  test('there are such moves, and the irreversible ones are the invoice\'s and a campaign\'s sending', () => {
    expect(undoable.length).toBeGreaterThan(10);
    const lasting = workflows.flatMap((def) => def.workflow!.transitions.filter((m) => m.irreversible).map((m) => `${def.name} ${m.name}`));
    expect(lasting.sort()).toEqual(['invoices void', 'notification send', 'payment complete']);
  });

  test.each(undoable)('%s', async (_, def, m) => {
    const rec = await recordIn(def, m.from[0]);
    const was = await read(def, rec.id);
    const who = firstMover(def, m);
    const moved = await move(who, def, rec.id, await bodyFor(def, m, rec.version));
    expect(moved.status, moved.text).toBe(200);

    const r = await undo(who, def, rec.id, { version: moved.body.data.version });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ id: rec.id, version: rec.version + 2, [def.workflow!.field]: m.from[0], updatedBy: api.userIds[who] });
    // The references' titles, as a move's answer has them (a campaign refers to nothing).
    if (Object.values(def.fields).some((fd) => fd.ref)) expect(r.body.data._labels).toBeDefined();
    // Every field the move wrote is back as it was.
    for (const k of [...Object.keys(m.sets ?? {}), ...(m.input ?? [])]) expect(r.body.data[k], k).toEqual(was[k]);
    expect(await read(def, rec.id)).toMatchObject({ version: rec.version + 2, [def.workflow!.field]: m.from[0] });

    const lines = await history(def, rec.id);
    expect(lines.slice(-2)).toMatchObject([{ from: m.from[0], to: m.to, undo: false }, { from: m.to, to: m.from[0], undo: true, actorId: api.userIds[who] }]);
    const entry = await lastAction(def, rec.id);
    expect(entry.action).toBe(`transition-undo:${m.name}`);
    expect(entry.changes).toMatchObject({ [def.workflow!.field]: m.from[0], from: m.to });
    // The activity log finds it by its action, named apart from the move itself.
    const log = await api.call('superadmin', 'GET', `/api/fmc/fmclogs?entity=${def.name}&record=${rec.id}&action=transition-undo:${m.name}`);
    expect(log.status, log.text).toBe(200);
    expect(log.body.data.map((e: { action: string }) => e.action)).toEqual([`transition-undo:${m.name}`]);
  });
});

describe('what a move did elsewhere is undone too', () => {
  async function slotFor(capacity: number) {
    const doctor = (await api.insert(getEntity('doctor')))!;
    const r = await api.call('superadmin', 'POST', `/api/${slots.api}`, { ...(await api.payload(slots)), fmc: api.homeCentre, doctor: doctor.id, date: '2031-09-10', startTime: '10:00', endTime: '11:00', capacity, status: 'open' });
    expect(r.status, r.text).toBe(201);
    return Number(r.body.data.id);
  }
  const patient = async () => Number((await api.insert(getEntity('patients')))!.id);
  async function booked(slot: number) {
    const p = await patient();
    const r = await api.call('superadmin', 'POST', `/api/${slots.api}/${slot}/book`, { patient: p });
    expect(r.status, r.text).toBe(201);
    return { patient: p, appointment: await read(appointments, r.body.data.appointment.id) };
  }
  const bookings = async (slot: number) => (await api.call('superadmin', 'GET', `/api/${slots.api}/${slot}/bookings`)).body.data.map((b: { patient: number }) => b.patient);
  const seats = async (slot: number) => Number((await api.row(slots, slot))!.booked);

  test('an appointment cancelled, undone: confirmed again, no cancellation reason, its seat taken again', async () => {
    const slot = await slotFor(3);
    const { patient: p, appointment: a } = await booked(slot);
    const cancelled = await move('admin', appointments, a.id, { to: 'cancelled', version: a.version, reason: 'Patient travelling' });
    expect(await seats(slot)).toBe(0);
    const r = await undo('admin', appointments, a.id, { version: cancelled.body.data.version });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'confirmed', cancellationReason: null, slot });
    expect(await seats(slot)).toBe(1);
    expect(await bookings(slot)).toEqual([p]);
    // The list by status finds it where it is now (its search row and counts follow).
    const list = await api.call('admin', 'GET', `/api/${appointments.api}?filter[status]=confirmed&q=${encodeURIComponent(a.number)}`);
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([a.id]);
  });

  test('an appointment rescheduled, undone: its time and its slot back, and the seat', async () => {
    const slot = await slotFor(3);
    const { appointment: a } = await booked(slot);
    const when = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const moved = await move('admin', appointments, a.id, { to: 'rescheduled', version: a.version, values: { scheduledAt: when } });
    expect(moved.body.data).toMatchObject({ slot: null, status: 'rescheduled' });
    expect(await seats(slot)).toBe(0);
    const r = await undo('admin', appointments, a.id, { version: moved.body.data.version });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'confirmed', slot, scheduledAt: a.scheduledAt });
    expect(await seats(slot)).toBe(1);
  });

  test.each([['taken by another patient', 'full'], ['closed', 'closed']])('the seat %s meanwhile: 409 seat_taken, nothing changed', async (_, how) => {
    const slot = await slotFor(1);
    const { appointment: a } = await booked(slot);
    const cancelled = await move('admin', appointments, a.id, { to: 'cancelled', version: a.version, reason: 'Patient travelling' });
    if (how === 'full') await booked(slot);
    else await sql`update fmc_slot set status = 'closed', version = version + 1 where id = ${slot}`.execute(api.db);
    const seatsBefore = await seats(slot);
    const r = await undo('admin', appointments, a.id, { version: cancelled.body.data.version });
    expect(r.status, r.text).toBe(409);
    expect(r.body.errors[0]).toMatchObject({ code: 'seat_taken', field: 'slot' });
    expect(SERVER_MESSAGES).toContain(r.body.errors[0].message);
    expect(await read(appointments, a.id)).toMatchObject({ status: 'cancelled', version: cancelled.body.data.version });
    expect(await seats(slot)).toBe(seatsBefore);
    expect((await history(appointments, a.id)).some((h) => h.undo)).toBe(false);
  });

  test('a verification approved, undone: the request waits for review again, and so does its doctor', async () => {
    const def = getEntity('requestVerification');
    const rec = await recordIn(def, 'requested');
    const doctorId = Number((await read(def, rec.id)).doctor);
    await sql`update doctor set verification_status = 'requested' where id = ${doctorId}`.execute(api.db);
    const approved = await move('superadmin', def, rec.id, { to: 'verified', version: rec.version });
    expect((await read(getEntity('doctor'), doctorId)).verificationStatus).toBe('verified');
    const r = await undo('superadmin', def, rec.id, { version: approved.body.data.version });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'requested', reviewedBy: null, reviewedAt: null });
    expect((await read(getEntity('doctor'), doctorId)).verificationStatus).toBe('requested');
  });
});

describe('refusals: the move stays', () => {
  async function ticketMovedBy(who: Role) {
    const rec = await recordIn(tickets, 'open');
    const started = await move(who, tickets, rec.id, { to: 'in_progress', version: rec.version });
    expect(started.status, started.text).toBe(200);
    return { id: rec.id, version: Number(started.body.data.version) };
  }
  const expectRefused = (r: { status: number; body: { errors: { code: string; message: string }[] } }, code: string, message: string) => {
    expect(r.status).toBe(409);
    expect(r.body.errors[0]).toMatchObject({ code, message });
    // The console says it in the user's language: the message is one the translations know (locales/api-messages).
    expect((SERVER_MESSAGES as readonly string[]).includes(message) || matchMessage(message, SERVER_MESSAGES) !== null, message).toBe(true);
  };

  test('undone twice: the second is refused', async () => {
    const t = await ticketMovedBy('superadmin');
    expect((await undo('superadmin', tickets, t.id, { version: t.version })).status).toBe(200);
    expectRefused(await undo('superadmin', tickets, t.id, { version: t.version }), 'not_undoable', 'This move was already undone');
    expect((await read(tickets, t.id))).toMatchObject({ status: 'open', version: t.version + 1 });
  });

  test('ten undos at once: exactly one is done', async () => {
    const t = await ticketMovedBy('superadmin');
    const replies = await Promise.all(Array.from({ length: 10 }, () => undo('superadmin', tickets, t.id, { version: t.version })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(9);
    expect((await history(tickets, t.id)).filter((h) => h.undo)).toHaveLength(1);
  });

  test('by someone else than whoever made it', async () => {
    const rec = await recordIn(reviews, 'published');
    const hidden = await move('admin', reviews, rec.id, { to: 'hidden', version: rec.version });
    expectRefused(await undo('superadmin', reviews, rec.id, { version: hidden.body.data.version }), 'not_undoable', 'Only whoever made this move can undo it');
    expect((await read(reviews, rec.id)).status).toBe('hidden');
  });

  test('someone moved or changed the record after it: 409 stale, saying so', async () => {
    const rec = await recordIn(reviews, 'published');
    const hidden = await move('admin', reviews, rec.id, { to: 'hidden', version: rec.version });
    const shown = await move('superadmin', reviews, rec.id, { to: 'published', version: hidden.body.data.version });
    expect(shown.status).toBe(200);
    const stale = 'Someone changed this record after your move: it was not undone.';
    expectRefused(await undo('admin', reviews, rec.id, { version: hidden.body.data.version }), 'stale', stale);
    // An edit (here written directly) moves the version on too.
    const t = await ticketMovedBy('superadmin');
    await sql`update support_ticket set version = version + 1 where id = ${t.id}`.execute(api.db);
    expectRefused(await undo('superadmin', tickets, t.id, { version: t.version }), 'stale', stale);
    expect((await read(tickets, t.id)).status).toBe('in_progress');
  });

  test('only the newest move: one made before the user\'s own later move is refused', async () => {
    const t = await ticketMovedBy('superadmin');
    const resolved = await move('superadmin', tickets, t.id, { to: 'resolved', version: t.version });
    expectRefused(await undo('superadmin', tickets, t.id, { version: t.version }), 'not_undoable', 'Only the newest move of a record can be undone');
    expect((await undo('superadmin', tickets, t.id, { version: resolved.body.data.version })).status).toBe(200);
  });

  test(`after ${UNDO_WINDOW_MINUTES} minutes`, async () => {
    const t = await ticketMovedBy('superadmin');
    await sql`update status_history set at = now() - make_interval(mins => ${UNDO_WINDOW_MINUTES + 1}) where entity = ${tickets.name} and record_id = ${t.id}`.execute(api.db);
    expectRefused(await undo('superadmin', tickets, t.id, { version: t.version }), 'not_undoable', `This move was made more than ${UNDO_WINDOW_MINUTES} minutes ago: it can no longer be undone`);
  });

  test('an irreversible move: a payment completed (its invoice issued), an invoice voided', async () => {
    const payments = getEntity('payment');
    const pay = await recordIn(payments, 'pending');
    const done = await move('admin', payments, pay.id, { to: 'completed', version: pay.version });
    expect(done.status, done.text).toBe(200);
    expectRefused(await undo('admin', payments, pay.id, { version: done.body.data.version }), 'not_undoable', 'This move issued a tax invoice: it cannot be undone');
    expect((await read(payments, pay.id)).status).toBe('completed');
    const invoice = (await sql<{ id: number; version: number }>`select id, version from invoice where payment = ${pay.id}`.execute(api.db)).rows[0];
    const voided = await move('superadmin', getEntity('invoices'), Number(invoice.id), { to: 'void', version: Number(invoice.version), reason: 'Billed twice' });
    expect(voided.status, voided.text).toBe(200);
    expectRefused(await undo('superadmin', getEntity('invoices'), Number(invoice.id), { version: voided.body.data.version }), 'not_undoable', 'This move voided an invoice: it cannot be undone');
  });

  test('a version no move made (the record as added, an undo\'s own): nothing to undo', async () => {
    const t = await ticketMovedBy('superadmin');
    const nothing = 'No move of this record made that version: there is nothing to undo';
    expectRefused(await undo('superadmin', tickets, t.id, { version: t.version - 1 }), 'not_undoable', nothing);
    const back = await undo('superadmin', tickets, t.id, { version: t.version });
    expectRefused(await undo('superadmin', tickets, t.id, { version: back.body.data.version }), 'not_undoable', nothing);
  });

  test('a role that makes no move here: 403; no session: 401; no such record: 404; a bad body: 400', async () => {
    const t = await ticketMovedBy('superadmin');
    for (const role of ROLES.filter((r) => !tickets.workflow!.transitions.some((m) => mayMove(r, tickets, m)))) {
      expect((await undo(role, tickets, t.id, { version: t.version })).status, role).toBe(403);
    }
    expect((await undo('anonymous', tickets, t.id, { version: t.version })).status).toBe(401);
    expect((await undo('superadmin', tickets, 99_999_999, { version: 1 })).status).toBe(404);
    for (const bad of [{}, { version: 'two' }, { version: 0 }, { version: t.version, to: 'open' }, [], 'x']) {
      const r = await undo('superadmin', tickets, t.id, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await read(tickets, t.id)).status).toBe('in_progress');
  });
});
