import { formFields, isInput, type EntityDef } from '../../registry';

/**
 * The fields "Set field…" offers: those the edit form writes, one value for all (never a secret, a nested list, a
 * field fixed once made or a choice of another entity's values). The server judges each record again (bulk.ts): this only keeps the choice to what can work.
 */
export function settableFields(def: EntityDef): string[] {
  return formFields(def, 'update')
    // Nor one whose choices are another entity's (a rule's status is one of its own record kind's): one value for
    // records of several kinds would offer statuses some of them do not have.
    .filter(([k, fd]) => isInput(fd) && !fd.writeOnly && !fd.item && fd.kind !== 'file' && !fd.namesOthers && !def.immutable?.includes(k))
    .map(([k]) => k);
}
