import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../registry';
import { api, ApiError } from '../api/client';
import { translateMessage } from '../i18n';
import { useFormat } from './format';

export interface HistoryEntry { from: string; to: string; reason: string | null; at: string; actorId: number | null; actor: string | null }

/**
 * A record's status history (GET /api/{resource}/{id}/history), oldest first as the server keeps it: who moved it,
 * from what to what, when and why. `refreshKey` changes after every move, so the newest line shows at once.
 */
export function StatusHistory({ def, id, refreshKey }: { def: EntityDef; id: number; refreshKey: unknown }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.get<{ data: HistoryEntry[] }>(`/api/${def.api}/${id}/history`)
      .then((r) => { if (live) { setEntries(r.data); setError(null); } })
      .catch((err) => { if (live) setError(err instanceof ApiError ? translateMessage(err.message) : String(err)); });
    return () => { live = false; };
  }, [def, id, refreshKey]);

  const status = (s: string) => <span className={`status status-${s}`}>{t(s, { ns: 'enums' })}</span>;
  return (
    <section className="history no-print" aria-labelledby="history-title">
      <h2 id="history-title">{t('workflow.history')}</h2>
      {error && <p className="alert alert-error" role="alert">{t('workflow.historyFailed')} {error}</p>}
      {entries && entries.length === 0 && <p className="hint">{t('workflow.historyEmpty')}</p>}
      {entries && entries.length > 0 && (
        <table className="sheet-table">
          <thead>
            <tr><th scope="col">{t('workflow.when')}</th><th scope="col">{t('workflow.who')}</th><th scope="col">{t('workflow.change')}</th><th scope="col">{t('workflow.reason')}</th></tr>
          </thead>
          <tbody>
            {entries.map((e, i) => (
              <tr key={i}>
                <td>{f.moment(e.at)}</td>
                <td>{e.actor ?? (e.actorId ? `#${e.actorId}` : t('workflow.system'))}</td>
                <td>{status(e.from)} <span aria-hidden>→</span><span className="sr-only">{t('workflow.to')}</span> {status(e.to)}</td>
                <td>{e.reason ?? <span className="hint">{t('details.none')}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
