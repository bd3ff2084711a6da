import { useRef } from 'react';

/**
 * The handle on a list header's right edge: drag it, or focus it and press the arrows (Shift for bigger steps), to
 * make the column narrower or wider; Home and End go to the narrowest and widest; Enter or a double click gives the
 * column back its width from its field kind. A focusable separator with its value (ARIA's window splitter), named
 * after its column, so a screen reader says what it resizes and how wide it is.
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
    <div role="separator" aria-orientation="vertical" tabIndex={0} className="col-resizer" aria-label={label} title={label}
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
