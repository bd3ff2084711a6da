import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Link } from 'wouter';
import { can, entityPath, getEntity, viewActionFor, type FollowUp } from '../../registry';
import { ApiError } from '../api/client';
import { errorText } from '../api/error-text';
import { followUps } from '../api/follow-ups';
import { useRead } from '../api/use-read';
import { DateTextInput } from '../form/date-text-input';
import { formValueProblem } from '../text/date-text';
import { useFormat } from '../i18n/format';
import { currentRole } from '../state/session';
import { ui } from '../state/ui';
import { Modal } from '../ui/modal';

/** A form's `YYYY-MM-DDTHH:mm` (the user's own time) as a moment, or null while it names no real time. */
const momentOf = (value: string): Date | null => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && formValueProblem(value) === null ? new Date(value) : null);

/**
 * The time of a follow-up, typed in words and read by the console's date reader (text/date-text.ts: "tomorrow 9am",
 * "in 3 days", "lundi"), what it understood said under the box before anything is saved. Enter saves; the server's
 * refusal (a time past, a record no longer readable) is said in the dialog.
 */
function WhenForm({ idPrefix, submitLabel, onSave, onCancel }: { idPrefix: string; submitLabel: string; onSave: (at: Date) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const at = momentOf(value);
    if (!at) { setError(t('followUps.needTime')); return; }
    if (at.getTime() <= Date.now()) { setError(t('followUps.inFuture')); return; }
    setBusy(true);
    setError(null);
    try {
      await onSave(at);
    } catch (err) {
      setError(errorText(err instanceof ApiError && err.fieldErrors()[0] ? new ApiError(400, [err.fieldErrors()[0]]) : err));
    } finally {
      setBusy(false);
    }
  };
  const id = `${idPrefix}-when`;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate style={{ display: 'contents' }}>
      <div className="body">
        <div className="field">
          <label htmlFor={id}>{t('followUps.when')}</label>
          <DateTextInput common={{ id, autoFocus: true, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined }}
            value={value} onChange={(v) => { setValue(v); setError(null); }} onBlur={() => {}} inputRef={null} withTime
            help={t('followUps.help')} />
          {error && <span className="error" id={`${id}-error`} role="alert">{error}</span>}
        </div>
      </div>
      <footer>
        <button type="button" className="btn" onClick={onCancel}>{t('followUps.cancel')}</button>
        <button type="submit" className="btn btn-primary" disabled={busy}>{submitLabel}</button>
      </footer>
    </form>
  );
}

/** "Remind me when?" for the record in view or the focused row (key h, commands/follow-ups.ts). */
export function FollowUpDialog({ entity, id }: { entity: string; id: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const close = () => { ui.followUp = null; };
  const name = t(`${getEntity(entity).name}.one`, { ns: 'entities' });
  return (
    <Modal title={t('followUps.askWhen')} onClose={close} className="dialog-follow-up">
      <p className="body hint follow-up-of">{t('followUps.of', { name, id })}</p>
      <WhenForm idPrefix="follow-up" submitLabel={t('followUps.save')} onCancel={close} onSave={async (at) => {
        const made = await followUps.set(entity, id, at);
        toast.success(t('followUps.saved', { when: f.moment(made.at) }));
        close();
      }} />
    </Modal>
  );
}

/** Where a follow-up's record opens for this role, or null (a record it no longer reads). */
function pathOf(fu: FollowUp): string | null {
  if (fu.title === null) return null;
  const role = currentRole();
  const def = getEntity(fu.entity);
  const action = viewActionFor(def, (a) => can(role, def.name, a));
  return action ? entityPath(def, action, fu.recordId) : null;
}

/**
 * The person's own follow-ups ("My follow-ups", palette): the waiting ones by time, each to move (its time typed again)
 * or drop; then the last said or dropped, a dropped one saying why nothing came.
 */
export function FollowUpsDialog() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useRead(followUps.list(), { fresh: true });
  const [moving, setMoving] = useState<number | null>(null);
  const close = () => { ui.followUpsOpen = false; };
  const drop = async (fu: FollowUp) => {
    try {
      await followUps.drop(fu.id);
      toast.success(t('followUps.dropped'));
    } catch (err) {
      toast.error(errorText(err));
    }
  };
  const rows = list.data ?? [];
  return (
    <Modal title={t('followUps.mine')} onClose={close} className="dialog-follow-ups">
      <div className="body">
        {list.error && <p className="alert alert-error" role="alert">{list.error}</p>}
        {!list.data && !list.error && <p role="status" className="hint">{t('app.loading')}</p>}
        {list.data && !rows.length && <p className="hint">{t('followUps.none')}</p>}
        {rows.length > 0 && (
          <ul className="follow-ups" aria-label={t('followUps.mine')}>
            {rows.map((fu) => {
              const name = fu.title ?? t('followUps.unreadable', { name: t(`${fu.entity}.one`, { ns: 'entities' }) });
              const to = pathOf(fu);
              return (
                <li key={fu.id} data-follow-up={fu.id} data-state={fu.state}>
                  <span>{to ? <Link href={to} onClick={close}>{name}</Link> : <strong>{name}</strong>}</span>
                  <span className="hint">{t(`followUps.state.${fu.state}`, { when: f.moment(fu.at) })}</span>
                  {moving === fu.id ? (
                    <WhenForm idPrefix={`follow-up-${fu.id}`} submitLabel={t('followUps.moveSave')} onCancel={() => setMoving(null)} onSave={async (at) => {
                      const moved = await followUps.move(fu.id, at);
                      toast.success(t('followUps.saved', { when: f.moment(moved.at) }));
                      setMoving(null);
                    }} />
                  ) : (
                    <span className="follow-up-actions">
                      <button type="button" className="btn" aria-label={t('followUps.moveOf', { name })} onClick={() => setMoving(fu.id)}>{t('followUps.move')}</button>
                      <button type="button" className="btn" aria-label={t('followUps.dropOf', { name })} onClick={() => void drop(fu)}>{t('followUps.drop')}</button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <footer>
        <button type="button" className="btn" data-close onClick={close}>{t('followUps.close')}</button>
      </footer>
    </Modal>
  );
}
