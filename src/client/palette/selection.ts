/**
 * Which palette line is selected, outside React: a line subscribes to whether it is the one (useSyncExternalStore),
 * so a change renders the two lines concerned and the box's aria-activedescendant, not the list.
 *
 * The lines listed are read from the list's DOM, in order, when needed (a key, or once after lines come and go):
 * querySelectorAll and dataset force no layout.
 */
export class SelectionStore {
  /** The value of the selected line ('' when nothing is listed). */
  value = '';
  list: HTMLElement | null = null;
  private wanted = '';
  private listeners = new Set<() => void>();
  private checkQueued = false;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  };

  /** The id of the selected line's element, for aria-activedescendant. */
  selectedId = (): string | undefined => this.selected()?.id;

  lines(): HTMLElement[] {
    return this.list ? [...this.list.querySelectorAll<HTMLElement>('[data-palette-item]')] : [];
  }

  selected(): HTMLElement | undefined {
    return this.lines().find((el) => el.dataset.value === this.value);
  }

  /** Told when the user moves the selection (keys, pointer): the palette then stops following the best match. */
  onUserSelect: (value: string) => void = () => {};

  /** The user moved to this line. */
  userSelect(value: string) {
    this.wanted = value;
    this.select(value);
    this.onUserSelect(value);
  }

  select(value: string) {
    if (value === this.value) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  }

  /** The palette asks for this line (the best match, or the user's choice): selected when listed, else the first. */
  want(value: string) {
    this.wanted = value;
    this.check();
  }

  /** Lines were listed or removed: checked once after the current commit (many lines mount together). */
  linesChanged() {
    if (this.checkQueued) return;
    this.checkQueued = true;
    queueMicrotask(() => { this.checkQueued = false; this.check(); });
  }

  private check() {
    const lines = this.lines();
    const has = (v: string) => v !== '' && lines.some((el) => el.dataset.value === v);
    const value = has(this.wanted) ? this.wanted : (lines[0]?.dataset.value ?? '');
    if (value !== this.value) this.select(value);
    // The same value may now be another element (another id): the box's aria-activedescendant looks again. A line
    // renders again only if its own answer (selected or not) changed.
    else for (const listener of this.listeners) listener();
  }
}
