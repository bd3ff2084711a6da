const ACTIVE = 'aria-activedescendant';

/** A key that moves cmdk's selection: arrows (Alt and Meta ones too), Home, End, Ctrl+N/P/J/K. */
export const movesSelection = (e: { key: string; ctrlKey: boolean }) =>
  e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Home' || e.key === 'End' || (e.ctrlKey && 'njpk'.includes(e.key));

/**
 * What the palette adds to cmdk's selection, read from the DOM cmdk renders. A MutationObserver on the palette looks
 * once after each change (a microtask: after React's commit, before the frame is painted):
 *  - aria-activedescendant: cmdk 1.1 works it out before its lines have rendered a selection the palette gave it
 *    (a controlled `value`), so it names the line selected before, a line gone, or none (dip/cmdk#413). The box and
 *    the list point at the line marked selected instead;
 *  - scrolling: for the same reason cmdk scrolls the line selected before into view. The line a key moved to is
 *    scrolled into view here, its group's heading too when it is the group's first line;
 *  - the first line, while the palette asks for none in particular (value ''): it follows the lines as they change
 *    (records arrive after the keystroke), where cmdk keeps a line selected for as long as it stays listed.
 */
export class SelectedLine {
  /** A key that moves the selection was pressed: the line it selects is scrolled into view. */
  moved = false;
  private firstValue = '';
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  };

  /** The value of the first line listed, while `followFirst` holds ('' otherwise, and when nothing is listed). */
  first = () => this.firstValue;

  watch(root: HTMLElement, followFirst: () => boolean): () => void {
    let last: HTMLElement | null = null;
    const look = () => {
      const line = root.querySelector<HTMLElement>('[cmdk-item][aria-selected="true"]');
      const id = line?.id;
      for (const el of root.querySelectorAll('[cmdk-input], [cmdk-list]')) {
        if (id && el.getAttribute(ACTIVE) !== id) el.setAttribute(ACTIVE, id);
        else if (!id && el.hasAttribute(ACTIVE)) el.removeAttribute(ACTIVE);
      }
      if (line && line !== last && this.moved) {
        this.moved = false;
        if (line.parentElement?.firstElementChild === line) line.closest('[cmdk-group]')?.querySelector('[cmdk-group-heading]')?.scrollIntoView({ block: 'nearest' });
        line.scrollIntoView({ block: 'nearest' });
      }
      last = line;
      const first = followFirst() ? root.querySelector('[cmdk-item]')?.getAttribute('data-value') ?? '' : '';
      if (first !== this.firstValue) {
        this.firstValue = first;
        for (const listener of this.listeners) listener();
      }
    };
    look();
    const observer = new MutationObserver(look);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected', ACTIVE] });
    return () => observer.disconnect();
  }
}
