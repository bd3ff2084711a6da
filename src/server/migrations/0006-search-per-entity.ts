import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * A trigram index of the search table per entity (partial, `where entity = …`), beside the one over every entity:
 * a list's search box looks in one entity, and through the shared index a short term read the posting lists of
 * every entity's rows (2 to 4 letters on patients: 65–130 ms at 1.2M rows). The palette's search across entities keeps
 * the shared index. Frozen: the entities of this release; a new entity's migration adds its own
 * (tests/api/schema.test.ts checks that every entity has one).
 */
export const SEARCH_ENTITIES = [
  'speciality', 'languages', 'roles', 'state', 'city', 'pincode', 'admin-user', 'specialitys', 'experience', 'registerCouncil',
  'followupPeriod', 'relationships', 'department', 'educational_categorymaster', 'features', 'doctor', 'patients', 'fmc',
  'fmcslots', 'g4sfmc', 'addonservicesmaster', 'addonservices', 'medicine', 'udctest', 'dentisttest', 'opthlmotest',
  'simirapin', 'atm', 'atmdevice', 'ecgkey', 'atmmaster', 'atmgroupmaster', 'atmgroup', 'callibrationInventoryMaster',
  'callibrationInventory', 'rangemaster', 'dietsheet', 'imgtesttype', 'imglocation', 'imagingmaster', 'membershipcard',
  'notification', 'about', 'vision', 'faq', 'contactUs', 'privacyPolicy', 'cancelRefundPolicy', 'atmterms', 'appointments',
  'payment', 'payout', 'invoices', 'reviews', 'requestVerification', 'fmctests', 'supportTicket',
];

/** The index of one entity's search rows (an entity name may hold characters an identifier may not). */
export const searchIndexName = (entity: string) => `search_index__trgm__${entity.replace(/[^A-Za-z0-9_]/g, '_').toLowerCase()}`;

export async function up(db: DB): Promise<void> {
  for (const entity of SEARCH_ENTITIES) {
    await sql.raw(`create index "${searchIndexName(entity)}" on search_index using gin (doc gin_trgm_ops) where entity = '${entity}'`).execute(db);
  }
}
