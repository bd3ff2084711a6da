import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can, entityByName, entityPath, PATIENT_ENTITY, viewActionFor, type EntityDef, type TimelineEvent } from '../../registry';
import { AccessReport } from './access-report';
import { entities } from '../api/entities';
import { useRead } from '../api/use-read';
import { useFormat } from '../i18n/format';
import { currentRole } from '../state/session';
import { ChangeList } from './log-changes';
import { shownTitle } from '../i18n/shown-text';
import '../screens/screens.css';


/** What an audit line did, in words: created, changed, deleted, a status change, a reminder sent. */
function useActionText() {
  const { t } = useTranslation();
  return (e: TimelineEvent): string => {
    const action = e.action ?? e.title;
    if (action.startsWith('transition:')) return t('timeline.moved');
    if (action.startsWith('transition-undo:')) return t('timeline.undone');
    if (action === 'remind') return t('timeline.remind', { list: e.worklist ? t(`screen.${e.worklist}.title`) : '' });
    if (['create', 'update', 'delete'].includes(action)) return t(`timeline.${action}`);
    return action;
  };
}

/** A record's history by date: what refers to it (cards, tests, bookings…), and who changed what, old → new. */
export function Timeline({ def, id }: { def: EntityDef; id: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const role = currentRole();
  const actionText = useActionText();
  const timeline = useRead(entities.timeline(def, id));
  const events = timeline.data?.events ?? null;
  const titles = timeline.data?.titles ?? {};
  const error = timeline.error;
  const back = viewActionFor(def, (a) => can(role, def.name, a));
  const when = (at: string) => (at.length === 10 ? f.date(at) : f.moment(at));
  // What is still to come (an appointment booked for next month) is not history: it is listed apart, soonest first.
  const [now] = useState(Date.now);
  const isAhead = (e: TimelineEvent) => e.what === 'record' && Date.parse(e.at) > now;
  const upcoming = (events ?? []).filter(isAhead).reverse();
  const past = (events ?? []).filter((e) => !isAhead(e));
  const line = (e: TimelineEvent, i: number) => {
    const target = entityByName(e.entity);
    const action = target && viewActionFor(target, (a) => can(role, target.name, a));
    const label = target ? t(`${target.name}.one`, { ns: 'entities' }) : e.entity;
    const own = e.entity === def.name && e.id === id;
    const title = shownTitle(target, e.title, t, f);
    const recordLink = action && target ? <Link href={entityPath(target, action, e.id)}>{title}</Link> : <span>{title}</span>;
    if (e.what === 'record') {
      return (
        <li key={i} className="timeline-line" style={lineStyle}>
          <span className="hint" style={{ minWidth: 170 }}>{when(e.at)}</span>
          <span className="badge">{label}</span>
          {recordLink}
        </li>
      );
    }
    const who = e.actor ? t('timeline.by', { name: e.actor.name }) : t('timeline.bySystem');
    return (
      <li key={i} className="timeline-line" style={{ ...lineStyle, flexWrap: 'wrap' }}>
        <span className="hint" style={{ minWidth: 170 }}>{when(e.at)}</span>
        <span className="badge">{own ? t('timeline.change') : label}</span>
        {!own && recordLink}
        <span><strong>{actionText(e)}</strong> {who}</span>
        {(e.changes || e.reason) && (
          <div style={{ flexBasis: '100%' }}>
            {e.changes && <ChangeList def={target} changes={e.changes} titles={titles} id={`timeline-changes-${i}`} />}
            {e.reason && <p className="hint" style={{ margin: '0 0 0 40px' }}>{t('timeline.reason', { reason: e.reason })}</p>}
          </div>
        )}
      </li>
    );
  };
  return (
    <section aria-labelledby="timeline-title">
      <div className="page-head">
        <h1 id="timeline-title">{t('timeline.title', { name: t(`${def.name}.one`, { ns: 'entities' }) })}</h1>
        {back && <Link href={entityPath(def, back, id)} className="btn">← {t('timeline.back')}</Link>}
      </div>
      {error && <p className="alert alert-error" role="alert">{error}</p>}
      {!events && !error && <p role="status">{t('app.loading')}</p>}
      {events?.length === 0 && <p>{t('timeline.empty')}</p>}
      {upcoming.length > 0 && (
        <>
          <h2 id="timeline-upcoming">{t('timeline.upcoming')}</h2>
          <ol className="details" aria-labelledby="timeline-upcoming" style={{ display: 'block', padding: 0, listStyle: 'none' }}>{upcoming.map(line)}</ol>
          <h2 id="timeline-past">{t('timeline.past')}</h2>
        </>
      )}
      {/* Named whether or not an Upcoming list stands above it: a patient with nothing to come still has a History. */}
      <ol className="details" {...(upcoming.length ? { 'aria-labelledby': 'timeline-past' } : { 'aria-label': t('timeline.past') })} style={{ display: 'block', padding: 0, listStyle: 'none' }}>{past.map(line)}</ol>
      {def.name === PATIENT_ENTITY && can(role, PATIENT_ENTITY, 'access') && <AccessReport id={id} />}
    </section>
  );
}

const lineStyle: React.CSSProperties = { padding: '9px 12px', borderBottom: '1px solid var(--border)', display: 'flex', gap: 12 };
