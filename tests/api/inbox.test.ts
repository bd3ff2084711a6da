import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { columnName, getEntity, WORKLISTS, type EntityDef, type Role } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { ident } from '../../src/server/db/entity-table';
import { addItems } from '../../src/server/inbox/store';
import { refreshWorklists, startWorklistCounts, topicOf } from '../../src/server/inbox/worklist-counts';
import { setupApi, type Who } from './harness';

/**
 * Every user's inbox: their own items only, unread first and paged by cursor, marked read one at a time or all at
 * once, archived; each source puts its item in the right inboxes in the write's own transaction and never in its
 * author's; titles in the reader's language; the worklists' counts equal what the worklists hold.
 */
const api = setupApi();

interface Item { id: number; kind: string; params: Record<string, unknown>; title: string; link: string | null; createdAt: string; readAt: string | null }
const inbox = async (who: Who, cursor?: string) => {
  const r = await api.call(who, 'GET', `/api/me/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
  expect(r.status, r.text).toBe(200);
  return r.body as { data: Item[]; unread: number; nextCursor: string | null };
};
/** Every item of a user, through the pages. */
async function everything(who: Who): Promise<Item[]> {
  const out: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await inbox(who, cursor);
    out.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}
const kinds = async (who: Who) => (await everything(who)).map((i) => i.kind);
const countOf = async (who: Who, kind: string) => (await kinds(who)).filter((k) => k === kind).length;

/** Another active account of `role` with a session. */
async function another(role: Role): Promise<{ id: number; token: string }> {
  const roleId = (await api.db.selectFrom('role').select('id').where('key', '=', role).executeTakeFirstOrThrow()).id;
  const u = await createRecord(api.db, getEntity('admin-user'), {
    firstName: 'Second', lastName: role, email: `second.${role}.${Math.random().toString(36).slice(2)}@demo.test`, role: roleId, status: 'active',
    password: 'a-quite-unusual-passphrase', centres: [api.homeCentre],
  }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  const { createSession } = await import('../../src/server/auth/sessions');
  return { id: Number(u.id), token: (await createSession(api.db, api.config, Number(u.id))).token };
}

async function putIn(def: EntityDef, id: number, status: string) {
  const col = sql.raw(ident(columnName(def.workflow!.field, def.fields[def.workflow!.field])));
  await sql`update ${sql.raw(ident(def.table))} set ${col} = ${status} where id = ${id}`.execute(api.db);
  return Number((await api.row(def, id))!.version);
}

const raise = (role: Role) => api.call(role, 'POST', '/api/supportTicket', { subject: `Printer jams ${Math.random().toString(36).slice(2)}`, description: 'Paper jams.', fmc: api.homeCentre, priority: 'high' });

describe('the inbox calls', () => {
  test('each user sees and marks only their own items', async () => {
    const [mine] = await addItems(api.db, [{ userId: api.userIds.admin, kind: 'paymentRejected', params: { record: 1, number: 'PAY-2026-000001' }, actorId: null }]);
    const theirs = await inbox('admin');
    expect(theirs.data.map((i) => i.id)).toContain(mine);
    expect(theirs.data.find((i) => i.id === mine)).toEqual({ id: mine, kind: 'paymentRejected', params: { record: 1, number: 'PAY-2026-000001' }, title: 'Payment PAY-2026-000001 was rejected', link: '/dashboard/payment/rejected?q=PAY-2026-000001', createdAt: expect.any(String), readAt: null });
    expect((await everything('fmc')).map((i) => i.id)).not.toContain(mine);
    for (const path of [`/api/me/notifications/${mine}/read`, `/api/me/notifications/${mine}/archive`]) {
      const r = await api.call('fmc', 'POST', path);
      expect(r.status, r.text).toBe(404);
    }
    expect((await inbox('admin')).data.find((i) => i.id === mine)!.readAt).toBeNull();
    expect((await api.call('anonymous', 'GET', '/api/me/notifications')).status).toBe(401);
    expect((await api.call('admin', 'POST', `/api/me/notifications/${mine}/read`, { extra: 1 })).status).toBe(400);
    expect((await api.call('railway', 'GET', '/api/me/notifications?cursor=nonsense')).status).toBe(400);
    expect((await api.call('railway', 'GET', '/api/me/notifications?other=1')).status).toBe(400);
    expect((await api.call('railway', 'POST', '/api/me/notifications/abc/read')).status).toBe(404);
  });

  test('pages by cursor, unread first then newest first, every item once; read, read-all and archive', async () => {
    const who = await another('admin');
    const ids = await addItems(api.db, Array.from({ length: 70 }, (_, i) => ({ userId: who.id, kind: 'paymentRejected' as const, params: { record: i + 1, number: `PAY-2026-${String(i).padStart(6, '0')}` }, actorId: null })));
    // Some read already: they come after every unread one.
    await sql`update inbox_item set read_at = now() where id = any(${ids.slice(0, 10)}::bigint[])`.execute(api.db);
    const first = await inbox({ token: who.token });
    expect(first.unread).toBe(60);
    expect(first.data.length).toBeLessThan(70);
    const all = await everything({ token: who.token });
    expect(all.map((i) => i.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const unreadFirst = all.map((i) => (i.readAt ? 1 : 0));
    expect(unreadFirst).toEqual([...unreadFirst].sort());
    const unread = all.filter((i) => !i.readAt);
    for (let i = 1; i < unread.length; i++) expect(Date.parse(unread[i - 1].createdAt) >= Date.parse(unread[i].createdAt) && (unread[i - 1].createdAt !== unread[i].createdAt || unread[i - 1].id > unread[i].id)).toBe(true);

    const one = unread[0];
    const read = await api.call({ token: who.token }, 'POST', `/api/me/notifications/${one.id}/read`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toMatchObject({ id: one.id, readAt: expect.any(String) });
    expect((await inbox({ token: who.token })).unread).toBe(59);

    const archived = await api.call({ token: who.token }, 'POST', `/api/me/notifications/${unread[1].id}/archive`);
    expect(archived.body).toEqual({ data: { id: unread[1].id, archived: true } });
    const after = await everything({ token: who.token });
    expect(after.map((i) => i.id)).not.toContain(unread[1].id);
    expect(after).toHaveLength(69);
    expect((await api.call({ token: who.token }, 'POST', `/api/me/notifications/${unread[1].id}/archive`)).status).toBe(404);

    const all2 = await api.call({ token: who.token }, 'POST', '/api/me/notifications/read-all');
    expect(all2.body).toEqual({ data: { unread: 0 } });
    expect((await everything({ token: who.token })).every((i) => i.readAt)).toBe(true);
  });

  test('GET /api/notification/admin is the same rows in the spec\'s shape', async () => {
    const [id] = await addItems(api.db, [{ userId: api.userIds.doctor, kind: 'ticketAssigned', params: { record: 5, subject: 'Kiosk down' }, actorId: null }]);
    const r = await api.call('doctor', 'GET', '/api/notification/admin');
    expect(r.status).toBe(200);
    expect(r.body.data.find((n: { _id: string }) => n._id === String(id))).toEqual({
      _id: String(id), noteType: 'ticketAssigned', title: 'Ticket assigned to you: Kiosk down', count: null, body: null, link: null, createdAt: expect.any(String), read: false,
    });
    expect((await api.call('fmc', 'GET', '/api/notification/admin')).body.data.map((n: { _id: string }) => n._id)).not.toContain(String(id));
  });

  test('an item is stored and answered as its kind and parameters, never as a sentence (the console words it)', async () => {
    const [id] = await addItems(api.db, [{ userId: api.userIds.admin, kind: 'signup', params: { record: 1, name: 'Ravi Menon', role: 'railway' }, actorId: null }]);
    const item = (await everything('admin')).find((i) => i.id === id)!;
    expect(item).toMatchObject({ kind: 'signup', params: { record: 1, name: 'Ravi Menon', role: 'railway' }, title: 'Ravi Menon asks for a staff account (Railway staff)' });
    const stored = await sql<Record<string, unknown>>`select * from inbox_item where id = ${id}`.execute(api.db);
    expect(JSON.stringify(stored.rows[0])).not.toMatch(/asks/);
  });
});

describe("titles in the reader's language", () => {
  test('a French reader reads French titles in the inbox and the spec\'s view; an English one English', async () => {
    // Readers of their own, so that the worklist item given them is nobody else's.
    const [french, english] = [await another('admin'), await another('admin')];
    expect((await api.call({ token: french.token }, 'PUT', '/api/me/prefs', { lang: 'fr' })).status).toBe(200);
    const items = [
      { kind: 'signup', params: { record: 1, name: 'Ravi Menon', role: 'railway' } },
      { kind: 'paymentRejected', params: { record: 1, number: 'PAY-2026-000009' } },
      { kind: 'worklist', params: { worklist: 'patientNotAddedFamilyMember', count: 4 } },
    ] as const;
    const titles = async (who: Who, userId: number) => {
      const ids = await addItems(api.db, items.map((i) => ({ userId, ...i, actorId: null })));
      const all = await everything(who);
      return ids.map((id) => all.find((i) => i.id === id)!.title);
    };
    expect(await titles({ token: french.token }, french.id)).toEqual([
      'Ravi Menon demande un compte du personnel (Personnel ferroviaire)',
      'Le paiement PAY-2026-000009 a été refusé',
      'Patients : aucun membre de famille (4)',
    ]);
    expect(await titles({ token: english.token }, english.id)).toEqual([
      'Ravi Menon asks for a staff account (Railway staff)',
      'Payment PAY-2026-000009 was rejected',
      'Patients: no family members (4)',
    ]);
    const view = (await api.call({ token: french.token }, 'GET', '/api/notification/admin')).body.data as { title: string }[];
    expect(view.map((n) => n.title)).toContain('Le paiement PAY-2026-000009 a été refusé');
  });

  test("a worklist's item leads to its screen, for those who may open it", async () => {
    const linkOf = async (role: Role) => {
      const user = await another(role);
      const [id] = await addItems(api.db, [{ userId: user.id, kind: 'worklist', params: { worklist: 'doctorInCompleteProfile', count: 2 }, actorId: null }]);
      return (await everything({ token: user.token })).find((i) => i.id === id)?.link;
    };
    expect(await linkOf('admin')).toBe('/dashboard/notifications/doctorInCompleteProfile');
    // A role that may not open the worklists does not hold their items at all.
    expect(await linkOf('railway')).toBeUndefined();
  });
});

describe('sources', () => {
  test('a staff sign-up: superadmins and admins, nobody else', async () => {
    const before = Object.fromEntries(await Promise.all((['superadmin', 'admin', 'doctor', 'fmc', 'railway'] as const).map(async (r) => [r, await countOf(r, 'signup')] as const)));
    const r = await api.call('anonymous', 'POST', '/api/auth/signup', { firstName: 'Ravi', lastName: 'Menon', email: `ravi.${Date.now()}@example.in`, role: 'railway', password: 'a-quite-unusual-passphrase' });
    expect(r.status).toBe(202);
    expect(await countOf('superadmin', 'signup')).toBe(before.superadmin + 1);
    expect(await countOf('admin', 'signup')).toBe(before.admin + 1);
    for (const role of ['doctor', 'fmc', 'railway'] as const) expect(await countOf(role, 'signup')).toBe(before[role]);
    const item = (await everything('admin')).find((i) => i.kind === 'signup' && i.title.startsWith('Ravi'))!;
    expect(item.title).toBe('Ravi Menon asks for a staff account (Railway staff)');
    expect(item.link).toMatch(/^\/dashboard\/admin-user\/details\/\d+$/);
  });

  test('a verification request submitted: the other superadmins, never its author', async () => {
    const second = await another('superadmin');
    const def = getEntity('requestVerification');
    const rec = (await api.insert(def))!;
    const version = await putIn(def, Number(rec.id), 'pending');
    const before = await countOf({ token: second.token }, 'verificationSubmitted');
    const mineBefore = await countOf('superadmin', 'verificationSubmitted');
    const r = await api.call('superadmin', 'POST', `/api/${def.api}/${rec.id}/transition`, { to: 'requested', version });
    expect(r.status, r.text).toBe(200);
    const got = (await everything({ token: second.token })).filter((i) => i.kind === 'verificationSubmitted');
    expect(got).toHaveLength(before + 1);
    expect(got[0].title).toContain(String(rec.number));
    expect(got[0].link).toBe(`/dashboard/requestVerification/requested/view/${rec.id}`);
    expect(await countOf('superadmin', 'verificationSubmitted')).toBe(mineBefore);
    for (const role of ['admin', 'doctor', 'fmc', 'railway'] as const) expect(await kinds(role)).not.toContain('verificationSubmitted');
  });

  test('a ticket raised at a centre, assigned, commented on: its centre, the assignee, the raiser; never the author', async () => {
    // Assigned to someone who may open it: another superadmin (crud/assignees.ts).
    const taker = await another('superadmin');
    const before = Object.fromEntries(await Promise.all((['superadmin', 'admin', 'doctor', 'fmc', 'railway'] as const).map(async (r) => [r, await kinds(r)] as const)));
    const takerBefore = await kinds(taker);
    const raised = await raise('fmc');
    expect(raised.status, raised.text).toBe(201);
    const t = raised.body.data;
    const added = async (role: Role | 'taker') => {
      const now = await kinds(role === 'taker' ? taker : role);
      const was = [...(role === 'taker' ? takerBefore : before[role])];
      for (const k of was) now.splice(now.indexOf(k), 1);
      return now.sort();
    };
    expect(await added('doctor')).toEqual(['ticketRaised']);
    expect(await added('superadmin')).toEqual(['ticketRaised']);
    expect(await added('fmc')).toEqual([]);
    expect(await added('admin')).toEqual([]);
    expect(await added('railway')).toEqual([]);
    const sa = (await everything('superadmin')).find((i) => i.kind === 'ticketRaised')!;
    expect(sa.title).toContain(t.subject);
    expect(sa.link).toBe(`/dashboard/fmc/support/ticket/details/${t.id}`);
    expect((await everything('doctor')).find((i) => i.kind === 'ticketRaised')!.link).toBeNull();

    const put = await api.call('superadmin', 'PUT', `/api/supportTicket/${t.id}`, { subject: t.subject, description: t.description, fmc: t.fmc, priority: t.priority, assignee: taker.id, version: t.version });
    expect(put.status, put.text).toBe(200);
    expect(await added('taker')).toEqual(['ticketAssigned', 'ticketRaised']);
    expect(await added('superadmin')).toEqual(['ticketRaised']);
    expect(await added('admin')).toEqual([]);

    const comment = await api.call('superadmin', 'POST', `/api/supportTicket/${t.id}/comments`, { text: 'Looking into it.' });
    expect(comment.status, comment.text).toBe(201);
    expect(await added('taker')).toEqual(['ticketAssigned', 'ticketComment', 'ticketRaised']);
    expect(await added('fmc')).toEqual(['ticketComment']);
    expect(await added('superadmin')).toEqual(['ticketRaised']);
    const author = await api.db.selectFrom('admin_user').select(['first_name', 'last_name']).where('id', '=', api.userIds.superadmin).executeTakeFirstOrThrow();
    expect((await everything('fmc')).find((i) => i.kind === 'ticketComment')!.title).toBe(`${author.first_name} ${author.last_name} commented on ${t.subject}`);

    const reply = await api.call('fmc', 'POST', `/api/supportTicket/${t.id}/comments`, { text: 'Thank you.' });
    expect(reply.status).toBe(201);
    expect(await added('fmc')).toEqual(['ticketComment']);
    expect((await added('taker')).filter((k) => k === 'ticketComment')).toHaveLength(2);
  });

  test('a payment rejected: superadmins and admins, not its author', async () => {
    const def = getEntity('payment');
    const rec = (await api.insert(def))!;
    const version = await putIn(def, Number(rec.id), 'pending');
    const before = { superadmin: await countOf('superadmin', 'paymentRejected'), admin: await countOf('admin', 'paymentRejected') };
    const r = await api.call('admin', 'POST', `/api/${def.api}/${rec.id}/transition`, { to: 'rejected', version });
    expect(r.status, r.text).toBe(200);
    expect(await countOf('superadmin', 'paymentRejected')).toBe(before.superadmin + 1);
    expect(await countOf('admin', 'paymentRejected')).toBe(before.admin);
    const item = (await everything('superadmin')).find((i) => i.kind === 'paymentRejected' && i.title.includes(String(rec.number)))!;
    expect(item.link).toBe(`/dashboard/payment/rejected?q=${encodeURIComponent(String(rec.number))}`);
  });

  test('a write that fails leaves no item', async () => {
    const before = await kinds('superadmin');
    const r = await api.call('fmc', 'POST', '/api/supportTicket', { subject: 'x', description: 'y', fmc: 999_999, priority: 'high' });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(await kinds('superadmin')).toEqual(before);
  });
});

/** Every record a worklist holds, walked through its pages as its screen walks them. */
async function walk(id: string): Promise<number> {
  let n = 0;
  let cursor: string | null = null;
  do {
    const r = await api.call('admin', 'GET', `/api/notifications/${id}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(r.status, r.text).toBe(200);
    n += r.body.data.length;
    cursor = r.body.nextCursor;
  } while (cursor);
  return n;
}

