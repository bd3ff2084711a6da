import { sql } from 'kysely';
import { PAYMENT_PERIODS } from '../commands/workflow';
import { getEntity, listQueryString, viewFilters, type EntityDef } from '../src/registry';
import type { DB } from '../src/server/db/connection';
import { ident } from '../src/server/db/entity-table';
import type { Client } from './client';
import type { Operation } from './operations';
import { LIST_TARGET_P95_MS } from './report';

/** The list screen's page (client/api/use-pages.ts, read by client/list/use-list-controller.ts), and the page reached after scrolling ten times. */
export const SCREEN_PAGE = 100;
const DEEP_PAGE = 11;

const listPath = (def: EntityDef, filters: Record<string, string>, cursor?: string) =>
  `/api/${def.api}?${listQueryString({ filters, limit: SCREEN_PAGE })}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/** Follows nextCursor as the list screen does while scrolling; null when the list ends first. */
async function cursorOfPage(client: Client, def: EntityDef, filters: Record<string, string>, page: number): Promise<string | null> {
  let cursor: string | undefined;
  for (let p = 1; p < page; p++) {
    const reply = await client.get(listPath(def, filters, cursor));
    if (reply.status !== 200) throw new Error(`${def.name} ${JSON.stringify(filters)} page ${p}: ${reply.status} ${JSON.stringify(reply.body.errors)}`);
    if (!reply.body.nextCursor) return null;
    cursor = reply.body.nextCursor;
  }
  return cursor ?? null;
}

/** Every view of the appointments list (all, and one per status): its first page and page 11. */
async function statusLists(client: Client): Promise<Operation[]> {
  const def = getEntity('appointments');
  const ops: Operation[] = [];
  for (const view of def.views ?? []) {
    const filters = viewFilters(view);
    ops.push({ name: `appointments ${view.segment}: first page`, path: () => listPath(def, filters), target: LIST_TARGET_P95_MS });
    const cursor = await cursorOfPage(client, def, filters, DEEP_PAGE);
    if (cursor) ops.push({ name: `appointments ${view.segment}: page ${DEEP_PAGE}`, path: () => listPath(def, filters, cursor), target: LIST_TARGET_P95_MS });
  }
  return ops;
}

/** The payments lists "Filter payments…" lands on (a status view, a method, a period, perhaps a doctor), and the recent view. */
async function paymentLists(db: DB, client: Client): Promise<Operation[]> {
  const def = getEntity('payment');
  const view = (segment: string) => viewFilters(def.views!.find((v) => v.segment === segment));
  const doctors = (await sql<{ doctor: number }>`select doctor from ${sql.raw(ident(def.table))} where id % 997 = 0 limit 40`.execute(db)).rows.map((r) => String(r.doctor));
  const ops: Operation[] = [
    { name: 'payment recent: first page', path: () => listPath(def, view('recent')) },
    { name: 'payment pending + upi, last 30 days', path: () => listPath(def, { ...view('pending'), method: 'upi', initiatedAt: PAYMENT_PERIODS.last30() }) },
    { name: 'payment pending + card, last 7 days', path: () => listPath(def, { ...view('pending'), method: 'card', initiatedAt: PAYMENT_PERIODS.last7() }) },
    { name: 'payment rejected + wallet, any period', path: () => listPath(def, { ...view('rejected'), method: 'wallet' }) },
    { name: 'payment completed + upi, this month', path: () => listPath(def, { ...view('completed'), method: 'upi', initiatedAt: PAYMENT_PERIODS.thisMonth() }) },
  ];
  if (doctors.length) ops.push({ name: 'payment completed + a doctor, any period', path: (run) => listPath(def, { ...view('completed'), doctor: doctors[run % doctors.length] }) });
  const deep = { ...view('pending'), method: 'upi' };
  const cursor = await cursorOfPage(client, def, deep, DEEP_PAGE);
  if (cursor) ops.push({ name: `payment pending + upi, any period: page ${DEEP_PAGE}`, path: () => listPath(def, deep, cursor) });
  return ops.map((op) => ({ ...op, target: LIST_TARGET_P95_MS }));
}

/** The fmc dashboard of the busiest centre, and of every centre (a superadmin without a choice). */
async function dashboards(db: DB): Promise<Operation[]> {
  const def = getEntity('appointments');
  const busiest = (await sql<{ fmc: number }>`select fmc from ${sql.raw(ident(def.table))} where fmc is not null and id % 101 = 0 group by fmc order by count(*) desc limit 1`.execute(db)).rows[0];
  const ops: Operation[] = [];
  if (busiest) ops.push({ name: `fmc dashboard, busiest centre (#${busiest.fmc})`, path: () => `/api/fmc/dashboard?fmc=${busiest.fmc}&tz=Asia%2FKolkata` });
  ops.push({ name: 'fmc dashboard, all centres', path: () => '/api/fmc/dashboard?tz=Asia%2FKolkata' });
  return ops;
}

/** The timeline of the patient with the most appointments (the seed gives one about 300, with their payments and invoices). */
async function frequentPatient(db: DB): Promise<Operation[]> {
  const patients = getEntity('patients');
  const first = (await sql<{ id: number }>`select min(id) as id from ${sql.raw(ident(patients.table))}`.execute(db)).rows[0];
  if (!first?.id) return [];
  const n = (await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(ident(getEntity('appointments').table))} where patient = ${first.id}`.execute(db)).rows[0].n;
  return [{ name: `patients timeline, ${n} appointments`, path: () => `/api/${patients.api}/${first.id}/timeline` }];
}

/**
 * Completing a confirmed appointment (POST …/transition), on a fresh one every call: the visits of the last two
 * days still confirmed, as staff mark them after the fact; each call takes the next, so a rerun of the bench
 * (which reuses the data set) takes others.
 */
async function completeAppointment(db: DB): Promise<Operation[]> {
  const def = getEntity('appointments');
  const t = sql.raw(ident(def.table));
  let queue: { id: number; version: number }[] = [];
  const refill = async () => {
    queue = (await sql<{ id: number; version: number }>`select id, version from ${t}
      where status = 'confirmed' and scheduled_at < now() order by scheduled_at desc, id desc limit 200`.execute(db)).rows;
    if (!queue.length) queue = (await sql<{ id: number; version: number }>`select id, version from ${t} where status = 'confirmed' order by scheduled_at, id limit 200`.execute(db)).rows;
  };
  await refill();
  if (!queue.length) return [];
  let current = queue[0];
  return [{
    name: 'appointments transition confirmed → completed',
    path: () => `/api/${def.api}/${current.id}/transition`,
    call: async (client) => {
      if (!queue.length) await refill();
      current = queue.shift()!;
      return client.post(`/api/${def.api}/${current.id}/transition`, { to: 'completed', version: current.version });
    },
  }];
}

/** The calls issue 7 adds: status lists, filtered payments, the fmc dashboard, a long timeline, a transition. */
export async function careOperations(db: DB, client: Client, counts: Record<string, number>): Promise<Operation[]> {
  if (!counts.appointments || !counts.payment) return [];
  return [
    ...(await statusLists(client)),
    ...(await paymentLists(db, client)),
    ...(await dashboards(db)),
    ...(await frequentPatient(db)),
    ...(await completeAppointment(db)),
  ];
}
