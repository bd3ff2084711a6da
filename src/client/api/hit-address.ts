import { entityPath, viewActionFor, type EntityDef } from '../../registry';

/**
 * The list view a record shows in: the one whose fixed filters its values meet (a completed payment: "Completed"),
 * else one without fixed filters or a period ("All"), else the first. A "recent" view could leave the record out.
 */
function viewOf(def: EntityDef, values: Record<string, unknown>): string | undefined {
  const views = def.views ?? [];
  const meets = views.find((v) => v.filters && Object.entries(v.filters).every(([k, want]) => String(values[k] ?? '') === String(want)));
  return (meets ?? views.find((v) => !v.filters && !v.recent) ?? views[0])?.segment;
}

/**
 * Where a found record opens: its own page when the role may open one; otherwise (payments, reviews, payouts, which
 * are moved from their rows) its list narrowed to it, `filter[id]`, in the view its status belongs to.
 */
export function hitAddress(def: EntityDef, id: number, values: Record<string, unknown>, may: (action: string) => boolean): string {
  const view = viewOf(def, values);
  const action = viewActionFor(def, may);
  if (action) return entityPath(def, action, id, def.recordPath ? view : undefined);
  return `${entityPath(def, 'list', undefined, view)}?filter[id]=${id}`;
}
