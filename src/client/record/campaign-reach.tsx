import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { can, entityByName, entityPath, viewActionFor } from '../../registry';
import { campaignReach, type Channel } from '../api/campaign-reach';
import { useRead } from '../api/use-read';
import { currentRole } from '../state/session';
import { useFormat } from '../i18n/format';

const CHANNELS: readonly Channel[] = ['email', 'sms', 'push'];

/**
 * Before a campaign sends (draft or scheduled), whom it will reach: by its channel, how many people and how many it
 * cannot reach (no mobile number for SMS, no e-mail address, no account for the inbox), those named with a link to
 * their record; and what each other channel would reach, to choose another. Counted as the sender will count them.
 */
export function CampaignReach({ id, status }: { id: number; status: unknown }) {
  const { t } = useTranslation();
  const f = useFormat();
  const role = currentRole();
  const answer = useRead(status === 'draft' || status === 'scheduled' ? campaignReach(id) : null);
  const reach = answer.data?.data;
  if (!reach) return answer.error ? <p className="alert alert-error" role="alert">{answer.error}</p> : null;
  const channel = (c: Channel) => t(c, { ns: 'enums' });
  return (
    <section className="campaign-reach" aria-labelledby="campaign-reach-title">
      <h2 id="campaign-reach-title">{t('reach.title')}</h2>
      {reach.viewProblem && <p className="alert alert-error" role="alert">{t('reach.viewProblem')}</p>}
      <p role="status">{t('reach.summary', { reachable: f.number(reach.reachable), people: f.number(reach.people), channel: channel(reach.channel) })}</p>
      <table className="screen-table">
        <caption className="sr-only">{t('reach.byChannel')}</caption>
        <thead><tr><th scope="col">{t('reach.channel')}</th><th scope="col">{t('reach.reached')}</th><th scope="col">{t('reach.notReached')}</th></tr></thead>
        <tbody>
          {CHANNELS.map((c) => (
            <tr key={c} aria-current={c === reach.channel || undefined}>
              <th scope="row">{channel(c)}{c === reach.channel && <> <span className="badge">{t('reach.this')}</span></>}</th>
              <td>{f.number(reach.channels[c].people - reach.channels[c].unreachable)}</td>
              <td>{f.number(reach.channels[c].unreachable)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {reach.unreachable > 0 && (
        <>
          <h3>{t(`reach.why.${reach.channel}`, { n: f.number(reach.unreachable) })}</h3>
          <ul className="reach-missing">
            {reach.missing.map((m) => {
              const def = entityByName(m.kind);
              const open = def && viewActionFor(def, (a) => can(role, def.name, a));
              const path = def && open ? entityPath(def, open, m.id) : null;
              return <li key={`${m.kind}-${m.id}`}>{path ? <a href={path} onClick={(e) => { e.preventDefault(); navigate(path); }}>{m.name}</a> : m.name}</li>;
            })}
          </ul>
          {reach.more && <p className="muted">{t('reach.more', { shown: f.number(reach.missing.length), n: f.number(reach.unreachable) })}</p>}
        </>
      )}
    </section>
  );
}
