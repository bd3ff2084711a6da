/**
 * Keys that continue a sequence (`g` then `f`: go to centres) belong to it: the single-key shortcut of the same key
 * (`f`, Add filter) must not run as well. The bindings are independent listeners (react-hotkeys-hook), so this
 * watcher, listening first, marks the keydowns that continue a sequence of the keymap typed so far; single-key
 * bindings skip a marked one. A pause as long as the library's sequence timeout ends a sequence.
 */
export const SEQUENCE_TIMEOUT_MS = 1000;

export class SequenceWatcher {
  private typed: string[] = [];
  private at = 0;
  constructor(private readonly sequences: readonly string[][]) {}

  /** Reads one key (as KeyboardEvent.key, lower-cased, no modifier): whether it continues a sequence begun before it. */
  continues(key: string, now: number): boolean {
    if (now - this.at > SEQUENCE_TIMEOUT_MS) this.typed = [];
    this.at = now;
    const next = [...this.typed, key];
    const prefixOf = (s: string[], p: string[]) => p.length <= s.length && p.every((k, i) => s[i] === k);
    const inside = this.typed.length > 0 && this.sequences.some((s) => prefixOf(s, next));
    // Still short of a whole sequence: keep it; else start again from this key, if a sequence starts with it.
    this.typed = inside && this.sequences.some((s) => s.length > next.length && prefixOf(s, next)) ? next
      : this.sequences.some((s) => s.length > 1 && s[0] === key) ? [key] : [];
    return inside;
  }
}

const continuing = new WeakSet<Event>();

/** Whether a keydown continued a sequence of the keymap (a single-key binding then leaves it alone). */
export const continuesSequence = (e: Event) => continuing.has(e);

/** Watches the keydowns for the keymap's sequences (`g a c`), before the bindings hear them; returns the unwatch. */
export function watchSequences(combos: readonly string[]): () => void {
  const watcher = new SequenceWatcher(combos.filter((c) => c.includes(' ')).map((c) => c.split(' ')));
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    if (watcher.continues(e.key.toLowerCase(), performance.now())) continuing.add(e);
  };
  window.addEventListener('keydown', onKey, true);
  return () => window.removeEventListener('keydown', onKey, true);
}
