import { Command } from 'cmdk';
import { createContext, useContext, useLayoutEffect, useMemo, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { movesSelection, SelectedLine } from './selection';

/**
 * The palette's combobox and listbox, on cmdk (WAI-ARIA combobox with aria-activedescendant): the box keeps the
 * focus, the arrows (and Ctrl+N/P, Ctrl+J/K), Home and End move the selected line, past the last back to the first,
 * Enter chooses it, a pointer moving over a line selects it.
 *
 * How cmdk is used, so that a keystroke is painted within a frame:
 *  - `shouldFilter={false}` and a filter that scores nothing: the palette ranks (rank.ts, results.ts); cmdk neither
 *    scores nor sorts, and never moves a line in the DOM;
 *  - every line has its `value` (its key), so cmdk never reads a line's text;
 *  - the palette mounts only the lines it shows, memoised (palette.tsx): a key renders the lines that changed and the
 *    two whose selection changed.
 * The parts keep the palette's own data-palette-* names (styles.css and the browser tests use them).
 *
 * The selection: the line whose value the palette asks for (`value`), else the first line; a user's move (keys,
 * pointer) is told through `onValueChange`. The lines cmdk selects on its own (the first, when the selected line goes)
 * are not: the palette's choice stands. selection.ts makes up for what cmdk gets wrong with a controlled value.
 */
const ListLabel = createContext('');

/** Every line counts as a match: what is listed is what the palette ranked. */
const unscored = () => 1;

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
  const first = useSyncExternalStore(selection.subscribe, selection.first);
  const wanted = useRef(value);
  useLayoutEffect(() => { wanted.current = value; });
  useLayoutEffect(() => selection.watch(root.current!, () => wanted.current === ''), [selection]);
  // While a key or pointer event is handled, a change of cmdk's value is the user's; any other is cmdk's own.
  const byUser = useRef(false);
  const userEvent = () => {
    byUser.current = true;
    queueMicrotask(() => { byUser.current = false; });
  };
  return (
    <ListLabel.Provider value={label}>
      <Command ref={root} data-palette-root="" label={label} shouldFilter={false} filter={unscored} loop value={value || first}
        onValueChange={(v) => { if (byUser.current) onValueChange(v); }}
        onKeyDown={(e) => {
          userEvent();
          selection.moved = movesSelection(e);
          onKeyDown?.(e);
        }}
        onPointerMoveCapture={userEvent} onClickCapture={userEvent}>
        {children}
      </Command>
    </ListLabel.Provider>
  );
}

export function PaletteInput({ value, onValueChange, placeholder }: { value: string; onValueChange: (v: string) => void; placeholder: string }) {
  return <Command.Input data-palette-input="" value={value} onValueChange={onValueChange} placeholder={placeholder} />;
}

/** `busy`: not all its options are rendered yet (aria-busy: assistive technology waits; so do the browser tests). */
export function PaletteList({ children, busy }: { children: ReactNode; busy?: boolean }) {
  const label = useContext(ListLabel);
  return <Command.List data-palette-list="" label={label} aria-busy={busy || undefined}>{children}</Command.List>;
}

/** A group of lines under its heading (its `value`: cmdk would otherwise read the heading's text on each render). */
export function PaletteGroup({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Command.Group data-palette-group="" value={heading} heading={<span data-palette-group-heading="">{heading}</span>}>
      {children}
    </Command.Group>
  );
}

/**
 * One line. `onSelect` runs on Enter while it is selected, and on a click. `address`: where it goes, when it goes
 * somewhere (a list, a record): Ctrl+Enter opens it in a new tab, Ctrl+C copies it (palette-keys.ts).
 */
export function PaletteItem({ value, onSelect, address, children }: { value: string; onSelect: () => void; address?: string; children: ReactNode }) {
  return <Command.Item data-palette-item="" data-address={address} value={value} onSelect={onSelect}>{children}</Command.Item>;
}

/** Under the list: a search under way. */
export function PaletteLoading({ label, children }: { label: string; children: ReactNode }) {
  return <Command.Loading data-palette-loading="" label={label}>{children}</Command.Loading>;
}

/** In the list, when it has nothing to list. */
export function PaletteEmpty({ children }: { children: ReactNode }) {
  return <Command.Empty data-palette-empty="">{children}</Command.Empty>;
}
