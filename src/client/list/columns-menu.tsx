import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface ColumnsMenuHandle {
  /** Opens the menu with the focus on its first column (the palette's "Choose columns…"). */
  open: () => void;
}

/**
 * The list toolbar's "Columns" menu button: a menu of the list's columns, each a checkbox item (shown or hidden), and
 * "Reset columns" (every column shown at its kind's width). The keyboard of a menu button: Enter, Space or Down
 * opens it on the first item, the arrows, Home and End move, Space (or Enter) shows or hides the column, Esc closes
 * it and gives the focus back to the button, Tab closes it and moves on. The last column shown cannot be hidden.
 */
export function ColumnsMenu({ handle, columns, hidden, label, onToggle, onReset }: {
  handle: Ref<ColumnsMenuHandle>;
  columns: readonly string[];
  hidden: ReadonlySet<string>;
  label: (field: string) => string;
  onToggle: (field: string) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const count = columns.length + 1; // the columns, then Reset
  const shownCount = columns.filter((f) => !hidden.has(f)).length;

  const openAt = (i: number) => { setActive(i); setOpen(true); };
  const close = (focusButton: boolean) => { setOpen(false); if (focusButton) button.current?.focus(); };
  useImperativeHandle(handle, () => ({ open: () => openAt(0) }), []);

  // The active item takes the focus (roving focus: one item in the Tab order at a time).
  useEffect(() => { if (open) items.current[active]?.focus(); }, [open, active]);
  // A click anywhere else closes it, leaving the focus where the click put it.
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const act = (i: number) => {
    if (i < columns.length) onToggle(columns[i]);
    else { onReset(); close(true); }
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const move = ({ ArrowDown: (active + 1) % count, ArrowUp: (active - 1 + count) % count, Home: 0, End: count - 1 } as Record<string, number>)[e.key];
    if (move !== undefined) { e.preventDefault(); setActive(move); return; }
    if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); act(active); return; }
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(true); return; }
    if (e.key === 'Tab') setOpen(false);
  };

  return (
    <div className="columns-menu">
      <button ref={button} type="button" className="btn" aria-haspopup="menu" aria-expanded={open} aria-controls={open ? 'columns-menu' : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={(e) => { if (e.key === 'ArrowDown' || e.key === 'ArrowUp') { e.preventDefault(); openAt(e.key === 'ArrowDown' ? 0 : count - 1); } }}>
        {t('columns.button')}
      </button>
      {open && (
        <div ref={menu} id="columns-menu" role="menu" aria-label={t('columns.button')} className="columns-menu-list" onKeyDown={onKeyDown}>
          {columns.map((field, i) => {
            const shown = !hidden.has(field);
            const locked = shown && shownCount <= 1;
            return (
              <div key={field} ref={(el) => { items.current[i] = el; }} role="menuitemcheckbox" aria-checked={shown} aria-disabled={locked || undefined}
                tabIndex={i === active ? 0 : -1} className="columns-menu-item" title={locked ? t('columns.keepOne') : undefined}
                onClick={() => { setActive(i); act(i); }}>
                <span aria-hidden className="columns-menu-check">{shown ? '✓' : ''}</span>{label(field)}
              </div>
            );
          })}
          <div role="separator" className="columns-menu-sep" />
          <div ref={(el) => { items.current[columns.length] = el; }} role="menuitem" tabIndex={active === columns.length ? 0 : -1} className="columns-menu-item"
            onClick={() => act(columns.length)}>
            <span aria-hidden className="columns-menu-check" />{t('columns.reset')}
          </div>
        </div>
      )}
    </div>
  );
}
