import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, canPickFrom, getEntity, MIN_BLIND_PICK } from '../../registry';
import { entities } from '../api/entities';
import { useRead } from '../api/use-read';
import { rank } from '../text/rank';
import { currentRole } from '../state/session';
import { useFormat } from '../i18n/format';
import { usePickerOptions } from './use-picker-options';
import { shownSubtitle, shownTitle } from '../i18n/shown-text';

interface Props {
  inputId: string;
  target: string;
  many: boolean;
  value: unknown;
  onChange: (v: unknown) => void;
  onBlur?: () => void;
  /** Labels the record already carries (`_labels`), so nothing is fetched per value. */
  initialLabels?: string | string[] | null;
  label: string;
  autoFocus?: boolean;
  invalid?: boolean;
  /** The record picked, with its title as shown (a screen that names it afterwards: "Booked … for Asha Rao"). */
  onPicked?: (id: number, title: string) => void;
  /** Only the users the record may be given (FieldDef.assigned): the field (`supportTicket.assignee`) and the record's centre. */
  given?: { for: string; centre: number | null };
  /** The id of a line saying why the value cannot be changed: the picker is then disabled, showing its value only. */
  fixedBy?: string;
}

/** A searchable select of records of another entity (a combobox, keyboard first), single or many. */
export function RefSelect({ inputId, target, many, value, onChange, onBlur, initialLabels, label, autoFocus, invalid, onPicked, given, fixedBy }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const def = getEntity(target);
  // A title as the screen writes its values (a slot's day in the user's order); searching still reads the stored text.
  const titleText = (title: string) => shownTitle(def, title, t, f);
  const ids: number[] = many ? ((value as number[]) ?? []).map(Number) : value === '' || value === null || value === undefined ? [] : [Number(value)];
  const [labels, setLabels] = useState<Map<number, string>>(() => {
    const m = new Map<number, string>();
    const l = initialLabels;
    ids.forEach((id, i) => { const v = Array.isArray(l) ? l[i] : l; if (v) m.set(id, v); });
    return m;
  });
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  // A single value stays in the box while it has the focus (selected: typing replaces it, Tab keeps it): a form whose
  // first field is this one no longer opens looking empty. Typing, or a pick, ends it.
  const [showing, setShowing] = useState(false);
  // The highlighted option by record, not by position: when the server's answer replaces the list, the
  // record the user arrowed to stays highlighted (or the first one is, if it is gone).
  const [activeId, setActiveId] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Focused as a dialog opens, the picker waits to be asked (a key, a tap) before it lists: in a dialog the list takes
  // its place in the flow (styles.css), and one that opened by itself and filled when the server answered would push
  // the dialog's buttons down from under a finger already on its way to one (Cancel tapped, an option picked instead).
  // Elsewhere the list lies over the page and moves nothing: it opens at once.
  const quietFocus = useRef(autoFocus === true);
  // A role that may not list the target picks blind: titles only, after MIN_BLIND_PICK typed characters, never by ids.
  const blind = !can(currentRole(), target, 'list');
  const minChars = blind ? MIN_BLIND_PICK : 0;
  const options = usePickerOptions(def, query, open && canPickFrom(currentRole(), target), minChars, given);

  // Values whose labels are unknown (set by a reset) are looked up together; a blind picker shows their numbers.
  const missing = ids.filter((id) => !labels.has(id));
  const lookup = useRead(missing.length && !blind ? entities.options(def, { ids: missing }) : null);
  const storedLabel = (id: number) => labels.get(id) ?? lookup.data?.find((o) => o.id === id)?.title;
  const labelOf = (id: number) => {
    const stored = storedLabel(id);
    return stored !== undefined ? titleText(stored) : lookup.loading ? undefined : `#${id}`;
  };

  const pick = (id: number, title: string) => {
    setLabels((m) => new Map(m).set(id, title));
    if (many) onChange(ids.includes(id) ? ids : [...ids, id]);
    else { onChange(id); setOpen(false); }
    setQuery('');
    setShowing(false);
    onPicked?.(id, titleText(title));
  };
  const remove = (id: number) => onChange(many ? ids.filter((x) => x !== id) : null);
  const listId = `${inputId}-list`;
  // Until the server answers for what is typed now, the last answer is narrowed here, so Enter never picks a stale row.
  const items = rank(options.items, query, (o) => [o.title, o.subtitle]);
  const active = Math.max(0, items.findIndex((o) => o.id === activeId));
  const moveBy = (step: number) => setActiveId((cur) => {
    const at = Math.max(0, items.findIndex((o) => o.id === cur));
    return items[Math.min(Math.max(at + step, 0), items.length - 1)]?.id ?? null;
  });

  const activeOptionId = open && items[active] ? `${listId}-${items[active].id}` : undefined;
  // The highlighted option stays in sight as the arrows move it through a list longer than its box.
  useEffect(() => { if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' }); }, [activeOptionId]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); moveBy(1); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); moveBy(-1); }
    // Enter on the value shown, no option chosen by the arrows: the value stays (not the first option's).
    else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && showing && open && activeId === null) { e.preventDefault(); setOpen(false); }
    else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && open && (items[active] || query)) { e.preventDefault(); if (items[active]) pick(items[active].id, items[active].title); }
    else if (e.key === 'Escape' && open) { e.stopPropagation(); setOpen(false); }
    else if (e.key === 'Backspace' && !query && !showing && ids.length) { remove(ids[ids.length - 1]); }
  };

  // Selected as it shows, before anything typed meanwhile is put in (ui/type-ahead.ts): that replaces it.
  const label0 = !many && ids.length ? labelOf(ids[0]) : undefined;
  useLayoutEffect(() => {
    if (showing && document.activeElement === inputRef.current) inputRef.current?.select();
  }, [showing, label0]);
  const shown = !many && ids.length && (!open || showing) ? (labelOf(ids[0]) ?? '') : query;
  // A picker that cannot be changed shows its value, or nothing: never an invitation to type.
  const invitation = fixedBy ? undefined : t('form.selectSearch', { name: label });
  return (
    <div className="combo">
      {many && ids.length > 0 && (
        <div className="chips">
          {ids.map((id) => (
            <span className="chip" key={id}>{labelOf(id) ?? `#${id}`}
              <button type="button" aria-label={`${t('form.removeItem')} ${labelOf(id) ?? id}`} onClick={() => { remove(id); inputRef.current?.focus(); }}>✕</button>
            </span>
          ))}
        </div>
      )}
      <input id={inputId} ref={inputRef} className="input" type="text" role="combobox" autoComplete="off" autoFocus={autoFocus}
        aria-expanded={open} aria-controls={listId} aria-autocomplete="list" aria-invalid={invalid || undefined}
        aria-activedescendant={activeOptionId} disabled={fixedBy ? true : undefined} aria-describedby={fixedBy}
        placeholder={invitation} value={shown}
        onFocus={(e) => {
          const quiet = quietFocus.current && e.currentTarget.closest('.dialog .body') !== null;
          quietFocus.current = false;
          if (!quiet) setOpen(true);
          setActiveId(null);
          if (!many && ids.length) setShowing(true);
        }}
        onBlur={() => { setTimeout(() => { setOpen(false); setShowing(false); }, 150); onBlur?.(); }}
        onChange={(e) => { setShowing(false); setQuery(e.target.value); setOpen(true); setActiveId(null); if (!many && ids.length && !e.target.value) onChange(null); }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown} />
      {open && (
        <ul className="combo-list" id={listId} role="listbox" aria-label={label}>
          {options.error && <li aria-disabled>{t('form.selectLoadFailed')}: {options.error}</li>}
          {[...query.trim()].length < minChars
            ? <li aria-disabled>{t('form.selectTypeMore', { count: minChars })}</li>
            : !options.loading && !options.error && items.length === 0 && <li aria-disabled>{t('form.selectNoMatch')}</li>}
          {items.map((o, i) => (
            <li key={o.id} id={`${listId}-${o.id}`} role="option" aria-selected={i === active}
              onMouseDown={(e) => { e.preventDefault(); pick(o.id, o.title); }}>
              {titleText(o.title)}{o.subtitle && <span className="hint"> · {shownSubtitle(def, o.subtitle, f)}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
