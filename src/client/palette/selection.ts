const ACTIVE = 'aria-activedescendant';
const LINE = '[data-palette-item]';
const GROUP = '[data-palette-group]';

/** A key that moves the selection: arrows (Alt and Meta ones too), Home, End, Ctrl+N/P/J/K. */
export const movesSelection = (e: { key: string; ctrlKey: boolean }) =>
  e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Home' || e.key === 'End' || (e.ctrlKey && 'njpk'.includes(e.key));

/**
 * The selected line of the palette's listbox, kept in the DOM rather than in React: the line whose value the palette
 * asks for when it is listed, else the first line. Marking it sets two attributes on two lines and points the box and
 * the list at it (aria-activedescendant); no line renders for it, so a key that changes the selection renders none.
 * It is marked after each commit of the palette and, through a MutationObserver, after a line alone came or went (a
 * microtask: after React's commit, before the frame is painted).
 */
export class SelectedLine {
  /** The value the palette asks for ('' for the first line). */
  wanted = '';
  /** A key moved the selection: the line it selects is scrolled into view (its group's heading too, when first). */
  moved = false;
  private line: HTMLElement | null = null;
  private root: HTMLElement | null = null;

  /** Watches `root`'s lines; returns the unwatch. */
  watch(root: HTMLElement): () => void {
    this.root = root;
    this.mark();
    const observer = new MutationObserver(() => this.mark());
    observer.observe(root, { subtree: true, childList: true });
    return () => { observer.disconnect(); this.root = null; };
  }

  /** The line selected now, if any. */
  current(): HTMLElement | null {
    return this.line?.isConnected ? this.line : null;
  }

  /** The lines in the order listed. */
  lines(): HTMLElement[] {
    return this.root ? [...this.root.querySelectorAll<HTMLElement>(LINE)] : [];
  }

  /** The line `step` lines on from the selected one (past the last back to the first, and the other way). */
  next(step: 1 | -1): HTMLElement | undefined {
    const lines = this.lines();
    if (!lines.length) return undefined;
    const at = lines.indexOf(this.current()!);
    return lines[(at + step + lines.length) % lines.length] ?? lines[0];
  }

  /** The first line of the next (or previous) group with lines, else the next line. */
  nextGroup(step: 1 | -1): HTMLElement | undefined {
    const group = this.current()?.closest(GROUP);
    const groups = this.root ? [...this.root.querySelectorAll(GROUP)] : [];
    for (let i = groups.indexOf(group!) + step; group && i >= 0 && i < groups.length; i += step) {
      const first = groups[i].querySelector<HTMLElement>(LINE);
      if (first) return first;
    }
    return this.next(step);
  }

  mark() {
    const root = this.root;
    if (!root) return;
    const lines = root.querySelectorAll<HTMLElement>(LINE);
    let line: HTMLElement | null = null;
    if (this.wanted) for (const l of lines) if (l.dataset.value === this.wanted) { line = l; break; }
    line ??= lines[0] ?? null;
    const before = this.current();
    if (line !== before) {
      before?.setAttribute('aria-selected', 'false');
      before?.setAttribute('data-selected', 'false');
      line?.setAttribute('aria-selected', 'true');
      line?.setAttribute('data-selected', 'true');
      this.line = line;
    }
    for (const el of root.querySelectorAll('[data-palette-input], [data-palette-list]')) {
      if (line && el.getAttribute(ACTIVE) !== line.id) el.setAttribute(ACTIVE, line.id);
      else if (!line && el.hasAttribute(ACTIVE)) el.removeAttribute(ACTIVE);
    }
    if (line && this.moved) {
      this.moved = false;
      if (line.parentElement?.firstElementChild === line) line.closest(GROUP)?.querySelector('[data-palette-group-heading]')?.scrollIntoView({ block: 'nearest' });
      line.scrollIntoView({ block: 'nearest' });
    }
  }
}
