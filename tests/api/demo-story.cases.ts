import { sql, type RawBuilder } from 'kysely';
import { describe, expect, test } from 'vitest';
import { assignableRoles, columnName, ENTITIES, getEntity, moveTo, WORKLISTS, type EntityDef } from '../../src/registry';
import { ident } from '../../src/server/db/entity-table';
import { demo } from './demo-database';
import { staleSortKeys } from './sort-key-check';

/**
 * The demo data tells one story: a fresh database seeded WITH demo data (demo-database.ts), read back with SQL.
 * Each rule is one a person looking at the demo would notice broken.
 */
const t = (entity: string) => sql.raw(ident(getEntity(entity).table));
const c = (entity: string, field: string) => sql.raw(ident(columnName(field, getEntity(entity).fields[field])));
const all = async <T = Record<string, unknown>>(q: RawBuilder<T>) => (await q.execute(demo.db)).rows;
const count = async (q: RawBuilder<unknown>) => Number((await all<{ n: number }>(sql`select count(*)::int as n from (${q}) x`))[0].n);

describe('appointments', () => {
  test('past ones are completed, missed or cancelled, but some of today\'s and yesterday\'s (in India) are still confirmed; future ones confirmed, rescheduled or cancelled', async () => {
    const rows = await all<{ past: boolean; recent: boolean; status: string; n: number }>(sql`select scheduled_at < now() as past,
      (scheduled_at at time zone 'Asia/Kolkata')::date >= (now() at time zone 'Asia/Kolkata')::date - 1 as recent, status, count(*)::int as n
      from ${t('appointments')} group by 1, 2, 3`);
    const statuses = (past: boolean, recent?: boolean) => [...new Set(rows.filter((r) => r.past === past && (recent === undefined || r.recent === recent)).map((r) => r.status))].sort();
    expect(statuses(true, false)).toEqual(['cancelled', 'completed', 'missed']);
    // Their day has come: staff close them as they go (and the console lets them, from that day on).
    expect(statuses(true, true)).toContain('confirmed');
    expect(rows.filter((r) => r.past && r.recent && r.status === 'confirmed').reduce((s, r) => s + r.n, 0)).toBeGreaterThanOrEqual(5);
    // Nothing is completed or missed before its time.
    expect(statuses(false)).toEqual(['cancelled', 'confirmed', 'rescheduled']);
    const total = rows.reduce((s, r) => s + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(600);
    expect(total).toBeLessThanOrEqual(1500);
  });

  test('a slot is one of the appointment’s centre, with its doctor when the slot names one', async () => {
    expect(await count(sql`select 1 from ${t('appointments')} a where a.slot is not null`)).toBeGreaterThan(100);
    expect(await count(sql`select 1 from ${t('appointments')} a join ${t('fmcslots')} s on s.id = a.slot
      where s.fmc is distinct from a.fmc or (s.doctor is not null and s.doctor <> a.doctor)`)).toBe(0);
  });

  test('most completed visits have prescription lines of real medicines; some have none; others have none at all', async () => {
    const [r] = await all<{ completed: number; with: number; elsewhere: number; unknown: number }>(sql`select
      count(*) filter (where status = 'completed')::int as completed,
      count(*) filter (where status = 'completed' and jsonb_array_length(prescription) > 0)::int as with,
      count(*) filter (where status <> 'completed' and jsonb_array_length(prescription) > 0)::int as elsewhere,
      (select count(*) from ${t('appointments')} a, jsonb_array_elements(a.prescription) line
        where not exists (select 1 from ${t('medicine')} m where m.id = (line ->> 'medicine')::int)
          or coalesce(line ->> 'dose', '') = '' or (line ->> 'days')::int < 1)::int as unknown
      from ${t('appointments')}`);
    expect(r.with / r.completed).toBeGreaterThan(0.7);
    expect(r.with).toBeLessThan(r.completed);
    expect(r.elsewhere).toBe(0);
    expect(r.unknown).toBe(0);
  });
});

describe('payments and invoices', () => {
  test('a payment has its appointment’s patient and doctor, the fee and its add-ons; completed only for completed visits, paid after it began', async () => {
    expect(await count(sql`select 1 from ${t('payment')} p join ${t('appointments')} a on a.id = p.appointment
      where p.patient <> a.patient or p.doctor <> a.doctor or p.amount < a.fee or (p.amount > a.fee) <> (cardinality(a.addons) > 0)`)).toBe(0);
    expect(await count(sql`select 1 from ${t('appointments')} where cardinality(addons) > 0`)).toBeGreaterThan(0);
    expect(await count(sql`select 1 from ${t('payment')} p join ${t('appointments')} a on a.id = p.appointment
      where p.status = 'completed' and (a.status <> 'completed' or p.paid_at is null or p.paid_at <= p.initiated_at)`)).toBe(0);
    expect(await count(sql`select 1 from ${t('payment')} where status <> 'completed' and paid_at is not null`)).toBe(0);
    expect(await count(sql`select distinct method from ${t('payment')}`)).toBe(5);
  });

  test('pending payments are of the last week; a few were rejected or cancelled', async () => {
    const rows = await all<{ status: string; n: number; old: number }>(sql`select status, count(*)::int as n,
      count(*) filter (where initiated_at < now() - interval '7 days')::int as old from ${t('payment')} group by 1`);
    const by = Object.fromEntries(rows.map((r) => [r.status, r]));
    expect(by.pending.n).toBeGreaterThan(0);
    expect(by.pending.old).toBe(0);
    expect(by.rejected.n).toBeGreaterThan(0);
    expect(by.cancelled.n).toBeGreaterThan(0);
    expect(by.rejected.n + by.cancelled.n).toBeLessThan(by.completed.n / 5);
  });

  test('each completed payment has one paid invoice, issued when paid, whose total is the amount and the sum of its lines', async () => {
    expect(await count(sql`select 1 from ${t('payment')} p where p.status = 'completed'
      and (select count(*) from ${t('invoices')} i where i.payment = p.id) <> 1`)).toBe(0);
    expect(await count(sql`select 1 from ${t('invoices')} i left join ${t('payment')} p on p.id = i.payment
      where p.id is null or p.status <> 'completed' or i.status <> 'paid' or i.issued_at <> p.paid_at or i.total <> p.amount or i.patient <> p.patient
        or i.number !~ '^INV-[0-9]{4}-[0-9]{6}$' or i.total <> i.subtotal + i.tax
        or i.subtotal <> (select sum(round(l.qty * l."unitPrice", 2)) from jsonb_to_recordset(i.items) as l(qty int, "unitPrice" numeric))`)).toBe(0);
    const rates = await all<{ rate: string }>(sql`select distinct l."taxRate"::text as rate from ${t('invoices')} i, jsonb_to_recordset(i.items) as l("taxRate" numeric) order by 1`);
    expect(rates.map((r) => Number(r.rate))).toEqual([0, 18]);
    // Patients in the seller's state and in others; each year's numbers run from 1 without a gap.
    expect(await count(sql`select 1 from ${t('invoices')} where not inter_state and igst = 0`)).toBeGreaterThan(0);
    expect(await count(sql`select 1 from ${t('invoices')} where inter_state and cgst = 0 and sgst = 0`)).toBeGreaterThan(0);
    const series = await all<{ n: number; last: number }>(sql`select count(*)::int as n, max(substr(number, 10)::int) as last from ${t('invoices')} group by substr(number, 5, 4)`);
    for (const s of series) expect(s.last).toBe(s.n);
  });

  test('payouts: one per doctor and past month, the sum of that month’s completed payments; last month due, earlier ones paid with a reference', async () => {
    const rows = await all<{ period: string; status: string; paid_at: string | null; reference: string | null; gross: string; net: string; commission: string; sum: string | null }>(sql`
      select o.period, o.status, o.paid_at, o.reference, o.gross::text, o.net::text, o.commission::text,
        (select sum(p.amount)::text from ${t('payment')} p where p.doctor = o.doctor and p.status = 'completed'
          and to_char(p.paid_at at time zone 'Asia/Kolkata', 'YYYY-MM') = o.period) as sum
      from ${t('payout')} o`);
    const months = [...new Set(rows.map((r) => r.period))].sort();
    expect(months.length).toBeGreaterThanOrEqual(3);
    const thisMonth = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    expect(months[months.length - 1] < thisMonth).toBe(true);
    for (const r of rows) {
      expect(Number(r.gross)).toBe(Number(r.sum));
      expect(Number(r.net)).toBeCloseTo(Number(r.gross) - Number(r.commission), 2);
      const last = r.period === months[months.length - 1];
      expect(r.status).toBe(last ? 'due' : 'paid');
      expect(r.paid_at === null).toBe(last);
      expect(r.reference === null).toBe(last);
    }
  });
});

describe('reviews, verification, tests, tickets, families', () => {
  test('reviews are of completed visits by their patient and doctor, mostly good, a few hidden', async () => {
    expect(await count(sql`select 1 from ${t('reviews')} r join ${t('appointments')} a on a.id = r.appointment
      where a.status <> 'completed' or r.patient <> a.patient or r.doctor <> a.doctor`)).toBe(0);
    const [r] = await all<{ n: number; avg: string; hidden: number }>(sql`select count(*)::int as n, avg(rating)::text as avg,
      count(*) filter (where status = 'hidden')::int as hidden from ${t('reviews')}`);
    expect(r.n).toBeGreaterThan(50);
    expect(Number(r.avg)).toBeGreaterThan(3.8);
    expect(r.hidden).toBeGreaterThan(0);
    expect(r.hidden).toBeLessThan(r.n / 5);
  });

  test('verification requests in every status, each as far as its status says; the doctor’s status is their latest request’s', async () => {
    const rows = await all<{ status: string; n: number; bad: number }>(sql`select status, count(*)::int as n, count(*) filter (where
      (status in ('requested', 'verified') and submitted_at is null) or (status = 'verified' and (reviewed_by is null or reviewed_at < submitted_at))
      or (remarks is not null and reviewed_by is null) or jsonb_array_length(documents) = 0)::int as bad
      from ${t('requestVerification')} group by 1`);
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'requested', 'verified']);
    for (const r of rows) expect(r.bad).toBe(0);
    expect(await count(sql`select 1 from ${t('doctor')} d join lateral (select v.status from ${t('requestVerification')} v
      where v.doctor = d.id order by v.created_at desc, v.id desc limit 1) latest on true where latest.status <> d.verification_status`)).toBe(0);
    // Only verified doctors see patients.
    expect(await count(sql`select 1 from ${t('appointments')} a join ${t('doctor')} d on d.id = a.doctor where d.verification_status <> 'verified'`)).toBe(0);
  });

  test('centre tests carry the test of their kind; done ones are past, scheduled ones ahead', async () => {
    expect(await count(sql`select 1 from ${t('fmctests')} where
      (kind = 'kiosk') <> (kiosk_test is not null) or (kind = 'lab') <> (lab_test is not null) or (kind = 'imaging') <> (imaging_test is not null)
      or (status = 'completed' and (performed_at > now() or "values" is null)) or (status = 'scheduled' and performed_at < now())`)).toBe(0);
    expect(await count(sql`select distinct kind, status from ${t('fmctests')}`)).toBeGreaterThanOrEqual(4);
  });

  test('support tickets at centres in several statuses, assigned to active users who may open them, discussed by staff', async () => {
    const staff = sql`select u.id from ${t('admin-user')} u join ${t('roles')} r on r.id = u.role`;
    expect(await count(sql`select distinct status from ${t('supportTicket')}`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`select 1 from ${t('supportTicket')} s where s.assignee is not null
      and s.assignee not in (${staff} where r.key = any(${assignableRoles('supportTicket')}::text[]) and u.status = 'active')`)).toBe(0);
    expect(await count(sql`select 1 from ${t('supportTicket')} s, jsonb_array_elements(s.comments) m
      where (m ->> 'author')::int not in (${staff})`)).toBe(0);
    expect(await count(sql`select 1 from ${t('supportTicket')} where status <> 'open' and (assignee is null or jsonb_array_length(comments) = 0)`)).toBe(0);
  });

  test('no child is older than the patient, no parent younger', async () => {
    expect(await count(sql`select 1 from ${t('patients')} p, jsonb_to_recordset(p.family_members) as m(relationship int, "dateOfBirth" date)
      join ${t('relationships')} r on r.id = m.relationship
      where (r.name in ('Son', 'Daughter') and m."dateOfBirth" <= p.date_of_birth)
        or (r.name in ('Father', 'Mother', 'Grandfather', 'Grandmother', 'Father-in-law', 'Mother-in-law') and m."dateOfBirth" >= p.date_of_birth)
        or m."dateOfBirth" > current_date`)).toBe(0);
  });
});

