import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { columnName, ENTITIES, getEntity, mayMove, moveTo, ROLES, type EntityDef, type Transition } from '../../src/registry';
import { ident } from '../../src/server/db/entity-table';
import { setupApi } from './harness';

/**
 * POST /api/{resource}/{id}/transition, registry-driven: every move of every workflow × every role answers as the
 * policy says; a move the table does not allow → 409 illegal_transition naming the current status; a stale version →
 * 409 stale; a missing reason or input → 400; ten identical moves at once → exactly one 200. History and audit are written.
 */
const api = setupApi();
const workflows = ENTITIES.filter((e) => e.workflow);

const column = (def: EntityDef, field: string) => sql.raw(ident(columnName(field, def.fields[field])));

/**
 * A fresh record of `def` put in `status` directly (as if moved there before), with its version. Ready for what its
 * moves wait for (move-times.test.ts tests those rules): its day has come (an hour ago), and what it refers to is new.
 */
async function recordIn(def: EntityDef, status: string): Promise<{ id: number; version: number }> {
  const made = await api.insert(def);
  expect(made, `a ${def.name} record`).toBeTruthy();
  await sql`update ${sql.raw(ident(def.table))} set ${column(def, def.workflow!.field)} = ${status} where id = ${made!.id}`.execute(api.db);
  for (const move of def.workflow!.transitions) {
    if (move.notBefore) await sql`update ${sql.raw(ident(def.table))} set ${column(def, move.notBefore)} = now() - interval '1 hour' where id = ${made!.id}`.execute(api.db);
    if (move.refNotIn) {
      const target = (await api.insert(getEntity(def.fields[move.refNotIn.ref].ref!)))!;
      await sql`update ${sql.raw(ident(def.table))} set ${column(def, move.refNotIn.ref)} = ${Number(target.id)} where id = ${made!.id}`.execute(api.db);
    }
  }
  return { id: Number(made!.id), version: Number(made!.version) };
}

/** A body that satisfies the move: its reason and its input fields. */
async function bodyFor(def: EntityDef, move: Transition, version: number) {
  const fake = await api.anyPayload(def);
  const values = Object.fromEntries((move.input ?? []).map((k) => [k, fake[k] ?? (def.fields[k].kind === 'code' ? 'REF-12345' : null)]));
  return { to: move.to, version, ...(move.reason ? { reason: 'Patient asked by phone' } : {}), ...(move.input ? { values } : {}) };
}

const url = (def: EntityDef, id: number) => `/api/${def.api}/${id}/transition`;
const cases = workflows.flatMap((def) => def.workflow!.transitions.flatMap((move) => move.from.map((from) => [`${def.name}: ${from} → ${move.to} (${move.name})`, def, move, from] as const)));

describe.each(cases)('%s', (_, def, move, from) => {
  test.each(ROLES)('%s', async (role) => {
    const rec = await recordIn(def, from);
    const r = await api.call(role, 'POST', url(def, rec.id), await bodyFor(def, move, rec.version));
    if (!mayMove(role, def, move)) {
      expect(r.status, r.text).toBe(403);
      expect((await api.row(def, rec.id))!.version).toBe(rec.version);
      return;
    }
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ id: rec.id, version: rec.version + 1, [def.workflow!.field]: move.to });
    for (const [k, v] of Object.entries(move.sets ?? {})) {
      if (v === '$reason') expect(r.body.data[k]).toBe('Patient asked by phone');
      else if (v === '$actor') expect(r.body.data[k]).toBe(api.userIds[role]);
      else if (v === '$now') expect(Date.now() - Date.parse(r.body.data[k])).toBeLessThan(60_000);
    }
    const history = await api.call(role, 'GET', `/api/${def.api}/${rec.id}/history`);
    expect(history.body.data.at(-1)).toMatchObject({ from, to: move.to, actorId: api.userIds[role] });
    const audit = await sql<{ action: string }>`select action from audit_log where entity = ${def.name} and record_id = ${rec.id} and action not like 'read%' order by id desc limit 1`.execute(api.db);
    expect(audit.rows[0].action).toBe(`transition:${move.name}`);
  });
});