describe('worklist counts', () => {
  test('one item per worklist for superadmins and admins, its count the worklist\'s own; updated in place', async () => {
    const doctors = getEntity('doctor');
    for (let i = 0; i < 3; i++) await api.insert(doctors);
    await refreshWorklists(api.db);
    const view = async (who: Who) => (await api.call(who, 'GET', '/api/notification/admin')).body.data as { _id: string; noteType: string; count: number | null; read: boolean }[];
    for (const who of ['superadmin', 'admin'] as const) {
      const notes = (await view(who)).filter((n) => WORKLISTS.some((w) => w.id === n.noteType));
      expect(notes.map((n) => n.noteType).sort()).toEqual(WORKLISTS.map((w) => w.id).sort());
      for (const n of notes) expect(n.count, n.noteType).toBe(await walk(n.noteType));
    }
    for (const role of ['doctor', 'fmc', 'railway'] as const) expect(await kinds(role)).not.toContain('worklist');

    const item = (await view('admin')).find((n) => n.noteType === 'doctorInCompleteProfile')!;
    expect(item.count).toBeGreaterThan(0);
    await api.call('admin', 'POST', `/api/me/notifications/${item._id}/read`);
    // Counted again with nothing changed: the same item, still read.
    await refreshWorklists(api.db);
    expect((await view('admin')).find((n) => n.noteType === 'doctorInCompleteProfile')).toMatchObject({ _id: item._id, read: true, count: item.count });
    // Another incomplete doctor: the same item with the new count, unread again; one item per worklist still.
    await api.insert(doctors);
    await refreshWorklists(api.db, { quiet: [api.userIds.superadmin] });
    const after = (await view('admin')).filter((n) => n.noteType === 'doctorInCompleteProfile');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ _id: item._id, read: false, count: await walk('doctorInCompleteProfile') });
    expect(after[0].count).toBe(item.count! + 1);
    // A user whose own write alone changed it is not told: the new count, left as read.
    const sa = (await view('superadmin')).find((n) => n.noteType === 'doctorInCompleteProfile')!;
    expect(sa.count).toBe(after[0].count);
  });
});

