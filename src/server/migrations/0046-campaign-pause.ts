import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Campaigns (issue 37): a sending campaign may be paused and resumed (the status check gains `paused`), and its
 * audience narrowed by a centre and, for patients, by a saved view of patients. `campaign_view_filter` is the
 * server's own: the view's filter as it read when sending started (campaigns/send.ts), so that every batch of the send
 * narrows alike whatever happens to the view meanwhile.
 */
export async function up(db: DB): Promise<void> {
  await sql`alter table notification_campaign drop constraint notification_campaign_status_check`.execute(db);
  await sql`alter table notification_campaign add constraint notification_campaign_status_check
    check (status in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'))`.execute(db);
  await sql`alter table notification_campaign add column centre integer constraint notification_campaign__centre__fk references fmc (id),
    add column patient_view integer`.execute(db);
  await sql`create index notification_campaign__centre__ix on notification_campaign (centre, id)`.execute(db);
  await sql`create table campaign_view_filter (
    campaign integer primary key references notification_campaign (id) on delete cascade,
    filter jsonb not null
  )`.execute(db);
}
