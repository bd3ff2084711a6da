import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../api/error-text';
import { queryClient } from '../api/query-client';
import { signedIn, type SignedInSession } from '../api/signed-in';
import { useRead } from '../api/use-read';
import { deviceOf } from '../shell/my-sessions';
import { Modal } from '../ui/modal';
import { Empty, LoadError, Loading, useFormat } from '../list-parts/screen-parts';

/** How a session signed in, in words (written out: the strings test finds each key in the screens' sources). */
const METHODS: Record<string, string> = { password: 'signedIn.method.password', hosted: 'signedIn.method.hosted' };

/** An IPv4 address as people write it (Node gives `::ffff:10.0.0.7` on a dual-stack socket). */
const shownAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * Who is signed in (the superadmin's; registry screen `signedIn`): every live session of every person, with their role,
 * how they signed in, since when, when last used and from where. Any other session can be ended with a reason, which
 * its holder reads on the sign-in page at their next call; the end is in the audit trail under their account.
 */
export default function SignedIn({ id }: { id: string }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const f = useFormat();
  const read = signedIn.list();
  const answer = useRead(read, { fresh: true });
  const [ending, setEnding] = useState<SignedInSession | null>(null);
  const rows = answer.data?.data;
  return (
    <section aria-labelledby="screen-title" className="screen">
      <div className="page-head">
        <h1 id="screen-title">{tUi(`screen.${id}.title`)}</h1>
        <button type="button" className="btn" onClick={answer.retry} disabled={answer.refetching}>{t('signedIn.refresh')}</button>
      </div>
      <p className="muted">{t('signedIn.intro')}</p>
      {answer.loading && <Loading />}
      {answer.error && <LoadError error={answer.error} onRetry={answer.retry} />}
      {rows && rows.length === 0 && <Empty>{t('signedIn.empty')}</Empty>}
      {rows && rows.length > 0 && (
        // Focusable: on a phone the table scrolls sideways inside this box, and the keyboard scrolls it from here.
        <div className="grid" tabIndex={0} role="region" aria-labelledby="screen-title">
          <table className="screen-table" aria-labelledby="screen-title">
            <thead>
              <tr>
                <th scope="col" style={{ width: '18%' }}>{t('signedIn.person')}</th>
                <th scope="col">{t('signedIn.role')}</th>
                <th scope="col">{t('signedIn.how')}</th>
                <th scope="col">{t('signedIn.since')}</th>
                <th scope="col">{t('signedIn.lastSeen')}</th>
                <th scope="col">{t('signedIn.address')}</th>
                <th scope="col">{t('signedIn.browser')}</th>
                <th scope="col"><span className="sr-only">{t('signedIn.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <td className="wrap"><strong>{s.name}</strong><br /><span className="muted">{s.email}</span></td>
                  <td className="wrap">{tUi(s.role, { ns: 'enums' })}</td>
                  <td className="wrap">{METHODS[s.method] ? t(METHODS[s.method]) : s.method}</td>
                  <td className="wrap">{f.dateTime(s.createdAt)}</td>
                  <td className="wrap">{f.dateTime(s.lastSeenAt)}</td>
                  <td className="wrap">{s.address ? shownAddress(s.address) : t('common.none')}</td>
                  <td className="wrap">{deviceOf(s.userAgent, tUi('sessions.unknownDevice'))}</td>
                  <td className="wrap">
                    {s.current ? <span className="badge">{tUi('sessions.current')}</span> : (
                      <button type="button" className="btn" style={{ whiteSpace: 'nowrap' }} onClick={() => setEnding(s)} aria-label={t('signedIn.endFor', { name: s.name })}>{t('signedIn.end')}</button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {answer.data?.truncated && <p className="muted">{t('signedIn.truncated', { shown: f.number(answer.data.data.length) })}</p>}
      {ending && <EndSession session={ending} onClose={() => setEnding(null)} onEnded={() => void queryClient.invalidateQueries({ queryKey: read.key })} />}
    </section>
  );
}

/** Asks for the reason (its holder reads it), then ends the session. */
function EndSession({ session, onClose, onEnded }: { session: SignedInSession; onClose: () => void; onEnded: () => void }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) { setError(t('signedIn.reasonNeeded')); return; }
    setBusy(true);
    try {
      await signedIn.end(session.id, reason.trim());
      toast.success(t('signedIn.ended', { name: session.name }));
      onEnded();
      onClose();
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <Modal title={t('signedIn.endTitle', { name: session.name })} onClose={onClose} labelledBy="end-session-title" className="move-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="body">
          <p>{t('signedIn.endQuestion')}</p>
          {error && <p className="alert alert-error" role="alert">{error}</p>}
          <div className="field">
            <label htmlFor="end-session-reason">{t('signedIn.reason')}</label>
            <input id="end-session-reason" className="input" maxLength={200} autoFocus required value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
        </div>
        <footer>
          <button type="button" className="btn" onClick={onClose}>{tUi('form.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy}>{t('signedIn.end')}</button>
        </footer>
      </form>
    </Modal>
  );
}
