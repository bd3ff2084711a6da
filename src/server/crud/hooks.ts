import { sql } from 'kysely';
import { CAMPAIGN_FIXED_WHEN_STARTED, campaignStarted, columnName, getEntity, invoiceFigures, type EntityDef, type InvoiceLine } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { passwordChanged, revokeUserSessions } from '../auth/sessions';
import { fail } from '../http';
import { freeSeat, retakeSeat } from './slot-booking';
import type { Seller } from '../config';
import { issueInvoice } from './issue-invoice';
import type { Actor } from './write';
import { CAMPAIGN_JOB } from '../scheduler/job-names';
import { cancelRun, enqueue } from '../scheduler/runs';
import { checkCampaignView } from './campaign-view';

/**
 * Server-side behaviour that a declaration cannot express: run inside the write's transaction.
 * Keyed by entity name; most entities have none.
 */
export interface EntityHooks {
  /** Values about to be stored (already validated); may add computed columns. */
  beforeWrite?: (db: DB, values: Record<string, unknown>, existing: Record<string, unknown> | null) => Promise<Record<string, unknown>>;
  /**
   * After a transition (crud/transition.ts), in its transaction: effects on other records. `before`: the record before
   * it; `seller`: whom an invoice it issues names.
   */
  afterTransition?: (db: DB, record: Record<string, unknown>, move: string, ctx: { before: Record<string, unknown>; actor: Actor; seller?: Seller }) => Promise<void>;
  /**
   * After a move was undone (crud/transition-undo.ts), in its transaction: what afterTransition did to other records,
   * taken back. `record`: the record back as it was; `move`: the move undone; `before`: the record before the undo.
   * A refusal here (an HttpError) leaves everything as it was.
   */
  afterUndo?: (db: DB, record: Record<string, unknown>, move: string, ctx: { before: Record<string, unknown>; actor: Actor }) => Promise<void>;
  afterWrite?: (db: DB, record: Record<string, unknown>, existing: Record<string, unknown> | null, write: { actor: Actor; columns: Record<string, unknown> }) => Promise<void>;
}

/** A value about to be written, else the stored one (an update may leave a field out). */
const pick = (values: Record<string, unknown>, column: string, existing: Record<string, unknown> | null, field: string) =>
  column in values ? values[column] : existing?.[field];

/** calibratedOn + the item's intervalDays, in SQL so that the date arithmetic is the database's. */
async function nextDueOn(db: DB, item: unknown, calibratedOn: unknown): Promise<string | null> {
  if (item === null || item === undefined || calibratedOn === null || calibratedOn === undefined) return null;
  const items = sql.raw(ident(getEntity('callibrationInventoryMaster').table));
  const res = await sql<{ due: string }>`select (${calibratedOn}::date + interval_days)::text as due from ${items} where id = ${item}`.execute(db);
  return res.rows[0]?.due ?? null;
}

/** A campaign's run (campaigns/send.ts): one per campaign, due at its time ("Schedule…") or now ("Send now"). */
async function queueCampaign(db: DB, record: Record<string, unknown>, due: 'now' | 'scheduledAt') {
  let dueAt = new Date();
  if (due === 'scheduledAt') {
    dueAt = new Date(String(record.scheduledAt ?? ''));
    if (!record.scheduledAt || !(dueAt.getTime() > Date.now())) throw fail(400, 'Choose a send time that has not passed', { field: 'scheduledAt', code: 'not_future' });
  }
  await enqueue(db, { job: CAMPAIGN_JOB, key: String(record.id), dueAt, payload: { campaign: Number(record.id) } });
}

/**
 * A paused campaign sending again: its run queued now. A pause stops the sender between two batches, so its run may
 * still be finishing (state running) when the resume comes, and a running run is not queued again (scheduler/runs.ts):
 * that run may already have seen the pause, so a second run, keyed by this resume, goes on instead. Two runs of one
 * campaign give nobody the campaign twice (each batch takes the campaign's row and skips who has theirs).
 */
async function resumeCampaign(db: DB, record: Record<string, unknown>) {
  const payload = { campaign: Number(record.id) };
  const id = await enqueue(db, { job: CAMPAIGN_JOB, key: String(record.id), dueAt: new Date(), payload });
  const held = await sql<{ state: string }>`select state from job_run where id = ${id}`.execute(db);
  if (held.rows[0]?.state === 'running') await enqueue(db, { job: CAMPAIGN_JOB, key: `${record.id}:resumed:${record.version}`, dueAt: new Date(), payload });
}

/**
 * The columns of the fields a started campaign keeps (registry: its edit form shows the same ones read-only). A
 * campaign paused before it started (its view deleted) has no recipients yet, and may still be given another view.
 */
const campaignFixedColumns = () => {
  const def = getEntity('notification');
  return CAMPAIGN_FIXED_WHEN_STARTED.map((field) => [columnName(field, def.fields[field]), field] as const);
};

