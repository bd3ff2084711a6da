import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can, entityByName, entityPath, viewActionFor, type EntityDef } from '../../registry';
import { api, ApiError } from '../api/client';
import { currentRole } from '../state/session';

interface TimelineEvent { at: string; entity: string; id: number; title: string; what: 'record' | 'audit' }

/** A record's history by date: what refers to it (cards, tests, bookings…) and its own changes. */
export function Timeline({ def, id }: { def: EntityDef; id: number }) {
  const { t, i18n } = useTranslation();
  const role = currentRole();
  const [events, setEvents] = useState<TimelineEvent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.get<{ data: TimelineEvent[] }>(`/api/${def.api}/${id}/timeline`).then((r) => setEvents(r.data)).catch((err) => setError(err instanceof ApiError ? err.message : String(err)));
  }, [def, id]);
  const back = viewActionFor(def, (a) => can(role, def.name, a));
  const when = (at: string) => (at.length === 10 ? new Date(`${at}T00:00:00`).toLocaleDateString(i18n.language) : new Date(at).toLocaleString(i18n.language));
  return (
    <section aria-labelledby="timeline-title">
      <div className="page-head">
        <h1 id="timeline-title">{t('timeline.title', { name: t(`${def.name}.one`, { ns: 'entities' }) })}</h1>
        {back && <Link href={entityPath(def, back, id)} className="btn">← {t('timeline.back')}</Link>}
      </div>
      {error && <p className="alert alert-error" role="alert">{error}</p>}
      {!events && !error && <p role="status">{t('app.loading')}</p>}
      {events?.length === 0 && <p>{t('timeline.empty')}</p>}
      <ol className="details" style={{ display: 'block', padding: 0, listStyle: 'none' }}>
        {events?.map((e, i) => {
          const target = entityByName(e.entity);
          const action = target && viewActionFor(target, (a) => can(role, target.name, a));
          const label = target ? t(`${target.name}.one`, { ns: 'entities' }) : e.entity;
          return (
            <li key={i} style={{ padding: '9px 12px', borderBottom: '1px solid var(--border)', display: 'flex', gap: 12 }}>
              <span className="hint" style={{ minWidth: 170 }}>{when(e.at)}</span>
              <span className="badge">{e.what === 'audit' ? t('timeline.change') : label}</span>
              {e.what === 'record' && action && target ? <Link href={entityPath(target, action, e.id)}>{e.title}</Link> : <span>{e.what === 'audit' ? t(`timeline.${e.title}`) : e.title}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
