import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../registry';
import { entities } from '../api/entities';
import { useRead } from '../api/use-read';
import { valueLabel } from '../../../commands';
import { useFormat } from '../i18n/format';

/**
 * A record's status history (the entity API's `history`), oldest first as the server keeps it: who moved it, from
 * what to what, when and why. Read as of the record's `version`: a move made here, or one found when the record is
 * read again (Reload after a refusal), asks for it again, and the newest line shows at once; the lines shown stay
 * until the new ones come.
 */
export function StatusHistory({ def, id, version }: { def: EntityDef; id: number; version: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const history = useRead(entities.history(def, id, version), { keepPrevious: true });
  const entries = history.data ?? null;
  const error = history.error;

  const status = (s: string) => <span className={`status status-${s}`}>{valueLabel(t, def.name, def.workflow!.field, s)}</span>;
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
                <td>{status(e.from)} <span aria-hidden>→</span><span className="sr-only">{t('workflow.to')}</span> {status(e.to)}{e.undo && <> <span className="badge">{t('workflow.undoneMove')}</span></>}</td>
                <td>{e.reason ?? <span className="hint">{t('details.none')}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
