import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog: focus moves in on open and back out on close, Tab stays inside, Esc closes.
 * Every dialog of the console (forms, palette, confirmations, the shortcut sheet) is one of these.
 */
export function Modal({ title, onClose, children, className = '', labelledBy, hideHeader = false }: {
  title: string; onClose: () => void; children: ReactNode; className?: string; labelledBy?: string; hideHeader?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('[autofocus], input, select, textarea, button:not([data-close])');
    first?.focus();
    return () => previous?.focus?.();
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
    if (e.key === 'Tab' && ref.current) {
      const items = [...ref.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])')];
      if (!items.length) return;
      const [first, last] = [items[0], items[items.length - 1]];
      if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
      else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
    }
  };
  return (
    <div className="backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div ref={ref} className={`dialog ${className}`} role="dialog" aria-modal="true" aria-label={labelledBy ? undefined : title} aria-labelledby={labelledBy} onKeyDown={onKeyDown}>
        {!hideHeader && (
          <header>
            <h2 id={labelledBy}>{title}</h2>
            <button className="btn-icon" data-close aria-label="Close" onClick={onClose}>✕</button>
          </header>
        )}
        {children}
      </div>
    </div>
  );
}