export const HOOKS: Record<string, EntityHooks> = {
  notification: {
    async beforeWrite(_db, values, existing) {
      if (!existing || !campaignStarted(existing)) return values;
      for (const [column, field] of campaignFixedColumns()) {
        if (column in values && String(values[column] ?? '') !== String(existing[field] ?? '')) {
          throw fail(409, 'A campaign that has started sending keeps its message and its audience', { field, code: 'campaign_started' });
        }
      }
      return values;
    },
    async afterTransition(db, record, move) {
      if (move === 'schedule') await queueCampaign(db, record, 'scheduledAt');
      else if (move === 'send') await queueCampaign(db, record, 'now');
      else if (move === 'resume') await resumeCampaign(db, record);
      else if (move === 'cancel') await cancelRun(db, { job: CAMPAIGN_JOB, key: String(record.id) });
      // A pause needs nothing here: the sender reads the status before each batch and stops.
    },
    // A schedule undone is a run no longer due (a send is irreversible: some have it already); a pause undone sends on.
    async afterUndo(db, record, move) {
      if (move === 'schedule') await cancelRun(db, { job: CAMPAIGN_JOB, key: String(record.id) });
      if (move === 'cancel' && record.status === 'scheduled') await queueCampaign(db, record, 'scheduledAt');
      if (move === 'pause') await resumeCampaign(db, record);
    },
    // A scheduled campaign given another time is sent then. A saved view that narrows it is one its author may read.
    async afterWrite(db, record, existing, { actor }) {
      if (existing && record.status === 'scheduled' && record.scheduledAt !== existing.scheduledAt) await queueCampaign(db, record, 'scheduledAt');
      if (!existing || record.patientView !== existing.patientView || record.audience !== existing.audience) {
        const author = existing ? (await sql<{ by: number | null }>`select created_by as by from notification_campaign where id = ${Number(record.id)}`.execute(db)).rows[0]?.by ?? null : actor.id;
        await checkCampaignView(db, record, author === null ? null : Number(author));
      }
    },
  },
  'admin-user': {
    // Disabling a user ends their sessions at once; a new password ends every session of the user but
    // the one that set it (an administrator's own session, when they change their own password here).
    async afterWrite(db, record, existing, { actor, columns }) {
      if (!existing) return;
      if (record.status !== 'active') await revokeUserSessions(db, Number(record.id), undefined, 'account_changed');
      else if ('password_hash' in columns) await passwordChanged(db, Number(record.id), actor.sessionId); // and its reset links
    },
  },
  callibrationInventory: {
    // nextDueOn is computed, never typed in: recomputed on every write from the date and the item's interval.
    async beforeWrite(db, values, existing) {
      const due = await nextDueOn(db, pick(values, 'item', existing, 'item'), pick(values, 'calibrated_on', existing, 'calibratedOn'));
      return { ...values, next_due_on: due };
    },
  },
  callibrationInventoryMaster: {
    // A changed interval moves the next due date of every calibration of that item, so that the list stays true.
    async afterWrite(db, record, existing) {
      if (!existing || existing.intervalDays === record.intervalDays) return;
      const records = sql.raw(ident(getEntity('callibrationInventory').table));
      await sql`update ${records} set next_due_on = calibrated_on + ${Number(record.intervalDays)}::int where item = ${Number(record.id)}`.execute(db);
    },
  },
  invoices: {
    // The taxable value, the tax heads, tax and total follow the line items and where the supply lies, whatever wrote them.
    async beforeWrite(_db, values, existing) {
      const items = (typeof values.items === 'string' ? JSON.parse(values.items) : existing?.items ?? []) as InvoiceLine[];
      const interState = Boolean(pick(values, 'inter_state', existing, 'interState'));
      const { subtotal, cgst, sgst, igst, tax, total } = invoiceFigures(items, interState);
      return { ...values, subtotal, cgst, sgst, igst, tax, total };
    },
  },
  payment: {
    // Completing a payment issues its tax invoice in the same transaction (both happen, or neither), dated when it was paid.
    async afterTransition(db, record, move, { actor, seller }) {
      if (move !== 'complete') return;
      if (!seller) throw new Error('A payment was completed by a call that names no seller for its invoice');
      await issueInvoice(db, record, { actor, seller, at: new Date(String(record.paidAt)) });
    },
  },
  payout: {
    // Net is gross less the commission.
    async beforeWrite(_db, values, existing) {
      const gross = Number(values.gross ?? existing?.gross ?? 0);
      const commission = Number(values.commission ?? existing?.commission ?? 0);
      return { ...values, net: Math.round((gross - commission) * 100) / 100 };
    },
  },
  appointments: {
    // A cancelled or rescheduled appointment gives its slot's seat back (a booking made it: crud/slot-booking.ts).
    async afterTransition(db, _record, move, { before, actor }) {
      if ((move === 'cancel' || move === 'reschedule') && before.slot) await freeSeat(db, Number(before.slot), Number(before.patient), actor.id);
    },
    // Undoing either takes the seat again: the appointment is back on its slot (409 seat_taken when it is no longer free).
    async afterUndo(db, record, move, { actor }) {
      if ((move === 'cancel' || move === 'reschedule') && record.slot) await retakeSeat(db, Number(record.slot), Number(record.patient), actor.id);
    },
  },
  fmcslots: {
    // `booked` starts at 0 and is changed only by the booking calls (server/routes/slots.ts). Capacity may not
    // drop below the bookings already made; a booking made meanwhile bumps the version, so the update then fails as stale.
    async beforeWrite(_db, values, existing) {
      if (!existing) return { ...values, booked: 0 };
      const booked = Number(existing.booked ?? 0);
      if (typeof values.capacity === 'number' && values.capacity < booked) {
        throw fail(400, 'Capacity cannot be less than the bookings already made', { field: 'capacity', code: 'below_booked' });
      }
      return values;
    },
  },
};

export function hooksOf(def: EntityDef): EntityHooks {
  return HOOKS[def.name] ?? {};
}
