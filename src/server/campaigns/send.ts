import { sql, type RawBuilder } from 'kysely';
import { getEntity } from '../../registry';
import type { DB } from '../db/connection';
import { afterRequests } from '../db/turn';
import { audit } from '../audit/audit';
import { fetchRecord, SYSTEM_ACTOR } from '../crud/write';
import { publishChanges } from '../events/notices';
import { addItems } from '../inbox/store';
import { docContains, upsertSearchRow } from '../search';
import { CAMPAIGN_JOB } from '../scheduler/job-names';
import { readCampaignView, type ViewFilter } from '../crud/campaign-view';
import { filterSql } from '../records/list-filter';
import { defineJob } from '../scheduler/runs';

export { CAMPAIGN_JOB };

/**
 * A notification campaign's sending (issue 37 §2), one run of job `campaign.send` keyed by the campaign's id: queued
 * by the campaign's moves (crud/hooks.ts) for its scheduledAt ("Schedule…") or now ("Send now").
 *
 * The audience is resolved once, when the run starts (not when the campaign was written), and written down as the
 * campaign's recipients (`campaign_recipient`): doctors (the doctors' list), fmc staff (accounts of role fmc), patients
 * (active, not opted out of campaigns), or all of them; each person once, by their address for mail and SMS (one who
 * is a doctor and a staff member is one address) and by their account for push. Push and the inbox reach staff
 * accounts only: a patient or a doctor without an account is not reachable there. Whoever the channel cannot reach (no
 * mobile number for SMS, no account for push) is counted in `failed` at the start.
 *
 * Sending goes in batches of BATCH, each its own short transaction: the campaign's row locked (a cancel waits, then is
 * seen), the next recipients by key taken off the list, one keyed outbox row per person (scheduler/messages.ts) or one
 * inbox item, and the progress counted on the record. A run killed mid-batch leaves the batch undone, recipients and
 * all, so a run taken again goes on where the dead one stopped, and nobody gets the campaign twice. Between batches
 * the sender lets staff's requests have the embedded database's one connection first (db/turn.ts, `afterRequests`).
 *
 * A pause (the move to `paused`) is seen by the next batch, which waits for the row the move locked: the run ends
 * there, and a resume queues one again (crud/hooks.ts) that goes on with the recipients not yet taken.
 */
export const BATCH = 100;

/**
 * Under a steady stream of staff's requests, the sender waits up to this many times its last batch's time for a
 * moment without them: the send then has at least a quarter of the embedded database's one connection.
 */
const YIELD_SHARE = 3;

const def = () => getEntity('notification');

interface Campaign {
  id: number; status: string; audience: string; channel: 'push' | 'email' | 'sms'; title: string; body: string; recipients: number | null; version: number;
  centre: number | null; patient_view: number | null; audience_filter: ViewFilter | null; created_by: number | null;
}

/**
 * What narrows an audience: the people of one centre (staff who work there, doctors who own it, work there or saw a
 * patient there, patients seen there), and the patients a saved view shows, by its filter (crud/campaign-view.ts)
 * applied with the list's own filter code (records/list-filter.ts) and text search. Both none: the whole audience.
 */
export interface Narrowing { centre: number | null; patients: ViewFilter | null }

const WHOLE: Narrowing = { centre: null, patients: null };

/** The patients of a view's filter, as a condition on `p`: what the patient list shows with that filter. */
function inView(f: ViewFilter) {
  const def = getEntity('patients');
  const where = Object.entries(f.filters).map(([k, v]) => filterSql(def, k, v));
  if (f.q) where.push(sql`t.id in (select record_id from search_index where entity = ${def.name} and ${docContains(f.q)})`);
  return where.length ? sql`and p.id in (select t.id from patient t where ${sql.join(where, sql` and `)})` : sql``;
}

