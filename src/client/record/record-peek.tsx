import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../registry';
import { historyOf, PEEK_KEY } from '../../../commands';
import { entities, type Row } from '../api/entities';
import { useRead } from '../api/use-read';
import { currentRole } from '../state/session';
import { RecordBody } from './record-body';
import { useFormat } from '../i18n/format';
import { shownTitleOf } from '../i18n/shown-text';
import './record-peek.css';

/** What Tab stops at in the peek. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A list's peek (Space on a row): the record beside the list, as its details page shows it (record-body.tsx: moves,
 * fields, documents, status history), read again by the same call, so the role sees here what it sees there. The list
 * keeps the keyboard: j/k move its row and the peek follows, Space or Esc close it. Tab from the list reaches the
 * peek's buttons (before the list's header, which comes after the grid's own element in the page: the peek is what a
 * user tabs to from a row they peek at), and Shift+Tab from its first goes back to the list; Esc there closes it and
 * gives the focus back to the list (`onClose`).
 */
export function RecordPeek({ def, row, href, onClose }: { def: EntityDef; row: Row; href: string; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const role = currentRole();
  const record = useRead(entities.get(def, row.id));
  // The list's row names the record at once; the record read shows its whole self when it comes.
  const full = record.data && record.data.id === row.id ? record.data : null;
  const name = t(`${def.name}.one`, { ns: 'entities' });
  const history = historyOf({ entity: def.name, record: { id: row.id }, selected: 0 }, role);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const aside = ref.current;
    const grid = aside?.closest('.list-body')?.querySelector<HTMLElement>('[role="grid"]');
    if (!aside || !grid) return;
    const firstStop = () => aside.querySelector<HTMLElement>(FOCUSABLE);
    const fromGrid = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || e.shiftKey || e.target !== grid || e.defaultPrevented) return;
      const first = firstStop();
      if (!first) return;
      e.preventDefault();
      first.focus();
    };
    const backToGrid = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || !e.shiftKey || e.target !== firstStop()) return;
      e.preventDefault();
      grid.focus({ preventScroll: true });
    };
    grid.addEventListener('keydown', fromGrid);
    aside.addEventListener('keydown', backToGrid);
    return () => { grid.removeEventListener('keydown', fromGrid); aside.removeEventListener('keydown', backToGrid); };
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    // A dialog opened from the peek (a move's) handles its own Esc; the peek closes only on keys pressed inside it.
    if (e.key !== 'Escape' || e.defaultPrevented || !e.currentTarget.contains(e.target as Node)) return;
    e.preventDefault();
    onClose();
  };
  return (
    <aside className="peek" id="record-peek" ref={ref} aria-labelledby="peek-title" onKeyDown={onKeyDown}>
      <div className="peek-head">
        <h2 id="peek-title">{name}: {shownTitleOf(def, full ?? row, t, f) || `#${row.id}`}</h2>
        <Link href={href} className="btn btn-small">{t('peek.open')} <kbd>Enter</kbd></Link>
        {history && <Link href={history} className="btn btn-small">{t('details.timeline')} <kbd>y</kbd></Link>}
        <button type="button" className="btn btn-small" onClick={onClose} aria-keyshortcuts="Space Escape">
          {t('peek.close')} <kbd>{PEEK_KEY.keys}</kbd>
        </button>
      </div>
      {record.error && <p className="alert alert-error" role="alert">{t('details.failed')} {record.error}</p>}
      {!full && !record.error && <p role="status">{t('app.loading')}</p>}
      {full && <RecordBody def={def} row={full} onReload={record.retry} />}
    </aside>
  );
}