describe('what the screens show', () => {
  const workflows = ENTITIES.filter((e) => e.workflow);

  test('every workflow record got to its status by legal moves from the initial one, each in its status history, with its search row', async () => {
    for (const def of workflows) {
      const status = c(def.name, def.workflow!.field);
      const rows = await all<{ id: number; status: string; version: number; moves: { from: string; to: string }[] | null; searched: boolean }>(sql`
        select t.id, t.${status} as status, t.version,
          (select json_agg(json_build_object('from', h.from_status, 'to', h.to_status) order by h.at, h.id) from status_history h where h.entity = ${def.name} and h.record_id = t.id) as moves,
          exists (select 1 from search_index s where s.entity = ${def.name} and s.record_id = t.id) as searched
        from ${t(def.name)} t`);
      expect(rows.length, def.name).toBeGreaterThan(0);
      for (const r of rows) {
        let at = def.workflow!.initial;
        for (const m of r.moves ?? []) {
          expect(m.from, `${def.name} ${r.id}`).toBe(at);
          expect(moveTo(def, at, m.to), `${def.name} ${r.id}: ${at} → ${m.to}`).toBeTruthy();
          at = m.to;
        }
        expect(at, `${def.name} ${r.id}`).toBe(r.status);
        expect(r.version, `${def.name} ${r.id}`).toBe(1 + (r.moves?.length ?? 0));
        expect(r.searched, `${def.name} ${r.id}`).toBe(true);
      }
    }
  });

  test('each status view of appointments, payments and verification requests has rows', async () => {
    for (const name of ['appointments', 'payment', 'requestVerification']) {
      const def: EntityDef = getEntity(name);
      for (const view of def.views ?? []) {
        const where: RawBuilder<unknown>[] = Object.entries(view.filters ?? {}).map(([f, v]) => sql`${c(name, f)} = ${v}`);
        if (view.recent) where.push(sql`${c(name, view.recent.field)} >= now() - make_interval(days => ${view.recent.days})`);
        const n = await count(sql`select 1 from ${t(name)} where ${where.length ? sql.join(where, sql` and `) : sql`true`}`);
        expect(n, `${name}/${view.segment}`).toBeGreaterThan(0);
      }
    }
  });

  test('every notification worklist has a few entries', async () => {
    const blank = (def: EntityDef, field: string, alias: string) => {
      const fd = def.fields[field];
      const col = sql.raw(`${alias}.${ident(columnName(field, fd))}`);
      if (fd.kind === 'list') return sql`coalesce(jsonb_array_length(${col}), 0) = 0`;
      if (fd.kind === 'refs') return sql`coalesce(cardinality(${col}), 0) = 0`;
      return ['text', 'longText', 'code', 'email', 'phone', 'image', 'file'].includes(fd.kind) ? sql`coalesce(btrim(${col}), '') = ''` : sql`${col} is null`;
    };
    for (const w of WORKLISTS) {
      const def = getEntity(w.entity);
      const rules: RawBuilder<unknown>[] = (w.missing ?? []).map((f) => blank(def, f, 't'));
      if (w.emptyList) rules.push(blank(def, w.emptyList, 't'));
      if (w.incompleteItems) {
        for (const f of w.incompleteItems.fields) {
          rules.push(sql`exists (select 1 from jsonb_array_elements(coalesce(t.${c(w.entity, w.incompleteItems.list)}, '[]'::jsonb)) item where coalesce(btrim(item ->> ${f}), '') = '')`);
        }
      }
      if (w.via) {
        const other = getEntity(w.via.entity);
        rules.push(sql`exists (select 1 from ${t(other.name)} v where v.${c(other.name, w.via.field)} = t.id
          and v.${c(other.name, other.workflow!.field)} = ${w.via.status} and ${blank(other, w.via.emptyList, 'v')})`);
      }
      const n = await count(sql`select 1 from ${t(w.entity)} t where ${sql.join(rules, sql` or `)}`);
      expect(n, w.id).toBeGreaterThan(0);
    }
  });

  test('the demo fmc and doctor accounts work at centres that have appointments today, in India’s day and in UTC’s', async () => {
    const rows = await all<{ email: string; centres: number[] | null; ist: number; utc: number; open: number }>(sql`select u.email, u.centres,
      (select count(*) from ${t('appointments')} a where a.fmc = any(u.centres) and (a.scheduled_at at time zone 'Asia/Kolkata')::date = (now() at time zone 'Asia/Kolkata')::date)::int as ist,
      (select count(*) from ${t('appointments')} a where a.fmc = any(u.centres) and (a.scheduled_at at time zone 'UTC')::date = (now() at time zone 'UTC')::date)::int as utc,
      (select count(*) from ${t('supportTicket')} s where s.fmc = any(u.centres) and s.status in ('open', 'in_progress'))::int as open
      from ${t('admin-user')} u where u.email in ('fmc@demo.test', 'doctor@demo.test') order by u.email`);
    expect(rows.map((r) => r.email)).toEqual(['doctor@demo.test', 'fmc@demo.test']);
    for (const r of rows) {
      expect(r.centres?.length, r.email).toBeGreaterThanOrEqual(1);
      expect(r.centres!.length, r.email).toBeLessThanOrEqual(2);
      expect(r.ist, r.email).toBeGreaterThan(0);
      expect(r.utc, r.email).toBeGreaterThan(0);
    }
    expect(rows.find((r) => r.email === 'fmc@demo.test')!.open).toBeGreaterThan(0);
  });
});