/** The conditions of a narrowing on one part of an audience: accounts (alias u), doctors (d) or patients (p). */
function narrowed(n: Narrowing, kind: 'account' | 'doctor' | 'patient') {
  const parts = [sql``];
  if (n.centre !== null) {
    if (kind === 'account') parts.push(sql`and ${n.centre}::int = any(u.centres)`);
    if (kind === 'doctor') parts.push(sql`and (exists (select 1 from appointment a where a.doctor = d.id and a.fmc = ${n.centre})
      or exists (select 1 from fmc f where f.id = ${n.centre} and f.owner = d.id)
      or exists (select 1 from admin_user w where lower(w.email) = lower(d.email) and ${n.centre}::int = any(w.centres)))`);
    if (kind === 'patient') parts.push(sql`and exists (select 1 from appointment a where a.patient = p.id and a.fmc = ${n.centre})`);
  }
  if (kind === 'patient' && n.patients) parts.push(inView(n.patients));
  return sql.join(parts, sql` `);
}

/**
 * One person of an audience: the address the channel needs (null: not reachable by it), their account for the inbox,
 * and who they are (entity, record, name) for the reach's list of those the channel cannot reach.
 */
interface Person { address: string | null; user_id: number | null; kind: string; ref: number; name: string }

/** Who a row is, beside its address: `kind` is the registry entity the record is listed under. */
const who = (t: string, kind: string) => sql`${kind}::text as kind, ${sql.raw(t)}.id as ref, trim(${sql.raw(t)}.first_name || ' ' || ${sql.raw(t)}.last_name) as name`;

/** Everyone the audience names, one row a person, with the address the channel needs (null: not reachable by it). */
function audienceSql(c: Pick<Campaign, 'audience' | 'channel'>, n: Narrowing): RawBuilder<Person> {
  const doctors = c.audience === 'doctor' || c.audience === 'all';
  const staff = c.audience === 'fmc' || c.audience === 'all';
  const patients = c.audience === 'patient' || c.audience === 'all';
  if (c.channel === 'push') {
    // Staff accounts: fmc staff, and doctors who have an account (of role doctor).
    const roles = [...(doctors ? ['doctor'] : []), ...(staff ? ['fmc'] : [])];
    const parts: RawBuilder<Person>[] = [];
    if (roles.length) parts.push(sql<Person>`select 'user:' || u.id as address, u.id as user_id, ${who('u', 'admin-user')} from admin_user u join role r on r.id = u.role where u.status = 'active' and r.key = any(${roles}::text[]) ${narrowed(n, 'account')}`);
    // Doctors without an account, and patients: nobody to reach in an inbox.
    if (doctors) parts.push(sql<Person>`select null::text as address, null::int as user_id, ${who('d', 'doctor')} from doctor d where d.status = 'active' and not exists (select 1 from admin_user u where lower(u.email) = lower(d.email)) ${narrowed(n, 'doctor')}`);
    if (patients) parts.push(sql<Person>`select null::text as address, null::int as user_id, ${who('p', 'patients')} from patient p where p.status = 'active' and not p.campaign_opt_out ${narrowed(n, 'patient')}`);
    return sql<Person>`${sql.join(parts, sql` union all `)}`;
  }
  const addr = (t: string) => c.channel === 'email'
    ? sql`nullif(lower(trim(${sql.raw(t)}.email)), '')`
    : sql`nullif(regexp_replace(${sql.raw(t)}.phone, '[^0-9+]', '', 'g'), '')`;
  const parts: RawBuilder<Person>[] = [];
  if (doctors) parts.push(sql<Person>`select ${addr('d')} as address, null::int as user_id, ${who('d', 'doctor')} from doctor d where d.status = 'active' ${narrowed(n, 'doctor')}`);
  if (staff) parts.push(sql<Person>`select ${addr('u')} as address, u.id as user_id, ${who('u', 'admin-user')} from admin_user u join role r on r.id = u.role where u.status = 'active' and r.key = 'fmc' ${narrowed(n, 'account')}`);
  if (patients) parts.push(sql<Person>`select ${addr('p')} as address, null::int as user_id, ${who('p', 'patients')} from patient p where p.status = 'active' and not p.campaign_opt_out ${narrowed(n, 'patient')}`);
  return sql<Person>`${sql.join(parts, sql` union all `)}`;
}

