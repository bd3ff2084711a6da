import { getEntity } from '../../../registry';
import type { DB } from '../connection';
import { createEntityTable } from '../entity-table';

/** The entities of the foundation, in reference order (a table is created after those it refers to). */
export async function up(db: DB): Promise<void> {
  for (const name of ['roles', 'state', 'city', 'pincode', 'speciality', 'languages', 'admin-user']) {
    await createEntityTable(db, getEntity(name));
  }
}
