import { useEffect, useRef, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import { can, entityPath, getEntity, viewActionFor, WORKLISTS } from '../../registry';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../api/error-text';
import { queryClient } from '../api/query-client';
import { usePages } from '../api/use-pages';
import { worklist, type ReminderAnswer, type ReminderResult as Result, type WorklistRow as Row } from '../api/worklists';
import { writes } from '../api/writes';
import { currentRole } from '../state/session';
import { Empty, LoadError, Loading, PagesFoot } from '../list-parts/screen-parts';
import { isEditable } from '../ui/editable';
import { noteRepeatable } from '../../../commands';
import { contribute } from '../state/screen';
import { useAddressSearch } from '../list-parts/use-search-box';
import { rowKeys } from '../list/list-keys';
import { useFocusedRow } from '../list/use-focused-row';
import { useListFind } from '../list/use-list-find';
import { useSelection } from '../list/use-selection';
import { ConfirmAction } from '../ui/confirm-action';
import { WorklistAutoReminders } from './worklist-auto';

/** A reminder's answer as its string's key: a sent one by its channel (`sent_mail`, `sent_sms`). */
const resultKey = (a: ReminderAnswer) => (a.result === 'sent' ? `sent_${a.channel ?? 'mail'}` : a.result);

/** The key that sends reminders while the screen has the keyboard (not in a field); shown on the button. */
const SEND_KEY = 'r';

/**
 * notifications/{worklist}: who lacks what (api/worklists.ts), with reminders to the selected rows (`writes.remind`,
 * after which the worklist's pages are refetched by key): x or the row's box selects, "select all on page" takes every row shown, the Send button (or r)
 * sends, and each row then says what happened to it. Enter opens the record when the role may. Its search, selection,
 * row keys and type-to-find are the list controller's parts (list/); the reminders and their answers are its own.
 */
export default function Worklist({ id }: { id: string }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const role = currentRole();
  const w = WORKLISTS.find((x) => x.id === id)!;
  const def = getEntity(w.entity);
  // The search box, its text reaching the address after a pause (as on the generic list).
  const { q, text, setText } = useAddressSearch(250);

  const pages = usePages(worklist(id, { q: q || undefined }));
  const count = pages.rows.length;
  // The rows picked: x, a row's box or "select all on page"; a new search empties it.
  const { selected, toggle, allSelected: allOnPage, toggleAll: selectPage, clearSelection } = useSelection(pages.rows, q);
  const [results, setResults] = useState<Map<number, ReminderAnswer>>(new Map());
  const remind = useMutation({ mutationFn: (ids: number[]) => writes.remind(id, ids) }, queryClient);
  const sending = remind.isPending;
  const [sendError, setSendError] = useState<string | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTableElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // A name typed on the list searches; x and r act once the user works on the rows (ui/type-to-find.ts).
  const find = useListFind(searchRef, bodyRef, ['j', 'k', 'x', SEND_KEY]);
  // Reminders are messages: once sent they cannot be taken back, so the people are named and the user says yes first.
  const [asking, setAsking] = useState<{ ids: number[]; only: boolean } | null>(null);
  const openAs = viewActionFor(def, (a) => can(role, def.name, a));
  const rowId = (i: number) => `worklist-row-${i}`;

  const ask = (only?: number[]) => {
    const ids = only ?? [...selected];
    if (ids.length && !sending) setAsking({ ids, only: Boolean(only) });
  };
  const send = async ({ ids, only }: { ids: number[]; only: boolean }) => {
    setAsking(null);
    if (!ids.length || sending) return;
    setSendError(null);
    setSummary(null);
    try {
      const answered = await remind.mutateAsync(ids);
      setResults((m) => { const n = new Map(m); answered.forEach((a) => n.set(a.id, a)); return n; });
      const n = (res: Result) => answered.filter((a) => a.result === res).length;
      const bySms = answered.filter((a) => a.result === 'sent' && a.channel === 'sms').length;
      setSummary(t('worklist.sentSummary', { sent: n('sent'), bySms, already: n('already_today'), noContact: n('no_contact'), notFound: n('not_found') }));
      if (!only) clearSelection();
      noteRepeatable({ kind: 'remind', worklist: id });
    } catch (err) {
      setSendError(errorText(err));
    }
  };

  // The row the keys are on: moved, it scrolls into view, and the last one loaded asks for the next page.
  const { focused, setFocused, moveTo } = useFocusedRow(count, (i) => {
    document.getElementById(rowId(i))?.scrollIntoView({ block: 'nearest' });
    if (i >= count - 1 && pages.hasMore) pages.loadMore();
  });
  const focusedRow = pages.rows[focused];
  const onKeyDown = rowKeys({
    find, focused, count, moveTo,
    keys: {
      x: () => focusedRow && toggle(focusedRow.id),
      ' ': () => focusedRow && toggle(focusedRow.id),
      Enter: () => { if (openAs && focusedRow) navigate(entityPath(def, openAs, focusedRow.id)); },
    },
  });
  // `.` after reminders sent here: to the selected rows, else to the row the keyboard is on (then `j`, `.` again).
  const focusedId = focusedRow?.id;
  useEffect(() => contribute('worklist', { id, remind: () => (selected.size ? ask() : focusedId !== undefined ? ask([focusedId]) : undefined) }));
  useEffect(() => { setFocused(0); }, [q, setFocused]);

  // r sends from anywhere on the screen but a field (where it is a letter being typed).
  const onScreenKey = (e: React.KeyboardEvent) => {
    if (find.headingKey(e)) return;
    if (e.key !== SEND_KEY || e.ctrlKey || e.metaKey || e.altKey || isEditable(e.target)) return;
    e.preventDefault();
    ask();
  };

  const missingText = (r: Row) => r.missing.map((m) => {
    if (w.via && m === `${w.via.entity}.${w.via.emptyList}`) return t('worklist.noPrescription', { n: r.count ?? 0 });
    const [list, item] = m.split('.');
    if (item) return t('worklist.itemField', { list: tUi(`${def.name}.fields.${list}`, { ns: 'entities' }), field: tUi(`${def.name}.items.${list}.${item}`, { ns: 'entities' }) });
    return tUi(`${def.name}.fields.${m}`, { ns: 'entities' });
  }).join(', ');

  return (
    <section aria-labelledby="screen-title" className="screen" onKeyDown={onScreenKey}>
      <div className="page-head">
        <h1 id="screen-title">{tUi(`screen.${id}.title`)}</h1>
        <button type="button" className="btn btn-primary" disabled={!selected.size || sending} onClick={() => ask()} aria-keyshortcuts={SEND_KEY}>
          {sending ? t('worklist.sending') : t('worklist.send')} <kbd>{SEND_KEY}</kbd>
        </button>
      </div>
      <p className="muted">{t(`worklist.intro.${id}`)}</p>
      <WorklistAutoReminders id={id} />
      <div className="toolbar" role="search">
        <label className="sr-only" htmlFor="worklist-q">{t('worklist.searchRecords')}</label>
        <input id="worklist-q" ref={searchRef} className="input" type="search" placeholder={t('worklist.searchRecords')} value={text}
          onChange={(e) => setText(e.target.value)} onKeyDown={find.searchKey} />
        <label className="check">
          <input type="checkbox" checked={allOnPage} disabled={!pages.rows.length} onChange={selectPage} /> {t('worklist.selectPage')}
        </label>
        {selected.size > 0 && (
          <span aria-live="polite">{t('worklist.selected', { n: selected.size })} <button type="button" className="btn" onClick={clearSelection}>{t('worklist.clearSelection')}</button></span>
        )}
      </div>
      {sendError && <p className="alert alert-error" role="alert">{sendError}</p>}
      {summary && <p className="alert" role="status">{summary}</p>}
      {pages.loading && !pages.rows.length && <Loading />}
      {pages.error && !pages.rows.length && <LoadError error={pages.error} onRetry={pages.retry} />}
      {pages.done && !pages.rows.length && !pages.hasMore && <Empty>{t('worklist.empty')}</Empty>}
      {pages.rows.length > 0 && (
        <div className="grid">
          {/* The grid holds the focus and points at its highlighted row (aria-activedescendant is a grid's, not a tbody's). */}
          <table role="grid" aria-labelledby="screen-title" aria-multiselectable="true" className="screen-table"
            ref={bodyRef} tabIndex={0} data-main-control onKeyDown={onKeyDown} aria-describedby="worklist-keys" aria-activedescendant={rowId(focused)}>
            <thead>
              <tr>
                <th scope="col" className="check-col"><span className="sr-only">{t('worklist.selectPage')}</span></th>
                <th scope="col">{t('worklist.name')}</th>
                <th scope="col">{t('worklist.contact')}</th>
                <th scope="col" className="wrap">{t('worklist.missing')}</th>
                <th scope="col">{t('worklist.status')}</th>
              </tr>
            </thead>
            <tbody>
              {pages.rows.map((r, i) => {
                const result = results.get(r.id);
                return (
                  <tr key={r.id} id={rowId(i)} data-focused={i === focused} aria-selected={selected.has(r.id)} onClick={() => { find.arm(); setFocused(i); }}>
                    <td className="check-col">
                      <input type="checkbox" tabIndex={-1} checked={selected.has(r.id)} onChange={() => toggle(r.id)} aria-label={t('worklist.select', { name: r.title })} />
                    </td>
                    <td>{openAs ? <a href={entityPath(def, openAs, r.id)} tabIndex={-1} onClick={(e) => { e.preventDefault(); navigate(entityPath(def, openAs, r.id)); }}>{r.title}</a> : r.title}</td>
                    <td>{r.channel === 'mail' ? r.email
                      : r.channel === 'sms' ? <>{r.phone} <span className="badge">{t('worklist.bySms')}</span></>
                        : <span className="status status-cancelled">{t('worklist.noContact')}</span>}</td>
                    <td className="wrap">{missingText(r)}</td>
                    <td>
                      {result ? <span className={`status status-${result.result === 'sent' ? 'completed' : result.result === 'already_today' ? 'pending' : 'cancelled'}`}>{t(`worklist.results.${resultKey(result)}`)}</span>
                        : r.remindedToday ? <span className="badge">{t('worklist.remindedToday')}</span> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <PagesFoot pages={pages} count={pages.rows.length} />
      {asking && (
        <ConfirmAction title={t('worklist.confirmTitle')} question={t('worklist.confirmQuestion', { count: asking.ids.length })}
          items={asking.ids.map((rid) => pages.rows.find((r) => r.id === rid)?.title ?? `#${rid}`)} note={t('worklist.confirmNote')}
          confirm={t('worklist.send')} onClose={() => setAsking(null)} onConfirm={() => void send(asking)} />
      )}
      {pages.rows.length > 0 && <p className="muted key-hint" id="worklist-keys">{t('worklist.hint')}</p>}
    </section>
  );
}