/** A person's outbox key is this and their address: `campaign:12:sms:+919600000001`. */
const keyPrefix = (c: Pick<Campaign, 'id' | 'channel'>) => `campaign:${c.id}:${c.channel}:`;

async function load(db: DB, id: number, lock = false): Promise<Campaign | undefined> {
  const res = await sql<Campaign>`select id, status, audience, channel, title, body, recipients, version, centre, patient_view, created_by,
    (select filter from campaign_view_filter where campaign = ${id}) as audience_filter from notification_campaign where id = ${id} ${lock ? sql`for update` : sql``}`.execute(db);
  return res.rows[0];
}

/** Writes the campaign's new status or counts: version moved on, search row, audit (a move) and the change stream. */
async function touched(db: DB, id: number, move?: { from: string; to: string; why?: string }) {
  const rec = (await fetchRecord(db, def(), id))!;
  if (move) {
    await sql`insert into status_history (entity, record_id, from_status, to_status, actor_id, move, version, before)
      values ('notification', ${id}, ${move.from}, ${move.to}, null, ${`sender:${move.to}`}, ${Number(rec.version)}, ${JSON.stringify({ status: move.from })}::jsonb)`.execute(db);
    await upsertSearchRow(db, def(), rec);
    await audit(db, SYSTEM_ACTOR, def(), id, 'update', { status: move.to, ...(move.why ? { why: move.why } : {}) }, rec);
  }
  // A move's audit entry tells the consoles. A batch's progress leaves the version as it was: told without a version,
  // the consoles read the record again.
  if (!move) await publishChanges(db, [{ entity: 'notification', id, version: null, action: 'update', by: null, centre: null }]);
}

/** How many people the campaign would reach now, and how many its channel cannot (the form's count before sending). */
export async function audienceCounts(db: DB, c: Pick<Campaign, 'audience' | 'channel'>, n: Narrowing = WHOLE): Promise<{ people: number; unreachable: number }> {
  const res = await sql<{ people: number; unreachable: number }>`with a as (${audienceSql(c, n)})
    select (count(distinct address) + count(*) filter (where address is null))::int as people, (count(*) filter (where address is null))::int as unreachable from a`.execute(db);
  return res.rows[0] ?? { people: 0, unreachable: 0 };
}

/** Those of the audience its channel cannot reach (no mobile for SMS, no mail, no account for push), by name. */
export async function unreachablePeople(db: DB, c: Pick<Campaign, 'audience' | 'channel'>, opts: { kinds: readonly string[]; limit: number; narrowing?: Narrowing }): Promise<{ kind: string; id: number; name: string }[]> {
  if (!opts.kinds.length) return [];
  const res = await sql<{ kind: string; ref: number; name: string }>`select kind, ref, name from (${audienceSql(c, opts.narrowing ?? WHOLE)}) a
    where address is null and kind = any(${[...opts.kinds]}::text[]) order by name, kind, ref limit ${opts.limit}`.execute(db);
  return res.rows.map((r) => ({ kind: r.kind, id: Number(r.ref), name: r.name }));
}

/**
 * How a campaign narrows its audience now: its centre, and its view's filter, the one read when sending started, else
 * read now for its author (`problem`: the view cannot narrow it, deleted or no longer theirs to read: nobody is reached).
 */
