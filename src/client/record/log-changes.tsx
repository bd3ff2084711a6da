import { useTranslation } from 'react-i18next';
import { valueLabel } from '../../../commands';
import { entityByName, type EntityDef, type RefTitles } from '../../registry';
import { useFormat } from '../i18n/format';
import { shownText, shownTitle } from '../i18n/shown-text';

export interface Change { field: string; value: unknown; old?: unknown }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The changes an audit entry holds, field by field. An edit's entry holds the values written; a transition's holds
 * the status it left (`from`) beside the new one, and a value written as { from, to } (or { old, new }) holds both.
 * Old → new is shown wherever the entry has both; the log never guesses a value it did not record.
 */
export function changesOf(def: EntityDef | undefined, changes: Record<string, unknown> | null): Change[] {
  if (!changes) return [];
  const status = def?.workflow?.field;
  const out: Change[] = [];
  for (const [field, v] of Object.entries(changes)) {
    if (field === 'from' && status && status in changes) continue;
    if (field === status && 'from' in changes) { out.push({ field, value: v, old: changes.from }); continue; }
    if (isObject(v) && 'from' in v && 'to' in v) out.push({ field, value: v.to, old: v.from });
    else if (isObject(v) && 'old' in v && 'new' in v) out.push({ field, value: v.new, old: v.old });
    else out.push({ field, value: v });
  }
  return out;
}

/**
 * One value as text, as the record's screen shows it (shown-text.ts): enums by their labels, days in the user's order,
 * moments where the browser is, money in rupees; references by their titles; anything else as written (long values cut).
 */
function useShow(def: EntityDef | undefined, titles: RefTitles) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('screens');
  const f = useFormat();
  return (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return ts('common.none');
    const fd = def?.fields[field];
    if (fd?.kind === 'enum' || (field === def?.workflow?.field && typeof v === 'string')) return def ? valueLabel(t, def.name, field, String(v)) : t(String(v), { ns: 'enums' });
    if (typeof v !== 'object') {
      const shown = shownText(def, field, v, t, f);
      if (shown !== null) return shown;
    }
    // A reference by the title the log was given for it (where the caller may read it), else its number.
    const target = fd?.ref ? entityByName(fd.ref) : undefined;
    const title = (x: unknown) => {
      const known = typeof x === 'number' && fd?.ref ? titles[fd.ref]?.[x] : undefined;
      return known ? shownTitle(target, known, t, f) : typeof x === 'number' && fd?.ref ? `#${x}` : String(x);
    };
    if (fd?.kind === 'ref' && typeof v === 'number') return title(v);
    if (Array.isArray(v) && v.every((x) => typeof x !== 'object')) return v.map(fd?.kind === 'refs' ? title : String).join(', ');
    if (typeof v === 'object') return JSON.stringify(v).slice(0, 300);
    return String(v).slice(0, 300);
  };
}

export function ChangeList({ def, changes, titles = {}, id }: { def: EntityDef | undefined; changes: Record<string, unknown> | null; titles?: RefTitles; id: string }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('screens');
  const show = useShow(def, titles);
  const lines = changesOf(def, changes);
  const label = (field: string) => (def?.fields[field] ? t(`${def.name}.fields.${field}`, { ns: 'entities' }) : field);
  return (
    <div id={id} className="log-changes">
      {lines.length === 0 ? <p className="muted">{ts('fmclogs.noChanges')}</p> : (
        <dl>
          {lines.map((l) => (
            <div key={l.field}>
              <dt>{label(l.field)}</dt>
              <dd>{l.old !== undefined ? <><del>{show(l.field, l.old)}</del> → <ins>{show(l.field, l.value)}</ins></> : show(l.field, l.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
