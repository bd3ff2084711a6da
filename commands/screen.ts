/**
 * What a screen gives the commands, typed by kind, as VS Code's `run(accessor)` gets services: a command asks for a
 * kind (`ctx.screen.get('list')`) and acts on what it gets; a screen contributes only what is its own (its selection,
 * its dialogs, its filter box) and takes it back when it goes. The import graph shows both ends: this file.
 */

/** A record as a command acts on it: which one, the version it was read at (a write names it), its workflow status. */
export interface RecordRef {
  id: number;
  version: number;
  status?: string;
  /** How it reads to the user ("Dr Rossi, 3 May"), for what is said about it. */
  title?: string;
}

export interface Contributions {
  /** A list in view: its entity, its selected rows, the row the keyboard is on, and its own controls. */
  list: {
    entity: string;
    selection: RecordRef[];
    focused?: RecordRef;
    /** Its add form; absent when the role may not add. */
    openCreate?: () => void;
    focusFilter: () => void;
    addFilter: () => void;
    openColumns: () => void;
  };
  /** The record shown: on its page, or peeked on a list. */
  record: { entity: string; record: RecordRef };
  /**
   * Where moves of `entity` are made (its record's move bar, its list's bulk bar): their dialog, the confirm-first of
   * a move that cannot be taken back, the undo toast and each row's answer are that screen's. Reached through
   * `ctx.data.transition`, never by a command directly.
   */
  moves: {
    entity: string;
    /** false when it could not take the move: none of `rows` is what it shows (a row read again since), or it is busy. */
    start: (move: string, rows: RecordRef[]) => boolean;
  };
  /**
   * A list's "Set field…" and "Delete…" on its selected rows (or all its filter matches): its dialogs, progress and
   * undo. Each is absent when the role may not; none is there while an action is under way.
   */
  bulk: { entity: string; openSet?: () => void; openDelete?: () => void };
  /** A list's CSV export, with its search, sort, filters and columns. */
  export: { entity: string; run: (which: 'all' | 'selected') => void };
  /** A worklist in view: reminders to its selected rows, else to the row the keyboard is on. */
  worklist: { id: string; remind: () => void };
}

export type ContributionKind = keyof Contributions;

export interface ScreenAccess {
  /** The latest contribution of `kind` still in place (of `entity`, if given). */
  get: <K extends ContributionKind>(kind: K, entity?: string) => Contributions[K] | undefined;
  /**
   * `act` on the contribution of `kind` (of `entity`, if given) now, or, when the screen has not made it yet (a key
   * pressed while its code loads), once it does: only on the page it was asked on, and only for a few seconds; if it
   * does not come, the user is told the key did nothing.
   */
  act: <K extends ContributionKind>(kind: K, act: (c: Contributions[K]) => void, entity?: string) => void;
  /** The same for the screen just navigated to: waits for its contribution, never takes the one of the screen left. */
  next: <K extends ContributionKind>(kind: K, act: (c: Contributions[K]) => void, entity?: string) => void;
}

/**
 * The records a command on `entity` acts on: the record shown, else the list's selected rows, else the row the
 * keyboard is on. Empty when none of `entity` is in view.
 */
export function actedOn(screen: Pick<ScreenAccess, 'get'>, entity: string): RecordRef[] {
  const shown = screen.get('record', entity);
  if (shown) return [shown.record];
  const list = screen.get('list', entity);
  if (!list) return [];
  if (list.selection.length) return list.selection;
  return list.focused ? [list.focused] : [];
}
