import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../api/error-text';
import { mySessions, type MySession } from '../api/my-sessions';
import { queryClient } from '../api/query-client';
import { useRead } from '../api/use-read';
import { useFormat } from '../i18n/format';
import { signOut } from '../api/session';

/** "Chrome on Windows" from a user agent, or the user agent itself: enough to tell one's own devices apart. */
export function deviceOf(userAgent: string | null, unknown: string): string {
  if (!userAgent) return unknown;
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrom(e|ium)\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : null;
  const system = /Windows/.test(userAgent) ? 'Windows' : /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : null;
  return browser && system ? `${browser} · ${system}` : userAgent.slice(0, 80);
}

/** "password + passkey": how a session signed in, in the reader's words; unknown values (a newer server) as they are. */
export function howSignedIn(s: Pick<MySession, 'method' | 'factor'>, t: (key: string) => string): string {
  const word = (group: string, value: string) => {
    const key = `sessions.${group}.${value}`;
    const text = t(key);
    return text === key ? value : text;
  };
  return [word('method', s.method), ...(s.factor ? [word('factor', s.factor)] : [])].join(' + ');
}

/**
 * Where the user is signed in (preferences): each live session with when it signed in and was last used, this one
 * marked; any other can be ended, and "Sign out everywhere" ends them all, this one too (a lost phone, a shared PC).
 */
export function MySessions() {
  const { t } = useTranslation();
  const f = useFormat();
  const read = mySessions.list();
  const list = useRead(read, { fresh: true });
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const end = async (s: MySession) => {
    setBusy(s.id);
    try {
      await mySessions.end(s.id);
      toast.success(t('sessions.ended'));
      await queryClient.invalidateQueries({ queryKey: read.key });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  const endAll = async () => {
    if (!window.confirm(t('sessions.endAllConfirm'))) return;
    setBusy('all');
    try {
      await mySessions.endAll();
      await signOut({ callServer: false });
    } catch (err) {
      toast.error(errorText(err));
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('sessions.title')}</h2>
      {list.error && <p className="alert alert-error" role="alert">{list.error}</p>}
      {!list.data && !list.error && <p role="status" className="hint">{t('app.loading')}</p>}
      {list.data && (
        <ul className="sessions">
          {list.data.map((s) => (
            <li key={s.id}>
              <span><strong>{deviceOf(s.userAgent, t('sessions.unknownDevice'))}</strong>{s.current && <> <span className="badge">{t('sessions.current')}</span></>}</span>
              <span className="hint">{t('sessions.since', { signedIn: f.moment(s.createdAt), lastSeen: f.moment(s.lastSeenAt) })}</span>
              <span className="hint" data-testid="session-how">{t('sessions.how', { how: howSignedIn(s, t) })}</span>
              {!s.current && <button type="button" className="btn" disabled={busy !== null} onClick={() => void end(s)}>{t('sessions.end')}</button>}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn" disabled={busy !== null} onClick={() => void endAll()}>{t('sessions.endAll')}</button>
    </section>
  );
}
