import type { EntityDef } from '../../registry';
import type { Mapping } from '../api/imports';

/**
 * The mapping a person last chose for an entity's imports (column header → field, '' for a column left out), kept in
 * this browser: the next file with the same headers starts from it, and headers it never saw start from the server's
 * match. Fields since gone from the registry are dropped, so a stale memory never gets the import refused.
 */
const storageKey = (def: EntityDef) => `import-mapping:${def.name}`;

const MAX_KEPT = 400;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function rememberedMapping(def: EntityDef, store: Store = localStorage): Mapping {
  try {
    const raw: unknown = JSON.parse(store.getItem(storageKey(def)) ?? '{}');
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw as Record<string, unknown>)
      .filter((e): e is [string, string] => typeof e[1] === 'string' && (e[1] === '' || Boolean(def.fields[e[1]]))));
  } catch {
    return {};
  }
}

export function rememberMapping(def: EntityDef, mapping: Mapping, store: Store = localStorage) {
  try {
    // The newest headers kept: the memory is sent with each file, and the server takes at most 500.
    const merged = Object.entries({ ...rememberedMapping(def, store), ...mapping }).slice(-MAX_KEPT);
    store.setItem(storageKey(def), JSON.stringify(Object.fromEntries(merged)));
  } catch { /* storage full or off: the server's match is used next time */ }
}

/** Fields two columns both fill: the second would silently overwrite the first, so the mapping step names them. */
export function doubledFields(mapping: Mapping): string[] {
  const seen = new Set<string>();
  const doubled = new Set<string>();
  for (const field of Object.values(mapping)) {
    if (!field) continue;
    if (seen.has(field)) doubled.add(field);
    seen.add(field);
  }
  return [...doubled];
}
