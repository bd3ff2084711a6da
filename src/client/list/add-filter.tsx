import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../registry';
import { useSnapshot } from 'valtio';
import { DEFAULT_KEYMAP, isSingleKey } from '../../../commands';
import { currentRole } from '../state/session';
import { prefs } from '../state/prefs';
import { Combo } from '../ui/combo';
import { ChoiceList } from '../form/choice-list';
import { filterFieldsFor } from './filter-values';
import { FilterValueEditor } from './filter-value-editors';
import './add-filter.css';

export interface AddFilterHandle {
  /** Opens "Add filter" on its fields, or on one field's value (a chip opened to change it). */
  open: (field?: string) => void;
  /** Puts the focus on the button (the last chip was removed: the focus stays in the toolbar). */
  focus: () => void;
}

/**
 * The list toolbar's "Filter" button (`f` from the keymap): a small dialog that asks for a field, then its value,
 * each step a box typed into and moved through with the arrows, Enter to choose. The fields are those the registry
 * lets the role filter by (filter-values.ts); the value's editor is the field kind's (filter-value-editors.tsx). The
 * filter goes into the address; Esc closes and the focus goes back to where it was when the dialog opened.
 */
export function AddFilter({ handle, def, fixed, filters, onApply, onDone }: {
  handle: Ref<AddFilterHandle>;
  def: EntityDef;
  fixed: Record<string, string>;
  filters: Record<string, string>;
  onApply: (field: string, value: string) => void;
  /** After a filter was applied: the list takes the focus back, with its rows filtered. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [field, setField] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pop = useRef<HTMLDivElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);
  const fields = filterFieldsFor(def, currentRole(), fixed);
  const label = (f: string) => t(`${def.name}.fields.${f}`, { ns: 'entities' });
  // Its key as the user has it (rebound, unbound, or single keys turned off), for the hint and screen readers.
  const p = useSnapshot(prefs);
  const combo = (p.keymap as Record<string, string>)['list.addFilter'] ?? DEFAULT_KEYMAP['list.addFilter'];
  const key = combo && (p.singleKeyShortcuts || !isSingleKey(combo)) ? combo : '';

  const show = (at?: string) => {
    cameFrom.current = document.activeElement instanceof HTMLElement && !pop.current?.contains(document.activeElement) ? document.activeElement : button.current;
    setField(at && fields.some((f) => f.field === at) ? at : null);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    setField(null);
    if (refocus) (cameFrom.current?.isConnected ? cameFrom.current : button.current)?.focus();
  };
  useImperativeHandle(handle, () => ({ open: show, focus: () => button.current?.focus() }));

  // A click elsewhere closes it, leaving the focus where the click put it.
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!pop.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const apply = (value: string) => {
    const at = field!;
    close(false);
    onApply(at, value);
    onDone();
  };
  const chosen = fields.find((f) => f.field === field);
  if (!fields.length) return null;

  return (
    <div className="add-filter">
      <button ref={button} type="button" className="btn" aria-haspopup="dialog" aria-expanded={open} aria-controls={open ? 'add-filter' : undefined}
        aria-keyshortcuts={key || undefined} onClick={() => (open ? close(false) : show())}>
        + {t('filters.add')}{key && <span className="key-hint" aria-hidden> <Combo combo={key} /></span>}
      </button>
      {open && (
        <div ref={pop} id="add-filter" role="dialog" aria-labelledby="add-filter-title" className="add-filter-pop"
          onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(true); } }}
          // Tab out of it (to the list, the chips) closes it: an open dialog would keep the list's shortcuts from working.
          onBlur={(e) => { const to = e.relatedTarget as Node | null; if (to && !pop.current?.contains(to) && to !== button.current) close(false); }}>
          {chosen ? (
            <>
              <div className="add-filter-head">
                <button type="button" className="btn-icon" aria-label={t('filters.back')} title={t('filters.back')} onClick={() => setField(null)}>←</button>
                <h2 id="add-filter-title">{t('filters.valueTitle', { name: label(chosen.field) })}</h2>
              </div>
              <FilterValueEditor key={chosen.field} def={def} field={chosen.field} kind={chosen.kind} current={filters[chosen.field]}
                name={label(chosen.field)} onApply={apply} />
            </>
          ) : (
            <>
              <h2 id="add-filter-title">{t('filters.title')}</h2>
              <ChoiceList id="add-filter-field" label={t('filters.field')} placeholder={t('filters.fieldPlaceholder')} noMatch={t('filters.noMatch')}
                choices={fields.map((f) => ({ value: f.field, label: label(f.field) }))} onPick={setField} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
