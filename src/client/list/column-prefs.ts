import { useMemo } from 'react';
import { snapshot, useSnapshot } from 'valtio';
import { entityByName, type ColumnsPrefs, type EntityDef, type ListColumns } from '../../registry';
import { me } from '../api/me';
import { prefs } from '../state/prefs';
import { clampWidth, columnSpecs, type ColumnSpec } from './column-widths';

/**
 * A list's columns as this user left them: which are hidden and the widths set by dragging or the arrow keys, kept
 * in the user's preferences on the server (`columns`), so they follow the user to any browser and
 * are never left for the next user of a shared one. A resize is saved once it ends, after a pause, not on every pixel.
 */

const SAVE_AFTER_MS = 500;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * What the server accepts: names of the registry's own list columns only (a column since taken out of its list is
 * dropped here, else every later save would be refused), no empty entries, at least one column left shown.
 */
export function prunedColumns(all: ColumnsPrefs): ColumnsPrefs {
  const out: ColumnsPrefs = {};
  for (const [entity, cols] of Object.entries(all)) {
    const def = entityByName(entity);
    if (!def) continue;
    const hidden = [...new Set(cols.hidden ?? [])].filter((f) => def.columns.includes(f));
    const widths = Object.fromEntries(Object.entries(cols.widths ?? {}).filter(([f]) => def.columns.includes(f)));
    const entry: ListColumns = {};
    if (hidden.length && hidden.length < def.columns.length) entry.hidden = hidden;
    if (Object.keys(widths).length) entry.widths = widths;
    if (entry.hidden || entry.widths) out[entity] = entry;
  }
  return out;
}

/**
 * Sends the columns after a pause in the changes, so a resize by many presses or pixels is one save; a failed save
 * keeps them for this visit, and the next change sends them again.
 */
export function saveColumnsSoon() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    me.savePrefs({ columns: prunedColumns(snapshot(prefs).columns as ColumnsPrefs) }).catch(() => {});
  }, SAVE_AFTER_MS);
}

function entryOf(entity: string): ListColumns {
  prefs.columns[entity] ??= {};
  return prefs.columns[entity];
}

export interface ListColumnsState {
  /** The columns shown, in the registry's order. */
  shown: string[];
  hidden: ReadonlySet<string>;
  /** The width bounds, alignment and flexibility of each column shown. */
  specs: Record<string, ColumnSpec>;
  /** The width of a column: the user's, within bounds, else its kind's. */
  widthOf: (field: string) => number;
  /** Whether the user has set this column's width (then it never gives up room to fit the screen). */
  userSet: (field: string) => boolean;
  /** Sets a width at once; `save` when the resize has ended. */
  setWidth: (field: string, width: number, save: boolean) => void;
  resetWidth: (field: string) => void;
  toggle: (field: string) => void;
  resetAll: () => void;
}

export function useListColumns(def: EntityDef): ListColumnsState {
  const snap = useSnapshot(prefs);
  const mine = snap.columns[def.name] as ListColumns | undefined;
  const hiddenKey = (mine?.hidden ?? []).join(',');
  const { shown, hidden, specs } = useMemo(() => {
    const hidden = new Set((hiddenKey ? hiddenKey.split(',') : []).filter((f) => def.columns.includes(f)));
    // Never an empty list: a stored choice that hides every column (another version's columns) shows them all.
    const shown = def.columns.filter((f) => !hidden.has(f));
    const visible = shown.length ? shown : def.columns;
    // The spare room goes to the longest text shown, so the flexible column is chosen among the visible ones.
    return { shown: visible, hidden: shown.length ? hidden : new Set<string>(), specs: columnSpecs(def, visible) };
  }, [def, hiddenKey]);
  const widths = mine?.widths;
  return {
    shown,
    hidden,
    specs,
    widthOf: (field) => clampWidth(specs[field], widths?.[field] ?? specs[field].width),
    userSet: (field) => widths?.[field] !== undefined,
    setWidth: (field, width, save) => {
      const w = clampWidth(specs[field], width);
      const entry = entryOf(def.name);
      entry.widths = { ...entry.widths, [field]: w };
      if (save) saveColumnsSoon();
    },
    resetWidth: (field) => {
      const entry = entryOf(def.name);
      if (!entry.widths || !(field in entry.widths)) return;
      const { [field]: _gone, ...rest } = entry.widths;
      entry.widths = rest;
      saveColumnsSoon();
    },
    toggle: (field) => {
      const entry = entryOf(def.name);
      const now = new Set(entry.hidden ?? []);
      if (now.has(field)) now.delete(field);
      else if (def.columns.filter((f) => !now.has(f)).length > 1) now.add(field); // the last shown column stays
      entry.hidden = def.columns.filter((f) => now.has(f));
      saveColumnsSoon();
    },
    resetAll: () => {
      delete prefs.columns[def.name];
      saveColumnsSoon();
    },
  };
}
