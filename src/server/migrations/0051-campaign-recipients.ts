import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * A campaign's audience resolved once, when sending starts (campaigns/send.ts): one row a person still to send to, in
 * the order the batches take them (`seq`), with the address the channel needs, the account (push) and, for a patient,
 * who they are, so an opt-out made meanwhile is still honoured at send time. A batch deletes the rows it sends in its
 * own transaction: what is left is who has not had it yet, and a batch's cost does not grow with the audience.
 */
export async function up(db: DB): Promise<void> {
  await sql`create table campaign_recipient (
    campaign integer not null references notification_campaign (id) on delete cascade,
    seq integer not null,
    address text not null,
    user_id integer,
    patient integer,
    primary key (campaign, seq)
  )`.execute(db);
}
