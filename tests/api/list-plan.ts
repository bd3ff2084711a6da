import { parseListQuery, type EntityDef } from '../../src/registry';
import { listPage } from '../../src/server/search';
import type { Api } from './harness';

/**
 * A list's answer and the way it was found (src/server/search/README.md): the search wing's entry point asked as
 * GET /api/{resource}?{query} asks it for an admin (no centre scope). The route sends the answer as it is.
 */
export async function listed(api: Api, def: EntityDef, query: string) {
  const parsed = parseListQuery(def, new URLSearchParams(query));
  if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
  const { answer, plan } = await listPage(api.db, def, parsed.query);
  return { body: answer, plan };
}
