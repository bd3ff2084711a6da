import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../api/error-text';
import { queryClient } from '../api/query-client';
import { RUN_STATES, runs, type Run, type RunState } from '../api/runs';
import { useRead } from '../api/use-read';
import { keys as queryKeys } from '../api/keys';
import { ConfirmAction } from '../ui/confirm-action';
import { rowKeys } from '../list/list-keys';
import { useFocusedRow } from '../list/use-focused-row';
import { useListFind } from '../list/use-list-find';
import { Empty, LoadError, Loading, useAddressParams, useFormat } from '../list-parts/screen-parts';
import { jobKey, STATE_CLASS, STATE_WORDS, took } from '../text/run-words';

type Action = 'retry' | 'cancel';
/** Each action's words: its button, its confirmation, what it did, and why a key did nothing. */
const ACTION_WORDS: Record<Action, { button: string; forRun: string; title: string; question: string; done: string; cannot: string }> = {
  retry: { button: 'runs.retry', forRun: 'runs.retryFor', title: 'runs.confirm.retryTitle', question: 'runs.confirm.retryQuestion', done: 'runs.done.retry', cannot: 'runs.cannot.retry' },
  cancel: { button: 'runs.cancel', forRun: 'runs.cancelFor', title: 'runs.confirm.cancelTitle', question: 'runs.confirm.cancelQuestion', done: 'runs.done.cancel', cannot: 'runs.cannot.cancel' },
};

/** Which runs each action takes (as the server: routes/runs.ts); a key on another run says why nothing happened. */
const MAY: Record<Action, readonly RunState[]> = { retry: ['failed', 'cancelled'], cancel: ['queued', 'running'] };
/** The row keys: r retries, c cancels the highlighted run (each asks first). */
const KEYS = { retry: 'r', cancel: 'c' } as const;

/**
 * The scheduler's runs (the superadmin's; registry screen `runs`): what ran, when it was due, when it started, how long
 * it took, how many messages it queued, its tries and its last error, newest first, narrowed by job and state (kept in
 * the address). Live: each move of a run comes over the change stream (stream-invalidation.ts) and the list reads
 * again. A failed or cancelled run is retried, a waiting or running one cancelled, by its button or by r / c on the
 * highlighted row, after a confirmation; each is in the audit trail, as is every run's end. Its focused row, row keys
 * and type-to-find are the list controller's parts (list/).
 */
