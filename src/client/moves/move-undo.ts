import { toast } from 'sonner';
import { getEntity, type EntityDef, type Transition } from '../../registry';
import type { Row } from '../api/entities';
import { listsChanged, rowsChangedInPlace, writes } from '../api/writes';
import i18n from '../i18n';
import { offerUndo } from '../form/undo';

/**
 * After a move the user made (a key, a command, a button, the bulk bar): the toast says it is done and offers Undo
 * (and Ctrl+Z) for a few seconds; Undo asks the server to take each moved record back to where it was
 * (POST …/transition/undo with the version the move gave it), which it refuses, said plainly, when someone changed
 * the record since. A move that cannot be taken back (`irreversible`) was asked about first and only says it is done.
 */
export function sayMoved(def: EntityDef, move: Transition, moved: Row[], message: string) {
  if (move.irreversible || !moved.length) {
    toast.success(message);
    return;
  }
  const label = i18n.t(`transition.${def.name}.${move.name}`).replace(/…$/, '');
  offerUndo(def, message, async () => {
    let refusal: unknown = null;
    const back: Row[] = [];
    // One at a time, each its own transaction: a record someone changed meanwhile stays as it is, the others go back.
    for (const r of moved) {
      try {
        back.push(await writes.undoTransition(def, r.id, r.version, { lists: false }));
      } catch (err) {
        refusal ??= err;
      }
    }
    // Set where they show before "undone" is said: a key pressed then acts on the records as they are now (their
    // status, the version the next write names), not on the rows as moved while the lists are read again.
    rowsChangedInPlace(def, back);
    listsChanged(def);
    // What the move set on other records (a seat given back on a slot) is taken again: their lists change too.
    for (const field of Object.keys(move.sets ?? {})) if (def.fields[field]?.ref) listsChanged(getEntity(def.fields[field].ref!));
    if (refusal) throw refusal;
  }, i18n.t('moveUndo.undone', { move: label, count: moved.length }));
}