/** The first role that may make a move. */
const actor = (def: EntityDef, move: Transition) => ROLES.find((r) => mayMove(r, def, move))!;

describe.each(workflows.map((d) => [d.name, d] as const))('%s: refusals', (_, def) => {
  const wf = def.workflow!;
  const statuses = def.fields[wf.field].values!;

  test('a move the table does not allow → 409 illegal_transition naming the current status; nothing written', async () => {
    let tried = 0;
    for (const from of statuses) {
      for (const to of statuses) {
        if (moveTo(def, from, to)) continue;
        const move = wf.transitions.find((t) => t.to === to) ?? wf.transitions[0];
        const rec = await recordIn(def, from);
        const r = await api.call(actor(def, move), 'POST', url(def, rec.id), { ...(await bodyFor(def, move, rec.version)), to });
        expect(r.status, `${from} → ${to}`).toBe(409);
        expect(r.body.errors[0].code).toBe('illegal_transition');
        expect(r.body.errors[0].message).toContain(from);
        expect((await api.row(def, rec.id))!.version).toBe(rec.version);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(0);
  });

  test('a stale version → 409 stale; an unknown record → 404; a bad body → 400', async () => {
    const move = wf.transitions[0];
    const rec = await recordIn(def, move.from[0]);
    const who = actor(def, move);
    const stale = await api.call(who, 'POST', url(def, rec.id), await bodyFor(def, move, rec.version + 1));
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'stale', field: 'version' });
    expect((await api.call(who, 'POST', url(def, 99_999_999), await bodyFor(def, move, 1))).status).toBe(404);
    for (const bad of [{}, { to: move.to }, { to: move.to, version: 'one' }, { to: move.to, version: rec.version, extra: 1 }, { to: 7, version: rec.version }]) {
      const r = await api.call(who, 'POST', url(def, rec.id), bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await api.call('anonymous', 'POST', url(def, rec.id), await bodyFor(def, move, rec.version))).status).toBe(401);
  });

  test('ten identical moves at once → exactly one 200, the others 409', async () => {
    const move = wf.transitions[0];
    const rec = await recordIn(def, move.from[0]);
    const body = await bodyFor(def, move, rec.version);
    const replies = await Promise.all(Array.from({ length: 10 }, () => api.call(actor(def, move), 'POST', url(def, rec.id), body)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(9);
    const history = await sql<{ n: number }>`select count(*)::int as n from status_history where entity = ${def.name} and record_id = ${rec.id}`.execute(api.db);
    expect(Number(history.rows[0].n)).toBe(1);
  });

  test('the status is never written by add or edit', async () => {
    const p = await api.anyPayload(def);
    const who = ROLES.find((r) => mayMove(r, def, wf.transitions[0]))!;
    const created = await api.call('superadmin', 'POST', `/api/${def.api}`, { ...p, [wf.field]: wf.transitions[0].to });
    expect([400, 403]).toContain(created.status);
    const rec = await recordIn(def, wf.initial);
    const put = await api.call(who, 'PUT', `/api/${def.api}/${rec.id}`, { ...p, [wf.field]: wf.transitions[0].to, version: rec.version });
    expect([400, 403]).toContain(put.status);
    expect((await api.row(def, rec.id))![columnName(wf.field, def.fields[wf.field])]).toBe(wf.initial);
  });
});

describe('moves that need something', () => {
  test('cancelling an appointment needs a reason, kept as its cancellation reason', async () => {
    const def = getEntity('appointments');
    const rec = await recordIn(def, 'confirmed');
    const missing = await api.call('admin', 'POST', url(def, rec.id), { to: 'cancelled', version: rec.version });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('reason');
    const blank = await api.call('admin', 'POST', url(def, rec.id), { to: 'cancelled', version: rec.version, reason: '   ' });
    expect(blank.status).toBe(400);
    const ok = await api.call('admin', 'POST', url(def, rec.id), { to: 'cancelled', version: rec.version, reason: 'Doctor on leave' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.cancellationReason).toBe('Doctor on leave');
  });

  test('rescheduling takes the new time; a missed appointment can be rescheduled and then confirmed', async () => {
    const def = getEntity('appointments');
    const rec = await recordIn(def, 'missed');
    const noTime = await api.call('admin', 'POST', url(def, rec.id), { to: 'rescheduled', version: rec.version });
    expect(noTime.status).toBe(400);
    expect(noTime.body.errors[0].field).toBe('values.scheduledAt');
    const when = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const moved = await api.call('admin', 'POST', url(def, rec.id), { to: 'rescheduled', version: rec.version, values: { scheduledAt: when } });
    expect(moved.status, moved.text).toBe(200);
    expect(Date.parse(moved.body.data.scheduledAt)).toBe(Date.parse(when));
    const confirmed = await api.call('admin', 'POST', url(def, rec.id), { to: 'confirmed', version: rec.version + 1 });
    expect(confirmed.status).toBe(200);
    const extra = await api.call('admin', 'POST', url(def, rec.id), { to: 'completed', version: rec.version + 2, values: { fee: 1 } });
    expect(extra.status).toBe(400);
  });

  test('approving a verification marks the doctor verified; rejecting sends them back to pending with the remark', async () => {
    const def = getEntity('requestVerification');
    const rec = await recordIn(def, 'requested');
    const doctorId = Number((await api.row(def, rec.id))!.doctor);
    expect((await api.call('admin', 'POST', url(def, rec.id), { to: 'verified', version: rec.version })).status).toBe(403);
    const ok = await api.call('superadmin', 'POST', url(def, rec.id), { to: 'verified', version: rec.version });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data).toMatchObject({ reviewedBy: api.userIds.superadmin });
    expect((await api.call('superadmin', 'GET', `/api/doctor/${doctorId}`)).body.data.verificationStatus).toBe('verified');
    const other = await recordIn(def, 'requested');
    const rejected = await api.call('superadmin', 'POST', url(def, other.id), { to: 'pending', version: other.version, reason: 'The registration certificate is unreadable' });
    expect(rejected.body.data).toMatchObject({ status: 'pending', remarks: 'The registration certificate is unreadable' });
  });
});

describe('a move\'s reason and values obey the rules of the fields they are written to', () => {
  const withReasonField = workflows.flatMap((def) => def.workflow!.transitions
    .flatMap((move) => Object.entries(move.sets ?? {}).filter(([, v]) => v === '$reason').map(([field]) => [`${def.name} ${move.name} → ${field}`, def, move, field] as const)));
  const withTimeInput = workflows.flatMap((def) => def.workflow!.transitions
    .flatMap((move) => (move.input ?? []).filter((k) => def.fields[k].kind === 'datetime').map((field) => [`${def.name} ${move.name}: ${field}`, def, move, field] as const)));

  test('there are such moves (a cancellation\'s reason, a reschedule\'s time)', () => {
    expect(withReasonField.map(([name]) => name)).toContain('appointments cancel → cancellationReason');
    expect(withTimeInput.map(([name]) => name)).toContain('appointments reschedule: scheduledAt');
  });

  test.each(withReasonField)('%s: a reason longer than the field holds is refused, nothing moves', async (_, def, move, field) => {
    const rec = await recordIn(def, move.from[0]);
    const max = def.fields[field].max!;
    const r = await api.call(actor(def, move), 'POST', url(def, rec.id), { ...(await bodyFor(def, move, rec.version)), reason: 'r'.repeat(max + 1) });
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors[0].field).toBe('reason');
    expect((await api.row(def, rec.id))!.version).toBe(rec.version);
  });

  test.each(withTimeInput)('%s: a year typed wrong or a time already past is refused', async (_, def, move, field) => {
    for (const when of ['1900-01-01T10:00:00.000Z', '+020262-11-26T10:00:00.000Z', new Date(Date.now() - 86_400_000).toISOString()]) {
      const rec = await recordIn(def, move.from[0]);
      const r = await api.call(actor(def, move), 'POST', url(def, rec.id), { ...(await bodyFor(def, move, rec.version)), values: { [field]: when } });
      expect(r.status, `${when}: ${r.text}`).toBe(400);
      expect(r.body.errors[0].field).toBe(`values.${field}`);
      expect((await api.row(def, rec.id))!.version).toBe(rec.version);
    }
  });
});