export async function narrowingOf(db: DB, c: Pick<Campaign, 'centre' | 'patient_view' | 'audience_filter' | 'created_by'>, now = new Date()): Promise<Narrowing & { problem?: string }> {
  const centre = c.centre === null ? null : Number(c.centre);
  if (c.audience_filter) return { centre, patients: c.audience_filter };
  if (c.patient_view === null) return { centre, patients: null };
  const read = await readCampaignView(db, Number(c.patient_view), c.created_by === null ? null : Number(c.created_by), now);
  return read.ok ? { centre, patients: read.filter } : { centre, patients: null, problem: read.why };
}

/**
 * The run's start: a scheduled campaign whose time came becomes sending, its audience counted once and its view's
 * filter kept on it (every batch narrows alike). A view that can no longer narrow it (deleted, or not its author's to
 * read) pauses it instead: nobody is sent what they were not chosen for, and its author may choose another view and
 * resume. False: nothing to send.
 */
export async function startCampaign(db: DB, id: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const c = await load(tx, id, true);
    if (!c || (c.status !== 'scheduled' && c.status !== 'sending')) return false; // paused, cancelled, or undone to draft
    // A sending campaign with nobody left to take and not yet sent is one started before its audience was written
    // down (an upgrade mid-send): it is written down now, without those already sent to.
    const unwritten = c.status === 'sending' && !(await sql`select 1 from campaign_recipient where campaign = ${id} limit 1`.execute(tx)).rows.length;
    if (c.status === 'scheduled' || c.recipients === null || unwritten) {
      const narrowing = await narrowingOf(tx, c);
      if (narrowing.problem) {
        await sql`update notification_campaign set status = 'paused', version = version + 1, updated_at = now() where id = ${id}`.execute(tx);
        await touched(tx, id, { from: c.status, to: 'paused', why: narrowing.problem });
        return false;
      }
      const counts = await resolveAudience(tx, c, narrowing);
      await sql`update notification_campaign set status = 'sending', recipients = ${counts.people}, failed = ${counts.unreachable}, sent = coalesce(sent, 0),
        version = version + 1, updated_at = now() where id = ${id}`.execute(tx);
      if (narrowing.patients) {
        await sql`insert into campaign_view_filter (campaign, filter) values (${id}, ${JSON.stringify(narrowing.patients)}::jsonb)
          on conflict (campaign) do update set filter = excluded.filter`.execute(tx);
      }
      await touched(tx, id, c.status === 'scheduled' ? { from: 'scheduled', to: 'sending' } : undefined);
    }
    return true;
  });
}

/** Whether the person of the row `one` of the audience already has this campaign (a run before this one queued it). */
const alreadySent = (c: Pick<Campaign, 'id' | 'channel'>) => c.channel === 'push'
  ? sql`exists (select 1 from inbox_item i where i.user_id = one.user_id and i.kind = 'campaign' and i.params->>'campaign' = ${String(c.id)})`
  : sql`exists (select 1 from outbox o where o.message_key = ${keyPrefix(c)} || one.address)`;

/**
 * The audience written down once, set-based, when sending starts: one row a person the channel can reach (each
 * address once; where a patient shares theirs with a doctor or a staff member, the row is the other's, so the
 * patient's opt-out does not silence them), numbered in address order for the batches to take in turn. Returns the
 * counts the campaign keeps: the people it reaches and those its channel cannot. Those a run before this table existed
 * already sent to are counted and not written down again.
 */
async function resolveAudience(tx: DB, c: Campaign, n: Narrowing): Promise<{ people: number; unreachable: number }> {
  await sql`delete from campaign_recipient where campaign = ${c.id}`.execute(tx);
  const res = await sql<{ people: number; unreachable: number }>`with a as (${audienceSql(c, n)}),
    one as (select distinct on (address) address, user_id, case when kind = 'patients' then ref end as patient from a
      where address is not null order by address, kind = 'patients', ref),
    written as (insert into campaign_recipient (campaign, seq, address, user_id, patient)
      select ${c.id}, row_number() over (order by address), address, user_id, patient from one where not ${alreadySent(c)} returning 1)
    select ((select count(*) from one) + (select count(*) from a where address is null))::int as people,
      (select count(*) from a where address is null)::int as unreachable`.execute(tx);
  return res.rows[0] ?? { people: 0, unreachable: 0 };
}

