import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can, screenById, screenPath } from '../../registry';
import { runs } from '../api/runs';
import { useRead } from '../api/use-read';
import { useFormat } from '../i18n/format';
import { currentRole } from '../state/session';
import { STATE_CLASS, STATE_WORDS, took } from '../text/run-words';

/** How many of a rule's runs its page shows; the Runs screen, filtered to the rule, has the rest. */
export const RULE_RUNS_SHOWN = 10;

/**
 * A rule's last runs on its page and in its peek (issue 37 §4: a rule shows its last runs), newest first: when each
 * started (or is due), its state, how long it took, the messages it queued and its error. Each links to the Runs
 * screen narrowed to that run (its key: one record's version), and the whole to that screen narrowed to the rule. Live
 * as that screen is: a run's moves come over the change stream and every read of runs is asked again
 * (api/stream-invalidation.ts). Only for who may list runs (the superadmin, as for rules).
 */
export function RuleRuns({ id }: { id: number }) {
  const { t } = useTranslation('screens');
  const f = useFormat();
  const may = can(currentRole(), 'runs', 'list');
  const answer = useRead(may ? runs.list({ rule: id, limit: RULE_RUNS_SHOWN }) : null, { keepPrevious: true });
  if (!may) return null;
  const list = answer.data?.data;
  const screen = screenById('runs');
  const runsHref = (more: Record<string, string>) => `${screen ? screenPath(screen) : ''}?${new URLSearchParams({ rule: String(id), ...more }).toString()}`;
  return (
    <section className="history rule-runs no-print" aria-labelledby="rule-runs-title">
      <h2 id="rule-runs-title">{t('runs.lastOfRule', { n: f.number(RULE_RUNS_SHOWN) })}</h2>
      {answer.error && <p className="alert alert-error" role="alert">{answer.error}</p>}
      {list && list.length === 0 && <p className="hint">{t('runs.noneForRule')}</p>}
      {list && list.length > 0 && (
        <table className="sheet-table" data-testid="rule-runs">
          <thead>
            <tr>
              <th scope="col">{t('runs.when')}</th><th scope="col">{t('runs.state')}</th><th scope="col">{t('runs.took')}</th>
              <th scope="col">{t('runs.messages')}</th><th scope="col">{t('runs.lastError')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.id}>
                <td><Link href={runsHref({ q: r.key })} aria-label={t('runs.openRun', { when: f.dateTime(r.startedAt ?? r.dueAt) })}>{f.dateTime(r.startedAt ?? r.dueAt)}</Link></td>
                <td><span className={`status status-${STATE_CLASS[r.state]}`}>{t(STATE_WORDS[r.state])}</span></td>
                <td>{took(r, f.locale) ?? t('common.none')}</td>
                <td>{f.number(r.messages)}</td>
                <td className="wrap">{r.lastError ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list && list.length > 0 && <p><Link href={runsHref({})}>{t('runs.allOfRule')}</Link></p>}
    </section>
  );
}
