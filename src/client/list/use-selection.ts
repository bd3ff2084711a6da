import { useEffect, useState } from 'react';

/**
 * The rows a list has picked, by id (the controller's, and the bespoke lists'): x or a row's box toggles one, the
 * head's box all those shown, and a new search (`resetOn`: what the list asks for) empties it, since a selection of
 * rows no longer shown would act unseen.
 */
export function useSelection(rows: readonly { id: number }[], resetOn: unknown) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => { setSelected(new Set()); }, [resetOn]);
  const toggle = (id: number) => setSelected((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)));
  const clearSelection = () => setSelected(new Set());
  // Rows an action finished with leave the selection.
  const unselect = (ids: readonly number[]) => setSelected((s) => new Set([...s].filter((id) => !ids.includes(id))));
  return { selected, setSelected, toggle, allSelected, toggleAll, clearSelection, unselect };
}
