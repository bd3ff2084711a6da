import { createContext, useContext, useId, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { movesSelection, SelectedLine } from './selection';

/**
 * The palette's combobox and listbox (WAI-ARIA combobox with aria-activedescendant): the box keeps the focus, the
 * arrows (and Ctrl+N/P, Ctrl+J/K; Alt to the next group, Meta to an end), Home and End move the selected line, past
 * the last back to the first, Enter chooses it, a pointer moving over a line selects it.
 *
 * Ours rather than cmdk's: the palette ranks and lists itself (rank.ts, results.ts), and cmdk's part was a store every
 * line registered with, two subscriptions and two layout effects a line and its root rendered again as lines came:
 * 6-10 ms of a keystroke's script with a dozen lines (bench/palette-figures.md). Here a line is a plain element, the
 * selection lives in the DOM (selection.ts), and a key that moves it renders nothing. The parts keep the palette's
 * data-palette-* names (styles.css and the browser tests use them).
 *
 * The selection: the line whose value the palette asks for (`value`), else the first line; a user's move (keys,
 * pointer) is told through `onValueChange`.
 */
interface Listbox { label: string; ids: { list: string; input: string; label: string }; select: (line: HTMLElement) => void; chosen: WeakMap<Element, () => void> }
const ListboxContext = createContext<Listbox | null>(null);
const useListbox = () => useContext(ListboxContext)!;

export function PaletteRoot({ label, value, onValueChange, onKeyDown, children }: {
  label: string;
  /** The line to select (when listed); '' for the first line, which then follows the lines as they change. */
  value: string;
  /** The user moved the selection (keys or pointer) to this line. */
  onValueChange: (value: string) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const selection = useMemo(() => new SelectedLine(), []);
  const id = useId();
  const told = useRef(onValueChange);
  useLayoutEffect(() => { told.current = onValueChange; });
  const listbox = useMemo((): Listbox => ({
    label,
    ids: { list: `${id}list`, input: `${id}input`, label: `${id}label` },
    select: (line) => {
      const v = line.dataset.value ?? '';
      if (line === selection.current()) return;
      selection.wanted = v;
      selection.mark();
      told.current(v);
    },
    chosen: new WeakMap(),
  }), [label, id, selection]);
  // Before the lines are painted, after every commit of the palette (its value may have changed).
  useLayoutEffect(() => { selection.wanted = value; selection.mark(); });
  useLayoutEffect(() => selection.watch(root.current!), [selection]);
  const move = (e: KeyboardEvent, to: HTMLElement | undefined) => {
    e.preventDefault();
    if (!to) return;
    selection.moved = true;
    listbox.select(to);
    selection.mark();
  };
  return (
    <ListboxContext.Provider value={listbox}>
      <div ref={root} data-palette-root="" tabIndex={-1} onKeyDown={(e) => {
        onKeyDown?.(e);
        if (e.defaultPrevented || e.nativeEvent.isComposing || e.keyCode === 229) return;
        const lines = () => selection.lines();
        const down = e.key === 'ArrowDown' || (e.ctrlKey && (e.key === 'n' || e.key === 'j'));
        const up = e.key === 'ArrowUp' || (e.ctrlKey && (e.key === 'p' || e.key === 'k'));
        if (!movesSelection(e) && e.key !== 'Enter') return;
        if (down) move(e, e.metaKey ? lines().at(-1) : e.altKey ? selection.nextGroup(1) : selection.next(1));
        else if (up) move(e, e.metaKey ? lines()[0] : e.altKey ? selection.nextGroup(-1) : selection.next(-1));
        else if (e.key === 'Home') move(e, lines()[0]);
        else if (e.key === 'End') move(e, lines().at(-1));
        else if (e.key === 'Enter') {
          e.preventDefault();
          const line = selection.current();
          if (line) listbox.chosen.get(line)?.();
        }
      }}>
        <label htmlFor={listbox.ids.input} id={listbox.ids.label} className="sr-only">{label}</label>
        {children}
      </div>
    </ListboxContext.Provider>
  );
}

export function PaletteInput({ value, onValueChange, placeholder }: { value: string; onValueChange: (v: string) => void; placeholder: string }) {
  const { ids } = useListbox();
  return (
    <input data-palette-input="" id={ids.input} type="text" role="combobox" aria-autocomplete="list" aria-expanded="true" aria-controls={ids.list}
      aria-labelledby={ids.label} autoComplete="off" autoCorrect="off" spellCheck={false}
      value={value} onChange={(e) => onValueChange(e.target.value)} placeholder={placeholder} />
  );
}

/** `busy`: not all its options are rendered yet (aria-busy: assistive technology waits; so do the browser tests). */
export function PaletteList({ children, busy }: { children: ReactNode; busy?: boolean }) {
  const { label, ids } = useListbox();
  return <div data-palette-list="" id={ids.list} role="listbox" tabIndex={-1} aria-label={label} aria-busy={busy || undefined}>{children}</div>;
}

/** A group of lines under its heading (a group of options named by it; the heading itself is not read twice). */
export function PaletteGroup({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <div data-palette-group="" role="presentation">
      <div data-palette-group-heading="" aria-hidden="true" id={id}>{heading}</div>
      <div role="group" aria-labelledby={id}>{children}</div>
    </div>
  );
}

/**
 * One line. `onSelect` runs on Enter while it is selected, and on a click. `address`: where it goes, when it goes
 * somewhere (a list, a record): Ctrl+Enter opens it in a new tab, Ctrl+C copies it (palette-keys.ts).
 */
export function PaletteItem({ value, onSelect, address, children }: { value: string; onSelect: () => void; address?: string; children: ReactNode }) {
  const { select, chosen } = useListbox();
  const id = useId();
  return (
    <div data-palette-item="" data-address={address} data-value={value} id={id} role="option" aria-selected="false" data-selected="false"
      ref={(el) => { if (el) chosen.set(el, onSelect); }}
      onPointerMove={(e) => select(e.currentTarget)} onClick={onSelect}>
      {children}
    </div>
  );
}

/** Under the list: a search under way. */
export function PaletteLoading({ label, children }: { label: string; children: ReactNode }) {
  return <div data-palette-loading="" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-label={label}><div aria-hidden="true">{children}</div></div>;
}

/** In the list, when it has nothing to list. */
export function PaletteEmpty({ children }: { children: ReactNode }) {
  return <div data-palette-empty="" role="presentation">{children}</div>;
}
