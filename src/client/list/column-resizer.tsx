import { useRef } from 'react';

/** The keys that resize the column whose header has the focus: Shift and the arrows, a step at a time. */
export const RESIZE_KEYS = 'Shift+ArrowLeft Shift+ArrowRight';
const STEP = 10;

/**
 * A key pressed on a column's header (its sort button, or the header itself): Shift+← narrower, Shift+→ wider. The
 * handle is out of the Tab order, so each column is one stop, and this is how the keyboard resizes it. True when the
 * key was one of these.
 */
export function resizeByKey(e: React.KeyboardEvent, width: number, min: number, max: number, onResize: (width: number, done: boolean) => void): boolean {
  if (!e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return false;
  const to = ({ ArrowLeft: width - STEP, ArrowRight: width + STEP } as Record<string, number>)[e.key];
  if (to === undefined) return false;
  e.preventDefault();
  onResize(Math.max(min, Math.min(max, to)), true);
  return true;
}

/**
 * The handle on a list header's right edge: drag it to make the column narrower or wider; a double click gives the
 * column back its width from its field kind. A separator with its value (ARIA's window splitter), named after its
 * column, so a screen reader says what it resizes and how wide it is. Not a Tab stop (the header beside it is one, and
 * takes Shift+arrows: resizeByKey); focused otherwise (a click), it still takes the arrows (Shift for bigger steps),
 * Home and End (narrowest, widest) and Enter (the width from its field kind).
 */
export function ColumnResizer({ label, width, min, max, onResize, onReset }: {
  label: string; width: number; min: number; max: number;
  /** A new width; `done` when the drag or key press has ended (then it is saved). */
  onResize: (width: number, done: boolean) => void;
  onReset: () => void;
}) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const end = (x: number) => {
    if (!drag.current) return;
    onResize(drag.current.width + x - drag.current.x, true);
    drag.current = null;
  };
  return (
    <div role="separator" aria-orientation="vertical" tabIndex={-1} className="col-resizer" aria-label={label} title={label}
      aria-valuenow={width} aria-valuemin={min} aria-valuemax={max}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault(); // no text selection while dragging
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { x: e.clientX, width };
      }}
      onPointerMove={(e) => { if (drag.current) onResize(drag.current.width + e.clientX - drag.current.x, false); }}
      onPointerUp={(e) => end(e.clientX)}
      onPointerCancel={(e) => end(e.clientX)}
      // The header's sort button sits beside the handle: a click on the handle sorts nothing.
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => { e.stopPropagation(); onReset(); }}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 50 : 10;
        const to = ({ ArrowLeft: width - step, ArrowRight: width + step, Home: min, End: max } as Record<string, number>)[e.key];
        if (to !== undefined) { e.preventDefault(); onResize(to, true); }
        else if (e.key === 'Enter') { e.preventDefault(); onReset(); }
      }}
    />
  );
}