/**
 * One batch in one transaction: the campaign's row locked (a pause or cancel waits, then is seen), the next BATCH of
 * its recipients taken by key and deleted, their messages queued, the progress counted. Its cost is the same whatever
 * the audience's size (the audience is not resolved again), so the embedded database's one connection, held for the
 * batch, is soon given back to staff's pages. A patient who opted out since the start is skipped, not sent.
 */
export async function sendNextBatch(db: DB, id: number): Promise<{ queued: number; finished: boolean }> {
  return db.transaction().execute(async (tx) => {
    const c = await load(tx, id, true);
    if (!c || c.status !== 'sending') return { queued: 0, finished: true }; // paused or cancelled meanwhile
    const taken = sql<Person>`taken as (delete from campaign_recipient r where campaign = ${id} and seq in
        (select seq from campaign_recipient where campaign = ${id} order by seq limit ${BATCH})
      returning address, user_id, patient),
      next as (select address, user_id from taken t
        where t.patient is null or not exists (select 1 from patient p where p.id = t.patient and p.campaign_opt_out))`;
    let queued: number;
    if (c.channel === 'push') {
      const people = (await sql<Person>`with ${taken} select address, user_id from next`.execute(tx)).rows;
      queued = (await addItems(tx, people.map((p) => ({ userId: Number(p.user_id), kind: 'campaign' as const, params: { campaign: id, name: c.title }, actorId: null })))).length;
    } else {
      // The batch's outbox rows in one statement, each under its person's key (as scheduler/messages.ts queues one):
      // one statement, not one a person, holds the connection for as little as it can. The key's unique index
      // keeps each person once, whatever a run of the campaign before this table existed queued.
      queued = (await sql<{ queued: number }>`with ${taken},
        queued as (insert into outbox (message_key, channel, kind, recipient, subject, body)
          select ${keyPrefix(c)} || address, ${c.channel === 'email' ? 'mail' : 'sms'}, 'campaign', address, ${c.title}, ${c.body} from next
          on conflict (message_key) where message_key is not null do nothing returning 1)
        select count(*)::int as queued from queued`.execute(tx)).rows[0]!.queued;
    }
    const finished = !(await sql`select 1 from campaign_recipient where campaign = ${id} limit 1`.execute(tx)).rows.length;
    // Progress is the sender's, not an edit: only the end moves the version, so a person's Pause or Cancel, made on
    // the version they read, is not refused as stale by every batch that lands meanwhile.
    await sql`update notification_campaign set sent = coalesce(sent, 0) + ${queued}, ${finished ? sql`status = 'sent', version = version + 1,` : sql``}
      updated_at = now() where id = ${id}`.execute(tx);
    await touched(tx, id, finished ? { from: 'sending', to: 'sent' } : undefined);
    return { queued, finished };
  });
}

defineJob(CAMPAIGN_JOB, async ({ db, run, log }) => {
  const id = Number(run.payload.campaign);
  if (!(await startCampaign(db, id))) return { messages: 0 };
  let messages = 0;
  let lastMs = 0;
  for (let finished = false; !finished;) {
    // Staff's requests first: the next batch waits for a turn with none of them at the connection, or, under a steady
    // stream of them, for YIELD_SHARE times the last batch's time, so that a page waits for one small batch at most.
    await afterRequests(YIELD_SHARE * lastMs);
    const started = performance.now();
    const batch = await sendNextBatch(db, id);
    lastMs = performance.now() - started;
    messages += batch.queued;
    finished = batch.finished;
  }
  log(`[campaign] campaign ${id}: ${messages} message${messages === 1 ? '' : 's'} queued by this run`);
  return { messages };
});
