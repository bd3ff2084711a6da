import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe, useSnapshot } from 'valtio';
import { PRESENCE_BEAT_SECONDS, type EntityDef } from '../../registry';
import { presence } from '../api/presence';
import { live, presentOn, recordKey } from '../state/live';

/**
 * What others are doing, as the screens show it (state/live.ts, filled by the change stream): rows another user
 * changed a moment ago, a list's note of a row someone else deleted, a form's "Changed by … just now", and who else has
 * a record open.
 */

/** The ids of an entity's records someone else changed a moment ago: their rows are marked. */
export function useChangedRows(def: EntityDef): ReadonlySet<number> {
  const { changes } = useSnapshot(live);
  const prefix = `${def.name}:`;
  return useMemo(() => new Set(Object.entries(changes).filter(([key, c]) => c.marked && key.startsWith(prefix)).map(([key]) => Number(key.slice(prefix.length)))), [changes, prefix]);
}

/** A list's note of a record someone else deleted while it was on screen (read out politely by the list's foot). */
export function DeletedNote({ def }: { def: EntityDef }) {
  const { t } = useTranslation();
  const { deleted } = useSnapshot(live);
  const [since] = useState(() => Date.now());
  const d = deleted[def.name];
  if (!d || d.at < since) return null;
  const name = t(`${def.name}.one`, { ns: 'entities' });
  return <span className="live-note">{d.byName ? t('live.deleted', { name, by: d.byName }) : t('live.deletedByOther', { name })}</span>;
}

/**
 * An edit form's notice that its record changed since the form filled in (`shownVersion` < the version read since):
 * who changed it, with Reload (the form takes the record as it is now, over what was typed) or Keep editing (the
 * notice goes; a save is then refused as stale by the server, which stays the guard).
 */
export function ChangedMeanwhile({ def, id, shownVersion, latestVersion, onReload }: {
  def: EntityDef; id: number; shownVersion: number | null; latestVersion: number | null; onReload: () => void;
}) {
  const { t } = useTranslation();
  const { changes } = useSnapshot(live);
  const [kept, setKept] = useState<number | null>(null);
  if (shownVersion === null || latestVersion === null || latestVersion <= shownVersion || kept === latestVersion) return null;
  const by = changes[recordKey(def.name, id)]?.byName;
  return (
    <div className="alert live-changed" role="alert">
      {by ? t('live.changedBy', { by }) : t('live.changedByOther')}{' '}
      <button type="button" className="btn" onClick={onReload}>{t('live.reload')}</button>{' '}
      <button type="button" className="btn" onClick={() => setKept(latestVersion)}>{t('live.keepEditing')}</button>
    </div>
  );
}

/**
 * Tells the others this user has the record open (`viewing` its details, `editing` it in a form) while the page is
 * open, every PRESENCE_BEAT_SECONDS, and that the user left when it closes. A failed call is not the user's concern.
 */
export function useSayPresence(def: EntityDef, id: number | null, mode: 'viewing' | 'editing') {
  useEffect(() => {
    if (!id) return;
    const key = recordKey(def.name, id);
    const say = (m: 'viewing' | 'editing' | 'left') => presence.say({ entity: def.name, id, mode: m }).catch(() => {});
    void say(mode);
    const timer = setInterval(() => void say(mode), PRESENCE_BEAT_SECONDS * 1000);
    // Someone new on the record is answered at once, so that they see this user without waiting for the next beat.
    let known = new Set(Object.keys(live.presence[key] ?? {}));
    const unsubscribe = subscribe(live.presence, () => {
      const now = new Set(Object.keys(live.presence[key] ?? {}));
      const arrived = [...now].some((u) => !known.has(u));
      known = now;
      if (arrived) void say(mode);
    });
    const onPageHide = () => presence.leaveOnUnload({ entity: def.name, id });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      void say('left');
    };
  }, [def.name, id, mode]);
}

/** "Vikram Rao is editing · Asha Iyer is viewing": the others on this record now (none: nothing shown). */
export function PresenceNote({ def, id }: { def: EntityDef; id: number }) {
  const { t } = useTranslation();
  const people = useSnapshot(live).presence[recordKey(def.name, id)];
  const text = presentOn(people).map((p) => t(p.mode === 'editing' ? 'live.editing' : 'live.viewing', { name: p.name })).join(' · ');
  return (
    <p className="presence-note" role="status" aria-label={text ? `${t('live.others')}: ${text}` : undefined}>
      {text}
    </p>
  );
}