export default function Runs({ id }: { id: string }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useAddressParams();
  const job = params.get('job') ?? '';
  const stateParam = params.get('state') ?? '';
  const state = (RUN_STATES as readonly string[]).includes(stateParam) ? (stateParam as RunState) : '';
  // One rule's runs, from its page (record/rule-runs.tsx): said above the list, and let go by its button.
  const ruleParam = Number(params.get('rule'));
  const rule = Number.isInteger(ruleParam) && ruleParam > 0 ? ruleParam : undefined;
  const read = runs.list({ job: job || undefined, state: state || undefined, rule });
  const answer = useRead(read, { keepPrevious: true });
  const q = params.get('q') ?? '';
  const jobName = (name: string) => tUi(jobKey(name), { ns: 'screens', defaultValue: name });
  // The box finds runs by their job's words, their key or their error, in the page the server sent.
  const words = q.trim().toLowerCase();
  const rows = (answer.data?.data ?? []).filter((r) => !words || [jobName(r.job), r.job, r.key, r.lastError ?? ''].some((x) => x.toLowerCase().includes(words)));
  const jobs = [...new Set([...(answer.data?.jobs ?? []), ...(job ? [job] : [])])].sort();
  const [asking, setAsking] = useState<{ run: Run; action: Action } | null>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rowId = (i: number) => `run-row-${i}`;
  // A word typed on the runs searches; r and c act once the user works on the rows (ui/type-to-find.ts).
  const find = useListFind(searchRef, gridRef, ['j', 'k', KEYS.retry, KEYS.cancel]);
  const count = rows.length;
  const { focused: kept, setFocused, moveTo } = useFocusedRow(count, (i) => document.getElementById(rowId(i))?.scrollIntoView({ block: 'nearest' }));
  // The box narrows the rows here, in the browser, under a kept highlight: it stays on the last row left.
  const focused = Math.min(kept, Math.max(0, count - 1));

  const ask = (run: Run | undefined, action: Action) => {
    if (!run) return;
    if (MAY[action].includes(run.state)) setAsking({ run, action });
    else toast.info(t(ACTION_WORDS[action].cannot, { state: t(STATE_WORDS[run.state]) }));
  };
  const act = async ({ run, action }: { run: Run; action: Action }) => {
    setAsking(null);
    try {
      await (action === 'retry' ? runs.retry(run.id) : runs.cancel(run.id));
      toast.success(t(ACTION_WORDS[action].done, { job: jobName(run.job), key: run.key }));
    } catch (err) {
      toast.error(errorText(err));
    }
    // The stream tells of the move too; reading at once shows it without waiting for that.
    void queryClient.invalidateQueries({ queryKey: queryKeys.screen('runs') });
    gridRef.current?.focus();
  };
  const onKeyDown = rowKeys({
    find, focused, count, moveTo,
    keys: { [KEYS.retry]: () => ask(rows[focused], 'retry'), [KEYS.cancel]: () => ask(rows[focused], 'cancel') },
  });

  return (
    <section aria-labelledby="screen-title" className="screen" onKeyDown={find.headingKey}>
      <div className="page-head">
        <h1 id="screen-title">{tUi(`screen.${id}.title`)}</h1>
        <button type="button" className="btn" onClick={answer.retry} disabled={answer.refetching}>{t('runs.refresh')}</button>
      </div>
      <p className="muted">{t('runs.intro')}</p>
      <div className="toolbar" role="search" aria-label={t('runs.filters')}>
        <label className="sr-only" htmlFor="runs-q">{t('runs.search')}</label>
        <input id="runs-q" ref={searchRef} className="input" type="search" placeholder={t('runs.search')} value={q}
          onChange={(e) => setParams({ q: e.target.value }, { replace: true })} onKeyDown={find.searchKey} />
        <label htmlFor="runs-job">{t('runs.job')}</label>
        <select id="runs-job" className="input" value={job} onChange={(e) => setParams({ job: e.target.value })}>
          <option value="">{t('runs.allJobs')}</option>
          {jobs.map((j) => <option key={j} value={j}>{jobName(j)}</option>)}
        </select>
        <label htmlFor="runs-state">{t('runs.state')}</label>
        <select id="runs-state" className="input" value={state} onChange={(e) => setParams({ state: e.target.value })}>
          <option value="">{t('runs.allStates')}</option>
          {RUN_STATES.map((s) => <option key={s} value={s}>{t(STATE_WORDS[s])}</option>)}
        </select>
        {rule && (
          <button type="button" className="btn" onClick={() => setParams({ rule: '' })} aria-label={t('runs.allRulesFor', { n: f.number(rule) })}>
            {t('runs.ofRule', { n: f.number(rule) })} <span aria-hidden>✕</span>
          </button>
        )}
      </div>
      {answer.loading && !answer.data && <Loading />}
      {answer.error && <LoadError error={answer.error} onRetry={answer.retry} />}
      {/* The grid stays while a search finds nothing: it keeps the keyboard, and the next word typed searches again. */}
      {answer.data && (
        <div className="grid">
          <table role="grid" aria-labelledby="screen-title" className="screen-table" ref={gridRef} tabIndex={0} data-main-control
            onKeyDown={onKeyDown} aria-activedescendant={count ? rowId(focused) : undefined} aria-describedby="runs-keys">
            <thead>
              <tr>
                <th scope="col">{t('runs.job')}</th>
                <th scope="col">{t('runs.key')}</th>
                <th scope="col">{t('runs.state')}</th>
                <th scope="col">{t('runs.due')}</th>
                <th scope="col">{t('runs.started')}</th>
                <th scope="col">{t('runs.took')}</th>
                <th scope="col">{t('runs.messages')}</th>
                <th scope="col">{t('runs.attempts')}</th>
                <th scope="col">{t('runs.lastError')}</th>
                <th scope="col"><span className="sr-only">{t('runs.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.id} id={rowId(i)} data-focused={i === focused} onClick={() => { find.arm(); setFocused(i); }}>
                  <td className="wrap">{jobName(r.job)}</td>
                  <td className="wrap">{r.key}</td>
                  <td><span className={`status status-${STATE_CLASS[r.state]}`}>{t(STATE_WORDS[r.state])}</span></td>
                  <td className="wrap">{f.dateTime(r.dueAt)}</td>
                  <td className="wrap">{r.startedAt ? f.dateTime(r.startedAt) : t('common.none')}</td>
                  <td>{took(r, f.locale) ?? t('common.none')}</td>
                  <td>{f.number(r.messages)}</td>
                  <td>{t('runs.tries', { n: f.number(r.attempts), of: f.number(r.maxAttempts) })}</td>
                  <td className="wrap">{r.lastError ?? ''}</td>
                  <td>
                    {(['retry', 'cancel'] as const).filter((a) => MAY[a].includes(r.state)).map((a) => (
                      <button key={a} type="button" className="btn" tabIndex={-1} aria-keyshortcuts={KEYS[a]} onClick={() => ask(r, a)}
                        aria-label={t(ACTION_WORDS[a].forRun, { job: jobName(r.job), key: r.key })}>{t(ACTION_WORDS[a].button)}</button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {answer.data && rows.length === 0 && <Empty>{job || state || rule || words ? t('runs.noneMatch') : t('runs.empty')}</Empty>}
      {answer.data && <p className="muted key-hint" id="runs-keys">{t('runs.hint')}</p>}
      {asking && (
        <ConfirmAction title={t(ACTION_WORDS[asking.action].title)}
          question={t(ACTION_WORDS[asking.action].question, { job: jobName(asking.run.job), key: asking.run.key })}
          confirm={t(ACTION_WORDS[asking.action].button)} onClose={() => { setAsking(null); gridRef.current?.focus(); }} onConfirm={() => void act(asking)} />
      )}
    </section>
  );
}
