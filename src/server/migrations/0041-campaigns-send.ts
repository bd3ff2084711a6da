import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Campaigns that send (issue 37 §2): the status gains `sending` (the sender's, between scheduled and sent), the record
 * carries its progress (recipients, sent, failed), and a patient may opt out of campaigns, honoured at send time.
 */
export async function up(db: DB): Promise<void> {
  await sql`alter table notification_campaign drop constraint notification_campaign_status_check`.execute(db);
  await sql`alter table notification_campaign add constraint notification_campaign_status_check
    check (status in ('draft', 'scheduled', 'sending', 'sent', 'cancelled'))`.execute(db);
  await sql`alter table notification_campaign add column recipients integer, add column sent integer, add column failed integer`.execute(db);
  await sql`alter table patient add column campaign_opt_out boolean not null default false`.execute(db);
}
