import { sql } from 'kysely';
import { getEntity } from '../../registry';
import { createRecord, SYSTEM_ACTOR } from '../crud/write';
import type { DB } from '../db/connection';

/**
 * The two rules the demo ships (issue 37 §4), switched off: a superadmin reads them, switches one on, and sees it act.
 * Written through the records' own path, so they are validated and audited as a superadmin's would be.
 */
export async function seedRules(db: DB, scryptLogN: number): Promise<void> {
  const rules = getEntity('automation');
  const superadmin = (await sql<{ id: number }>`select id from role where key = 'superadmin'`.execute(db)).rows[0];
  await createRecord(db, rules, {
    name: 'A ticket is raised: tell the superadmins',
    entity: 'supportTicket', when: 'created', notify: 'roles', roles: superadmin ? [Number(superadmin.id)] : [], channel: 'inbox',
    message: 'New ticket from {fmc}: {subject} ({priority})', enabled: false,
  }, { actor: SYSTEM_ACTOR, scryptLogN });
  await createRecord(db, rules, {
    name: 'An appointment is missed: the patient is asked to rebook',
    entity: 'appointments', when: 'moved', status: 'missed', notify: 'patients', channel: 'sms',
    message: 'We missed you at your appointment with {doctor} ({number}). Reply or call the centre to book another time.',
    enabled: false,
  }, { actor: SYSTEM_ACTOR, scryptLogN });
}