describe('live', () => {
  /** The events of one stream, as they come (a small reader: events.test.ts has the whole one). */
  async function stream(who: Who) {
    const token = typeof who === 'string' ? api.tokens[who as Role] : (who as { token: string }).token;
    const res = await api.app.request('/api/events', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const heard: Record<string, unknown>[] = [];
    let text = '';
    const started = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        text += decoder.decode(value, { stream: true });
        for (const m of text.matchAll(/^data: (.*)$/gm)) heard.push(JSON.parse(m[1]));
        text = text.slice(text.lastIndexOf('\n\n') + 2);
      }
    })();
    return { heard, close: async () => { await reader.cancel().catch(() => {}); await started; } };
  }
  /** Waits for `ok` (a guard against a hang, not a timing assertion). */
  const until = async (ok: () => boolean) => { for (let i = 0; i < 4000 && !ok(); i++) await new Promise((r) => setTimeout(r, 25)); };

  test("a new item is told on its recipient's change stream only", async () => {
    const [admin, railway] = [await stream('admin'), await stream('railway')];
    const [id] = await addItems(api.db, [{ userId: api.userIds.admin, kind: 'ticketAssigned', params: { record: 9, subject: 'Live' }, actorId: null }]);
    expect(id).toBeGreaterThan(0);
    await until(() => admin.heard.some((e) => e.entity === 'inbox'));
    expect(admin.heard.filter((e) => e.entity === 'inbox')).toEqual([expect.objectContaining({ entity: 'inbox', id: api.userIds.admin, action: 'notify' })]);
    expect(railway.heard.some((e) => e.entity === 'inbox')).toBe(false);
    await admin.close();
    await railway.close();
  });

  test("a worklist's count is counted again after a write to what it reads, in place, quiet for the write's author", async () => {
    // Items left by earlier tests would look counted before the watcher's own first count lands; that count, run with
    // nobody quiet, could then meet the write below and unread the author's item.
    await sql`delete from inbox_item where topic = ${topicOf(WORKLISTS.find((w) => w.id === 'doctorInCompleteProfile')!)}`.execute(api.db);
    const stop = startWorklistCounts(api.database, api.db, { log: () => {}, delayMs: 20 });
    try {
      const item = async (who: Who) => ((await api.call(who, 'GET', '/api/notification/admin')).body.data as { _id: string; noteType: string; count: number | null; read: boolean }[])
        .find((n) => n.noteType === 'doctorInCompleteProfile');
      // The first count, at the watcher's start.
      // Polled until it comes (vitest's own limit guards against a hang): a busy machine may take longer.
      // Both readers' items: the superadmin's is marked read below, and a first count landing after that would unread it.
      const counted = async (who: Who) => (await item(who))?.count === (await walk('doctorInCompleteProfile'));
      while (!(await counted('admin')) || !(await counted('superadmin'))) await new Promise((r) => setTimeout(r, 25));
      const before = (await item('admin'))!;
      expect(before.count).toBe(await walk('doctorInCompleteProfile'));
      await api.call('superadmin', 'POST', `/api/me/notifications/${(await item('superadmin'))!._id}/read`);
      const def = getEntity('doctor');
      const made = await api.call('superadmin', 'POST', `/api/${def.api}`, { ...(await api.payload(def)), bio: null });
      expect(made.status, made.text).toBe(201);
      while ((await item('admin'))!.count === before.count) await new Promise((r) => setTimeout(r, 25));
      const after = (await item('admin'))!;
      expect(after).toMatchObject({ _id: before._id, count: before.count! + 1, read: false });
      expect(after.count).toBe(await walk('doctorInCompleteProfile'));
      expect(await item('superadmin')).toMatchObject({ count: after.count, read: true });
    } finally {
      await stop();
    }
  });
});
