import { sql } from 'kysely';
import { checkViewAddress, getEntity, parseListQuery, resolveListWords, type Role } from '../../registry';
import { centreTimeZoneFrom } from '../config';
import type { DB } from '../db/connection';
import { fail } from '../http';

/**
 * A campaign's saved view of patients (issue 37): the filter of a list of patients a person saved (routes/saved-views.ts)
 * narrows the patients a campaign reaches. Only a view the campaign's author may read: their own, or one shared with
 * their role, of the patient list, which their role may open. Checked where the campaign is written (crud/hooks.ts)
 * and again when sending starts, where the filter is read once, its words (`@me`, "this week") for the author.
 */
export interface ViewFilter { filters: Record<string, string>; q?: string }

export type ViewRead = { ok: true; filter: ViewFilter } | { ok: false; why: 'gone' | 'not_readable' | 'not_patients' };

const WHY: Record<Exclude<ViewRead, { ok: true }>['why'], string> = {
  gone: 'This saved view no longer exists',
  not_readable: 'The campaign’s author may not read this saved view',
  not_patients: 'This saved view is not a list of patients',
};

/** The view `viewId` as `authorId` may read it, its filter read for them at `now`, or why it cannot narrow their campaign. */
export async function readCampaignView(db: DB, viewId: number, authorId: number | null, now: Date): Promise<ViewRead> {
  const view = (await sql<{ address: string; owner: number; shared: string[] }>`select address, owner_id as owner, shared from saved_view where id = ${viewId}`.execute(db)).rows[0];
  if (!view) return { ok: false, why: 'gone' };
  const author = authorId === null ? undefined : (await sql<{ role: Role; centres: number[] | null }>`select r.key as role, u.centres
    from admin_user u join role r on r.id = u.role where u.id = ${authorId} and u.status = 'active'`.execute(db)).rows[0];
  if (!author || (Number(view.owner) !== authorId && !view.shared.includes(author.role))) return { ok: false, why: 'not_readable' };
  const checked = checkViewAddress(view.address, author.role);
  if (!checked.ok || checked.def.name !== 'patients') return { ok: false, why: checked.ok || checked.path ? 'not_patients' : 'not_readable' };
  const parsed = parseListQuery(checked.def, new URL(view.address, 'http://console.invalid').searchParams);
  if ('issues' in parsed) return { ok: false, why: 'not_patients' };
  const filters = resolveListWords(getEntity('patients'), parsed.query.filters, {
    now: now.getTime(), timeZone: parsed.query.tz ?? centreTimeZoneFrom(process.env.CENTRE_TIME_ZONE), firstDay: 1, userId: authorId!, centres: (author.centres ?? []).map(Number),
  });
  return { ok: true, filter: { filters, ...(parsed.query.q ? { q: parsed.query.q } : {}) } };
}

/** The campaign's view, checked for its author as it is written: 400 on the field when it cannot narrow the campaign. */
export async function checkCampaignView(db: DB, record: Record<string, unknown>, authorId: number | null) {
  if (record.patientView === null || record.patientView === undefined) return;
  if (record.audience !== 'patient' && record.audience !== 'all') throw fail(400, 'A saved view of patients narrows an audience of patients only', { field: 'patientView', code: 'invalid' });
  const read = await readCampaignView(db, Number(record.patientView), authorId, new Date());
  if (!read.ok) throw fail(400, WHY[read.why], { field: 'patientView', code: read.why });
}
