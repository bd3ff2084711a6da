/**
 * The cells changed in a list's grid and not yet saved, row by row, each row with the version it was read at: nothing
 * here writes. Values are form values (what the form's inputs hold: strings, booleans, ids), compared as JSON, so a
 * cell typed back to what it was is no change at all.
 *
 * A row saved while someone else changed it meanwhile comes back refused (409 stale); `rebase` then lays the record as
 * it is now under the row: a cell they did not touch keeps what was typed (their change to another cell is not
 * overwritten, the save sends their value for it), a cell they set to what was typed is no change any more, and a cell
 * both changed differently is a conflict, kept until the user picks theirs or theirs is given up for what was typed.
 * A row with a conflict is never sent.
 */

export interface HeldRow {
  id: number;
  /** The version the row's values were read at: the save sends it, and the server refuses it if the record moved on. */
  version: number;
  /** Each changed cell's value as read (form value). */
  base: Readonly<Record<string, unknown>>;
  /** Each changed cell's typed value (form value). */
  values: Readonly<Record<string, unknown>>;
  /** A reference's picked title, to show it before it is saved. */
  labels: Readonly<Record<string, string>>;
  /** Cells someone else changed to another value meanwhile: their value (form value). */
  conflicts: Readonly<Record<string, unknown>>;
  /** The server's message on a cell (a refused value), until that cell is changed again. */
  errors: Readonly<Record<string, string>>;
}

export type Held = ReadonlyMap<number, HeldRow>;

export const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

const without = <T>(o: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = o;
  return rest;
};

const withRow = (held: Held, row: HeldRow): Held => {
  const next = new Map(held);
  if (Object.keys(row.values).length) next.set(row.id, row);
  else next.delete(row.id);
  return next;
};

/**
 * A cell typed: held against the value it had as read (`base`), at the row's version when the row had nothing held.
 * Typed back to its value as read, the cell is no change. A conflict on it stays: the user picks theirs or keeps this.
 */
export function holdCell(held: Held, at: { id: number; version: number }, field: string, base: unknown, value: unknown, label?: string): Held {
  const row: HeldRow = held.get(at.id) ?? { id: at.id, version: at.version, base: {}, values: {}, labels: {}, conflicts: {}, errors: {} };
  const was = field in row.base ? row.base[field] : base;
  if (same(was, value) && !(field in row.conflicts)) {
    return withRow(held, { ...row, base: without(row.base, field), values: without(row.values, field), labels: without(row.labels, field), errors: without(row.errors, field) });
  }
  return withRow(held, {
    ...row,
    base: { ...row.base, [field]: was },
    values: { ...row.values, [field]: value },
    labels: label === undefined ? without(row.labels, field) : { ...row.labels, [field]: label },
    errors: without(row.errors, field),
  });
}

/** A cell's change given up (Esc in its editor, "theirs" picked): the cell shows the record's value again. */
export function dropCell(held: Held, id: number, field: string): Held {
  const row = held.get(id);
  if (!row) return held;
  return withRow(held, {
    ...row, base: without(row.base, field), values: without(row.values, field), labels: without(row.labels, field),
    conflicts: without(row.conflicts, field), errors: without(row.errors, field),
  });
}

/** "Keep mine": the conflict goes, the typed value stays, to be sent at the version `rebase` took. */
export function keepMine(held: Held, id: number, field: string): Held {
  const row = held.get(id);
  if (!row || !(field in row.conflicts)) return held;
  return withRow(held, { ...row, base: { ...row.base, [field]: row.conflicts[field] }, conflicts: without(row.conflicts, field) });
}

/**
 * The record as it is now (`fresh`: its version and its cells as form values) under a row the server refused as stale.
 * Conflicts are the cells both sides changed to different values.
 */
export function rebase(held: Held, id: number, fresh: { version: number; values: Readonly<Record<string, unknown>> }): Held {
  const row = held.get(id);
  if (!row) return held;
  const base: Record<string, unknown> = {};
  const values: Record<string, unknown> = {};
  const conflicts: Record<string, unknown> = { ...row.conflicts };
  for (const [field, mine] of Object.entries(row.values)) {
    const theirs = fresh.values[field];
    if (same(theirs, mine)) { delete conflicts[field]; continue; }
    if (!same(theirs, row.base[field])) conflicts[field] = theirs;
    base[field] = theirs;
    values[field] = mine;
  }
  const keep = (o: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(o).filter(([k]) => k in values));
  return withRow(held, { ...row, version: fresh.version, base, values, conflicts, labels: keep(row.labels), errors: keep(row.errors) });
}

/** The server's messages on a row's cells after a refused save (other than stale). */
export function refuse(held: Held, id: number, errors: Readonly<Record<string, string>>): Held {
  const row = held.get(id);
  return row ? withRow(held, { ...row, errors: { ...row.errors, ...errors } }) : held;
}

/** A row saved: its held cells go. */
export function saved(held: Held, id: number): Held {
  if (!held.has(id)) return held;
  const next = new Map(held);
  next.delete(id);
  return next;
}

export const conflictCount = (held: Held) => [...held.values()].reduce((n, r) => n + Object.keys(r.conflicts).length, 0);

/** Rows that may be sent: those with no conflict left. */
export const sendable = (held: Held) => [...held.values()].filter((r) => Object.keys(r.conflicts).length === 0);

/**
 * What the edit form opens with on a row whose cells are held (`e` on it): the typed values, over the record, at the
 * version they were read at, so a record changed since is refused as stale there too. A conflicted cell is left out:
 * it is settled in the list, where theirs and yours are both shown. Null when nothing but conflicts is held.
 */
export function formDraft(held: Held, id: number): { version: number; values: Record<string, unknown> } | null {
  const row = held.get(id);
  if (!row) return null;
  const values = Object.fromEntries(Object.entries(row.values).filter(([field]) => !(field in row.conflicts)));
  return Object.keys(values).length ? { version: row.version, values } : null;
}

/** The form saved a row's draft (`formDraft`): those cells go; a conflicted one stays held, to be settled. */
export function savedInForm(held: Held, id: number): Held {
  const row = held.get(id);
  if (!row) return held;
  return Object.keys(row.values).filter((field) => !(field in row.conflicts)).reduce((h, field) => dropCell(h, id, field), held);
}
