import { sql } from 'kysely';
import type { DB } from '../db/connection';

/** A sending campaign may be paused and resumed (issue 37): the status check gains `paused`. */
export async function up(db: DB): Promise<void> {
  await sql`alter table notification_campaign drop constraint notification_campaign_status_check`.execute(db);
  await sql`alter table notification_campaign add constraint notification_campaign_status_check
    check (status in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'))`.execute(db);
}