describe('search rows', () => {
  test("each one's sort key is its record's value of the default sort: seeded through the API, in bulk and by direct updates", async () => {
    const stale: Record<string, number> = {};
    let keyed = 0;
    for (const def of ENTITIES) {
      const n = await staleSortKeys(demo.db, def);
      if (n) stale[def.name] = n;
      const rows = await sql<{ n: number }>`select count(*)::int as n from search_index where entity = ${def.name} and (sort_text is not null or sort_num is not null)`.execute(demo.db);
      keyed += rows.rows[0].n;
    }
    expect(stale).toEqual({});
    expect(keyed).toBeGreaterThan(1000);
  });
});

describe('the audit trail tells how each record came to hold what it holds', () => {
  /**
   * Count of records whose stored value of `field` is not the last value the audit trail gives it (a create's value,
   * an edit's `to`): what the seed changed by hand, outside the console's writer, would leave the trail behind.
   */
  const untold = (entity: string, field: string, where: RawBuilder<unknown>) => count(sql`select 1 from ${t(entity)} r where ${where}
    and to_jsonb(r.${c(entity, field)}) is distinct from (select case when a.action = 'create' then a.changes -> ${field} else a.changes -> ${field} -> 'to' end
      from audit_log a where a.entity = ${entity} and a.record_id = r.id and a.changes ? ${field} order by a.id desc limit 1)`);

  test("a patient's family members, as they are now, are in that patient's audit entries (the seed's fitting of their ages among them)", async () => {
    expect(await count(sql`select 1 from ${t('patients')} where jsonb_array_length(coalesce(family_members, '[]'::jsonb)) > 0`)).toBeGreaterThan(50);
    expect(await untold('patients', 'familyMembers', sql`jsonb_array_length(coalesce(r.family_members, '[]'::jsonb)) > 0`)).toBe(0);
    // The ages fitted to the relationships are edits of the patients, by the system, naming the patient.
    expect(await count(sql`select 1 from audit_log a where a.entity = 'patients' and a.action = 'update' and a.changes ? 'familyMembers'
      and a.actor_id is null and a.patients = array[a.record_id]`)).toBeGreaterThan(10);
  });

  test("the staff's centres, the doctors' clinics and verification status: each value in the trail", async () => {
    expect(await untold('admin-user', 'centres', sql`cardinality(coalesce(r.centres, '{}')) > 0`)).toBe(0);
    expect(await untold('doctor', 'clinics', sql`true`)).toBe(0);
    expect(await untold('doctor', 'verificationStatus', sql`r.verification_status <> 'pending'`)).toBe(0);
  });
});
