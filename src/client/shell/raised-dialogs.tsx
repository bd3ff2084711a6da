import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getEntity, type EntityDef } from '../../registry';
import { entities, type Row } from '../api/entities';
import { errorText } from '../api/error-text';
import { useRead } from '../api/use-read';
import { writes } from '../api/writes';
import { EntityFormModal } from '../form/form-modal';
import { useFormat } from '../i18n/format';
import { ui } from '../state/ui';
import { Modal } from '../ui/modal';

/** The fields a record's conversation is kept in (a ticket's comments): appended by their own call, never edited. */
const threadsOf = (def: EntityDef) => Object.entries(def.fields).filter(([, fd]) => fd.server === 'thread').map(([k]) => k);

interface ThreadItem { author?: number; at: string; text: string }

/** "Raise a support ticket…": the record's raise fields only; the server sets who raised it and its first status. */
export function RaiseDialog({ entity }: { entity: string }) {
  return <EntityFormModal def={getEntity(entity)} mode="raise" onClose={() => { ui.raising = null; }} />;
}

/**
 * "My support tickets": what the caller raised, newest first, with its status and its conversation, and a box to add
 * to it. For the people who raise records without a screen of them (a centre's staff and their tickets).
 */
export function MineDialog({ entity }: { entity: string }) {
  const { t } = useTranslation();
  const def = getEntity(entity);
  const mine = useRead(entities.mine(def));
  const rows = mine.data ?? [];
  const name = t(`${def.name}.other`, { ns: 'entities' });
  return (
    <Modal title={t('mine.mineTitle', { name })} onClose={() => { ui.mine = null; }} className="dialog-raised">
      <div className="body mine">
        <p className="muted">{t('mine.mineIntro')}</p>
        <p><button type="button" className="btn" onClick={() => { ui.mine = null; ui.raising = entity; }}>{t('mine.raiseNew')}</button></p>
        {mine.error && <p className="alert alert-error" role="alert">{mine.error}</p>}
        {!mine.data && !mine.error && <p role="status" className="muted">{t('app.loading')}</p>}
        {mine.data && !rows.length && <p className="muted">{t('mine.mineEmpty')}</p>}
        {rows.map((row) => <RaisedRecord key={row.id} def={def} row={row} />)}
      </div>
    </Modal>
  );
}

function RaisedRecord({ def, row }: { def: EntityDef; row: Row }) {
  const { t } = useTranslation();
  const f = useFormat();
  const labels = (row._labels ?? {}) as Record<string, string | null>;
  const authors = (row._authors ?? {}) as Record<string, string>;
  const status = def.workflow ? String(row[def.workflow.field]) : null;
  const field = (k: string) => t(`${def.name}.fields.${k}`, { ns: 'entities' });
  const headingId = `raised-${row.id}`;
  return (
    <article className="raised" aria-labelledby={headingId}>
      <h3 id={headingId}>{String(row[def.titleFields[0]] ?? `#${row.id}`)}</h3>
      <p className="raised-meta">
        {status && <span className="badge">{t(status, { ns: 'enums' })}</span>}
        {Object.entries(def.fields).filter(([, fd]) => fd.kind === 'enum' && fd !== def.fields[def.workflow?.field ?? '']).map(([k]) => (
          row[k] ? <span key={k}>{field(k)}: {t(String(row[k]), { ns: 'enums' })}</span> : null
        ))}
        {Object.entries(def.fields).filter(([, fd]) => fd.kind === 'ref' && !fd.server).map(([k]) => (
          labels[k] ? <span key={k}>{field(k)}: {labels[k]}</span> : null
        ))}
        <span>{f.moment(String(row.createdAt))}</span>
      </p>
      {threadsOf(def).map((thread) => (
        <Thread key={thread} def={def} row={row} thread={thread} authors={authors} label={field(thread)} />
      ))}
    </article>
  );
}

function Thread({ def, row, thread, authors, label }: { def: EntityDef; row: Row; thread: string; authors: Record<string, string>; label: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const items = (row[thread] as ThreadItem[] | null) ?? [];
  const boxId = `thread-${row.id}-${thread}`;
  const send = async () => {
    if (!text.trim() || busy) return;
    setBusy(true);
    try {
      await writes.addToThread(def, row.id, thread, text.trim());
      setText('');
      toast.success(t('mine.commented'));
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label={label}>
      {items.length === 0 ? <p className="muted">{t('mine.noComments')}</p> : (
        <ol className="thread">
          {items.map((item, i) => (
            <li key={i}>
              <p className="muted">{item.author ? authors[item.author] ?? `#${item.author}` : ''} · <time dateTime={item.at}>{f.moment(item.at)}</time></p>
              <p className="thread-text">{item.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="thread-form" onSubmit={(e) => { e.preventDefault(); void send(); }}>
        <label htmlFor={boxId}>{t('mine.comment')}</label>
        {/* Ctrl/Cmd+Enter sends, as it saves a form. */}
        <textarea id={boxId} className="input" rows={2} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void send(); } }} />
        <button type="submit" className="btn" disabled={busy || !text.trim()}>{busy ? t('mine.sending') : t('mine.send')} <kbd>Ctrl Enter</kbd></button>
      </form>
    </section>
  );
}
