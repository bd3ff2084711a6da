import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../registry';
import { historyOf, PEEK_KEY } from '../../../commands';
import { entities, type Row } from '../api/entities';
import { useRead } from '../api/use-read';
import { currentRole } from '../state/session';
import { RecordBody } from './record-body';
import { useFormat } from './format';
import { shownTitleOf } from './shown-text';
import './record-peek.css';

/**
 * A list's peek (Space on a row): the record beside the list, as its details page shows it (record-body.tsx: moves,
 * fields, documents, status history), read again by the same call, so the role sees here what it sees there. The list
 * keeps the keyboard: j/k move its row and the peek follows, Space or Esc close it. Tab from the list reaches the
 * peek's buttons; Esc there closes it and gives the focus back to the list (`onClose`).
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
  const onKeyDown = (e: React.KeyboardEvent) => {
    // A dialog opened from the peek (a move's) handles its own Esc; the peek closes only on keys pressed inside it.
    if (e.key !== 'Escape' || e.defaultPrevented || !e.currentTarget.contains(e.target as Node)) return;
    e.preventDefault();
    onClose();
  };
  return (
    <aside className="peek" id="record-peek" aria-labelledby="peek-title" onKeyDown={onKeyDown}>
      <div className="peek-head">
        <h2 id="peek-title">{name}: {shownTitleOf(def, full ?? row, t, f) || `#${row.id}`}</h2>
        <Link href={href} className="btn btn-small">{t('peek.open')} <kbd>Enter</kbd></Link>
        {history && <Link href={history} className="btn btn-small">{t('details.timeline')} <kbd>h</kbd></Link>}
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
