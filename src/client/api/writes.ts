import { getEntity, type EntityDef } from '../../registry';
import { ownWrite, wrote } from './echoes';
import { entities, type Row, type TransitionBody } from './entities';
import { keys } from './keys';
import { queryClient } from './query-client';
import { bookSlot } from './slots';
import { REMIND_BATCH, sendReminders } from './worklists';

/**
 * The writes that change what screens show, each followed by the invalidation of exactly what it changed, by key:
 * the record's own answer is set from the server's reply, and its entity's lists, pickers' titles and the record's
 * history and timeline are refetched where they are on screen (and asked again wherever they show next). Nothing
 * else is: another entity's list, the record of another id. The change stream invalidates the same keys, and passes
 * over the echo of a write made here (echoes.ts).
 */

/** The record as the server answered it, then everything that shows it. */
export function recordChanged(def: EntityDef, record: Row, opts: { lists?: boolean } = {}) {
  const k = keys.entity(def.name);
  const own = k.record(record.id);
  queryClient.setQueryData(own, record);
  // Below the record's key: its history and timeline, not the record just set.
  void queryClient.invalidateQueries({ queryKey: own, predicate: (q) => q.queryKey.length > own.length });
  if (opts.lists !== false) listsChanged(def);
}

/** Every list and picker of the entity: a record was added, changed or removed. */
export function listsChanged(def: EntityDef) {
  const k = keys.entity(def.name);
  void queryClient.invalidateQueries({ queryKey: k.lists });
  void queryClient.invalidateQueries({ queryKey: k.pickers });
  void queryClient.invalidateQueries({ queryKey: k.mine });
}

/**
 * Rows moved from the keyboard on a list (the focused row, `.` repeated row by row): each is set where it shows, in
 * place, and the entity's lists are marked stale without being read again now. A row that no longer matches the list
 * stays where it was until the list is read again (another filter, another visit), so `j` reaches the row after it.
 */
export function rowsChangedInPlace(def: EntityDef, records: readonly Row[]) {
  const byId = new Map(records.map((r) => [r.id, r]));
  const k = keys.entity(def.name);
  for (const r of records) recordChanged(def, r, { lists: false });
  queryClient.setQueriesData<{ pages: { data: Row[] }[]; pageParams: unknown[] }>({ queryKey: k.lists }, (old) => old && {
    ...old,
    pages: old.pages.map((p) => ({
      ...p,
      data: p.data.map((row) => {
        const now = byId.get(row.id);
        // The list's row keeps the titles of its references where the answer has none.
        return now ? { ...row, ...now, _labels: { ...(row._labels as object | undefined), ...(now._labels as object | undefined) } } : row;
      }),
    })),
  });
  void queryClient.invalidateQueries({ queryKey: k.lists, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: k.pickers });
}

export const writes = {
  async create(def: EntityDef, values: Record<string, unknown>) {
    const record = await ownWrite(() => entities.create(def, values), (r) => wrote(def.name, r.id, r.version));
    recordChanged(def, record);
    return record;
  },
  /** `inPlace`: a row edited from a list by keyboard is set where it shows (rowsChangedInPlace), its lists not read again. */
  async update(def: EntityDef, id: number, values: Record<string, unknown>, opts: { inPlace?: boolean } = {}) {
    const record = await ownWrite(() => entities.update(def, id, values), (r) => wrote(def.name, r.id, r.version));
    if (opts.inPlace) rowsChangedInPlace(def, [record]);
    else recordChanged(def, record);
    return record;
  },
  async remove(def: EntityDef, id: number) {
    await ownWrite(() => entities.remove(def, id), () => wrote(def.name, id, 'gone'));
    listsChanged(def);
    // A page that still shows it (it is leaving) keeps its answer; no other screen keeps a removed record.
    queryClient.removeQueries({ queryKey: keys.entity(def.name).record(id), type: 'inactive' });
  },
  async restore(def: EntityDef, id: number) {
    const record = await ownWrite(() => entities.restore(def, id), (r) => wrote(def.name, r.id, r.version));
    recordChanged(def, record);
    return record;
  },
  async revert(def: EntityDef, id: number, entry: number, version: number) {
    const record = await ownWrite(() => entities.revert(def, id, entry, version), (r) => wrote(def.name, r.id, r.version));
    recordChanged(def, record);
    void queryClient.invalidateQueries({ queryKey: keys.screen('fmclogs') });
    return record;
  },
  async addToThread(def: EntityDef, id: number, thread: string, text: string) {
    const record = await ownWrite(() => entities.addToThread(def, id, thread, text), (r) => wrote(def.name, r.id, r.version));
    recordChanged(def, record);
    return record;
  },
  /** `lists: false` for one move of many (the bulk bar): their lists are refetched once, after the last. */
  async transition(def: EntityDef, id: number, body: TransitionBody, opts: { lists?: boolean } = {}) {
    const record = await ownWrite(() => entities.transition(def, id, body), (r) => wrote(def.name, r.id, r.version));
    recordChanged(def, record, opts);
    return record;
  },
  /**
   * Undo of a move (`version`: the one the move's answer gave): the record comes back as the server answers it, and
   * refreshes what a move refreshes; `lists: false` as for transition.
   */
  async undoTransition(def: EntityDef, id: number, version: number, opts: { lists?: boolean } = {}) {
    const record = await ownWrite(() => entities.undoTransition(def, id, version), (r) => wrote(def.name, r.id, r.version));
    recordChanged(def, record, opts);
    return record;
  },
  /**
   * A seat on a slot for a patient: the slot's answer is set (without the appointment it carries), and every list of
   * slots and of appointments is refetched, since the booking made an appointment in the same transaction.
   */
  async book(slot: number, patient: number) {
    const slots = getEntity('fmcslots');
    let answer: Awaited<ReturnType<typeof bookSlot>>;
    try {
      // The appointment is new: its echo is its first version.
      answer = await ownWrite(() => bookSlot(slot, patient), (a) => { wrote(slots.name, a.id, a.version); wrote('appointments', a.appointment.id, 1); });
    } catch (err) {
      // Refused as full or closed: the slot changed since it was shown, so its lists are read again.
      listsChanged(slots);
      throw err;
    }
    const { appointment, ...record } = answer;
    recordChanged(slots, record);
    listsChanged(getEntity('appointments'));
    return { slot: record, appointment };
  },
  /** Reminders to the rows of a worklist, a turn of REMIND_BATCH ids at a time; its pages show who was reminded. */
  async remind(worklist: string, ids: readonly number[]) {
    const answered: Awaited<ReturnType<typeof sendReminders>> = [];
    try {
      for (let i = 0; i < ids.length; i += REMIND_BATCH) answered.push(...(await sendReminders(worklist, ids.slice(i, i + REMIND_BATCH))));
    } finally {
      void queryClient.invalidateQueries({ queryKey: keys.screen(worklist) });
    }
    return answered;
  },
};
