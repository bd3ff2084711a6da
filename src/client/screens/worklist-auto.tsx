import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { WORKLIST_AUTO_MAX_DAYS } from '../../registry';
import { errorText } from '../api/error-text';
import { queryClient } from '../api/query-client';
import { useRead } from '../api/use-read';
import { worklistAuto } from '../api/worklists';
import { useFormat } from '../i18n/format';

/**
 * Whether the worklist reminds by itself (server/reminders/worklist-auto.ts): off by default; on, a round at once and
 * then every so many days (weekly unless set, a day at least), each person at most once in that time.
 */
export function WorklistAutoReminders({ id }: { id: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const read = worklistAuto.read(id);
  const now = useRead(read, { fresh: true });
  const [edited, setEdited] = useState<{ enabled: boolean; everyDays: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!now.data) return null;
  const shown = edited ?? { enabled: now.data.enabled, everyDays: String(now.data.everyDays) };
  const days = Number(shown.everyDays);
  const valid = Number.isInteger(days) && days >= 1 && days <= WORKLIST_AUTO_MAX_DAYS;
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    try {
      const saved = await worklistAuto.set(id, { enabled: shown.enabled, everyDays: days });
      queryClient.setQueryData(read.key, saved);
      setEdited(null);
      toast.success(saved.enabled ? t('worklistAuto.savedOn', { n: saved.everyDays }) : t('worklistAuto.savedOff'));
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="worklist-auto toolbar" onSubmit={(e) => void save(e)} aria-labelledby={`${id}-auto-title`}>
      <span id={`${id}-auto-title`} className="label">{t('worklistAuto.title')}</span>
      <label className="check">
        <input type="checkbox" checked={shown.enabled} onChange={(e) => setEdited({ ...shown, enabled: e.target.checked })} /> {t('worklistAuto.on')}
      </label>
      <label htmlFor={`${id}-auto-days`}>{t('worklistAuto.every')}</label>
      <input id={`${id}-auto-days`} className="input" type="number" min={1} max={WORKLIST_AUTO_MAX_DAYS} step={1} style={{ width: '5em' }}
        value={shown.everyDays} aria-invalid={valid ? undefined : true} onChange={(e) => setEdited({ ...shown, everyDays: e.target.value })} />
      <span>{t('worklistAuto.days')}</span>
      <button type="submit" className="btn" disabled={busy || !valid || edited === null}>{t('worklistAuto.save')}</button>
      <span className="hint" aria-live="polite">
        {!valid ? t('worklistAuto.range', { max: WORKLIST_AUTO_MAX_DAYS }) : now.data.enabled && now.data.nextAt ? t('worklistAuto.next', { when: f.moment(now.data.nextAt) }) : t('worklistAuto.off')}
      </span>
    </form>
  );
}
