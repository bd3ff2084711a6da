import { createContext, useContext, useId, useLayoutEffect, useMemo, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { SelectionStore } from './selection';

/**
 * The palette's combobox and listbox (WAI-ARIA combobox with aria-activedescendant): the box keeps the focus, the
 * arrows (and Ctrl+N/P, Ctrl+J/K), Home and End move the selected line, Enter chooses it, a pointer moving over a line
 * selects it. It replaced cmdk, whose lines each registered with the list, read their own text and scrolled the
 * selection into view on every render (a forced layout a line): on every keystroke, more than a frame's budget with
 * 300 commands (issue 10). Here a line is a plain element with a value; what is listed is read from the DOM when a
 * key needs it, and only the lines whose selected state changes render again.
 *
 * The selection: the line whose value the palette asks for (`value`) when it is listed, else the first line.
 */
interface Ctx { store: SelectionStore; listId: string; inputId: string; labelId: string }
const PaletteContext = createContext<Ctx | null>(null);

function usePalette(): Ctx {
  const ctx = useContext(PaletteContext);
  if (!ctx) throw new Error('a palette part outside PaletteRoot');
  return ctx;
}

export function PaletteRoot({ label, value, onValueChange, onKeyDown, children }: {
  label: string;
  /** The line to select when listed (else the first). */
  value: string;
  /** The user moved the selection (keys or pointer) to this line. */
  onValueChange: (value: string) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void;
  children: ReactNode;
}) {
  const store = useMemo(() => new SelectionStore(), []);
  const [listId, inputId, labelId] = [useId(), useId(), useId()];
  const ctx = useMemo(() => ({ store, listId, inputId, labelId }), [store, listId, inputId, labelId]);
  const changed = useRef(onValueChange);
  useLayoutEffect(() => { changed.current = onValueChange; });
  useLayoutEffect(() => { store.onUserSelect = (v) => changed.current(v); }, [store]);
  useLayoutEffect(() => { store.want(value); }, [store, value]);

  const move = (to: (i: number, n: number) => number) => {
    const lines = store.lines();
    if (!lines.length) return;
    const at = lines.findIndex((el) => el.dataset.value === store.value);
    const next = lines[to(at, lines.length)];
    if (!next?.dataset.value) return;
    store.userSelect(next.dataset.value);
    // The list scrolls to the line only when the user moves to it (no layout is forced while typing).
    next.scrollIntoView({ block: 'nearest' });
  };
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || e.nativeEvent.isComposing) return;
    const ctrl = e.ctrlKey && !e.metaKey && !e.altKey;
    const down = e.key === 'ArrowDown' || (ctrl && (e.key === 'n' || e.key === 'j'));
    const up = e.key === 'ArrowUp' || (ctrl && (e.key === 'p' || e.key === 'k'));
    if (down) move((i, n) => (i + 1) % n);
    else if (up) move((i, n) => (i <= 0 ? n - 1 : i - 1));
    else if (e.key === 'Home') move(() => 0);
    else if (e.key === 'End') move((_i, n) => n - 1);
    else if (e.key === 'Enter') store.selected()?.click();
    else return;
    e.preventDefault();
  };
  return (
    <PaletteContext.Provider value={ctx}>
      <div data-palette-root="" tabIndex={-1} onKeyDown={keyDown}>
        <label htmlFor={inputId} id={labelId} className="sr-only">{label}</label>
        {children}
      </div>
    </PaletteContext.Provider>
  );
}

export function PaletteInput({ value, onValueChange, placeholder }: { value: string; onValueChange: (v: string) => void; placeholder: string }) {
  const { store, listId, inputId, labelId } = usePalette();
  const active = useSyncExternalStore(store.subscribe, store.selectedId);
  return (
    <input data-palette-input="" id={inputId} type="text" role="combobox" aria-autocomplete="list" aria-expanded aria-controls={listId}
      aria-labelledby={labelId} aria-activedescendant={active} autoComplete="off" autoCorrect="off" spellCheck={false}
      value={value} placeholder={placeholder} onChange={(e) => onValueChange(e.target.value)} />
  );
}

/** `busy`: not all its options are rendered yet (aria-busy: assistive technology waits; so do the browser tests). */
export function PaletteList({ children, busy }: { children: ReactNode; busy?: boolean }) {
  const { store, listId, labelId } = usePalette();
  const active = useSyncExternalStore(store.subscribe, store.selectedId);
  return (
    <div data-palette-list="" role="listbox" tabIndex={-1} id={listId} aria-labelledby={labelId} aria-activedescendant={active}
      aria-busy={busy || undefined} ref={(el) => { store.list = el; }}>
      {children}
    </div>
  );
}

export function PaletteGroup({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <div data-palette-group="" role="presentation">
      <div data-palette-group-heading="" aria-hidden id={headingId}>{heading}</div>
      <div role="group" aria-labelledby={headingId}>{children}</div>
    </div>
  );
}

/** One line. `onSelect` runs on Enter while it is selected, and on a click. */
export function PaletteItem({ value, onSelect, children }: { value: string; onSelect: () => void; children: ReactNode }) {
  const { store } = usePalette();
  const id = useId();
  const selected = useSyncExternalStore(store.subscribe, () => store.value === value);
  // Listed or gone: the selection is checked again once, before the frame is painted.
  useLayoutEffect(() => { store.linesChanged(); return () => store.linesChanged(); }, [store]);
  return (
    <div data-palette-item="" id={id} role="option" aria-selected={selected} data-selected={selected} data-value={value}
      onPointerMove={() => { if (!selected) store.userSelect(value); }} onClick={onSelect}>
      {children}
    </div>
  );
}

/** Under the list: a search under way. */
export function PaletteLoading({ label, children }: { label: string; children: ReactNode }) {
  return <div data-palette-loading="" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100}><div aria-hidden>{children}</div></div>;
}

/** In the list, when it has nothing to list. */
export function PaletteEmpty({ children }: { children: ReactNode }) {
  return <div data-palette-empty="" role="presentation">{children}</div>;
}
