import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CAMPAIGN_FIXED_WHEN_STARTED, campaignStarted, checkViewAddress, type SavedView } from '../../registry';
import { reachPreview, type Channel } from '../api/campaign-reach';
import { useRead } from '../api/use-read';
import { useFormat } from '../i18n/format';
import { savedViews } from '../state/saved-views';
import { currentRole } from '../state/session';
import { useDebounced } from '../use-debounced';

/**
 * The campaign form's own parts (issue 37): the saved view that narrows its patients, chosen among the views of the
 * patient list the user may read (the server takes no other), and, under the fields, whom the campaign would reach
 * if saved now, read again as its audience, channel, centre or view change (after a pause in the typing).
 */

const CHANNELS: readonly string[] = ['email', 'sms', 'push'];
const AUDIENCES: readonly string[] = ['all', 'doctor', 'patient', 'fmc'];
/** Choices made in a row (arrow keys through a select) ask the server once, when they settle. */
const SETTLE_MS = 350;

/** The views of the patient list that the user may read (their own and those shared with their role). */
function usePatientViews(): SavedView[] {
  const views = useSnapshot(savedViews).list as SavedView[];
  const role = currentRole();
  return views.filter((v) => { const c = checkViewAddress(v.address, role); return c.ok && c.def.name === 'patients'; });
}

/** Whether the form shows this field of this campaign read-only: it has started, and the server keeps the field. */
export const campaignFieldFixed = (record: Record<string, unknown> | null, field: string) =>
  campaignStarted(record) && (CAMPAIGN_FIXED_WHEN_STARTED as readonly string[]).includes(field);

/** The id of the one line saying why a started campaign's kept fields cannot be edited (each of them is described by it). */
export const CAMPAIGN_FIXED_WHY = 'campaign-fixed-why';

/**
 * The fields a started campaign keeps, shown as they are and not editable, under one line saying why: the server would
 * refuse a change (409 `campaign_started`), so the form does not offer one. Said once, not under each field; each
 * field is still described by that line (CAMPAIGN_FIXED_WHY), so a screen reader tells why on any of them. Disabled,
 * Tab passes them by; their values stay in the form and are saved unchanged.
 */
export function CampaignFixedFields({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <fieldset disabled className="campaign-fixed" aria-describedby={CAMPAIGN_FIXED_WHY} data-testid="campaign-fixed">
      <p className="hint" id={CAMPAIGN_FIXED_WHY}>{t('reach.fixedWhenStarted')}</p>
      {children}
    </fieldset>
  );
}

/**
 * The form's fields with a started campaign's kept ones together, in one CampaignFixedFields where the first of them
 * stands (they are next to each other in the entity: CAMPAIGN_FIXED_WHEN_STARTED).
 */
export function withFixedTogether(items: { field: string; node: React.ReactNode }[], fixed: (field: string) => boolean): React.ReactNode[] {
  const kept = items.filter((i) => fixed(i.field));
  if (!kept.length) return items.map((i) => i.node);
  const at = items.findIndex((i) => fixed(i.field));
  const rest = items.filter((i) => !fixed(i.field)).map((i) => i.node);
  rest.splice(at, 0, <CampaignFixedFields key="campaign-fixed">{kept.map((i) => i.node)}</CampaignFixedFields>);
  return rest;
}

/** The patientView field: a choice of saved views of patients, or none (every patient of the audience). */
export function CampaignViewField({ form, error, fixedBy }: { form: UseFormReturn<FieldValues>; error?: string; fixedBy?: string }) {
  const { t } = useTranslation();
  const views = usePatientViews();
  const chosen = String(form.watch('patientView') ?? '');
  // A view no longer listed (deleted, or another's) stays shown as chosen, so that the form does not change it silently.
  const unknown = chosen !== '' && !views.some((v) => String(v.id) === chosen);
  return (
    <div className="field">
      <label htmlFor="f-patientView">{t('notification.fields.patientView', { ns: 'entities' })}</label>
      <select id="f-patientView" aria-invalid={error ? true : undefined} aria-describedby={[error ? 'f-patientView-error' : 'f-patientView-hint', fixedBy].filter(Boolean).join(' ')} disabled={fixedBy ? true : undefined} {...form.register('patientView')}>
        <option value="">{t('reach.noView')}</option>
        {views.map((v) => <option key={v.id} value={String(v.id)}>{v.name}</option>)}
        {unknown && <option value={chosen}>{t('reach.viewGone')}</option>}
      </select>
      <span className="hint" id="f-patientView-hint">{t('reach.viewHint')}</span>
      {error && <span className="error" id="f-patientView-error" role="alert">{error}</span>}
    </div>
  );
}

/** "Reaches N by SMS; M cannot be reached", with those M named, for the values in the form now. */
export function CampaignReachPreview({ form }: { form: UseFormReturn<FieldValues> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [audience, channel, centre, view] = form.watch(['audience', 'channel', 'centre', 'patientView']) as unknown[];
  const asked = useDebounced(JSON.stringify({ audience, channel, centre: Number(centre) || null, view: Number(view) || null }), SETTLE_MS);
  const a = JSON.parse(asked) as { audience: string; channel: string; centre: number | null; view: number | null };
  const complete = AUDIENCES.includes(a.audience) && CHANNELS.includes(a.channel);
  const answer = useRead(complete ? reachPreview({ ...a, channel: a.channel as Channel }) : null, { keepPrevious: true });
  const reach = answer.data?.data;
  return (
    <section className="campaign-reach" aria-labelledby="reach-preview-title">
      <h3 id="reach-preview-title">{t('reach.title')}</h3>
      {!complete && <p className="hint">{t('reach.choose')}</p>}
      {complete && answer.error && <p className="alert alert-error">{answer.error}</p>}
      {complete && !answer.error && reach && (
        <>
          <p role="status" data-testid="reach-preview">
            {t('reach.preview', { reachable: f.number(reach.reachable), channel: t(reach.channel, { ns: 'enums' }), unreachable: f.number(reach.unreachable) })}
          </p>
          {reach.unreachable > 0 && (
            <ul className="reach-missing" aria-label={t(`reach.why.${reach.channel}`, { n: f.number(reach.unreachable) })}>
              {reach.missing.map((m) => <li key={`${m.kind}-${m.id}`}>{m.name}</li>)}
              {reach.more && <li className="muted">{t('reach.more', { shown: f.number(reach.missing.length), n: f.number(reach.unreachable) })}</li>}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
