import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { errorText } from '../api/error-text';
import { factors, passkeyAnswer } from '../api/factors';
import { me } from '../api/me';
import { Modal } from '../ui/modal';

type Way = 'password' | 'code' | 'passkey';

/**
 * The step-up dialog: the person gives their password here, or a one-time code or a passkey when they have one (radio
 * buttons: arrows choose; focus in the field, Enter confirms, Esc cancels). Opened by StepUpHost (step-up-host.tsx),
 * which loads this file only when the server first asks, so the console's first load does not carry it.
 */
export default function StepUpDialog({ onDone }: { onDone: (proved: boolean) => void }) {
  const { t } = useTranslation();
  const [ways, setWays] = useState<Way[]>(['password']);
  const [way, setWay] = useState<Way>('password');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // The person's factors decide what else is offered; until they are known (or if asking fails), the password.
  useEffect(() => {
    let live = true;
    factors.mine().then((mine) => {
      if (!live) return;
      setWays(['password', ...(mine.methods.includes('totp') ? ['code' as const] : []), ...(mine.methods.includes('webauthn') ? ['passkey' as const] : [])]);
    }, () => undefined);
    return () => { live = false; };
  }, []);

  const choose = (next: Way) => {
    setWay(next);
    setText('');
    setError(null);
  };
  const proof = async () => {
    if (way === 'password') return { password: text };
    if (way === 'code') return { code: text.trim() };
    return { webauthn: await passkeyAnswer((await me.stepUpOptions()) as Parameters<typeof passkeyAnswer>[0]) };
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await me.stepUp(await proof());
      onDone(true);
    } catch (err) {
      // The browser's refusal of a passkey (cancelled, none here) has no words of ours: say what to do instead.
      setError(errorText(err instanceof ApiError ? new ApiError(err.status, err.errors.slice(0, 1)) : err, way === 'passkey' ? t('stepUp.passkeyFailed') : undefined));
      setText('');
      field.current?.focus();
      setBusy(false);
    }
  };

  const labels: Record<Way, string> = { password: t('stepUp.wayPassword'), code: t('stepUp.wayCode'), passkey: t('stepUp.wayPasskey') };
  return (
    <Modal title={t('stepUp.title')} onClose={() => onDone(false)} describedBy="step-up-question" className="step-up-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate style={{ display: 'contents' }}>
        <div className="body">
          <p id="step-up-question">{t(ways.length > 1 ? 'stepUp.questionAny' : 'stepUp.question')}</p>
          {ways.length > 1 && (
            <fieldset className="step-up-ways" style={{ border: 0, padding: 0, margin: '0 0 12px', display: 'flex', gap: 16, flexWrap: 'wrap' }}>
              <legend className="hint">{t('stepUp.with')}</legend>
              {ways.map((w) => (
                <label key={w} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                  <input type="radio" name="step-up-way" value={w} checked={way === w} onChange={() => choose(w)} />
                  {labels[w]}
                </label>
              ))}
            </fieldset>
          )}
          {way === 'passkey' ? (
            <p className="hint" id="step-up-passkey">{t('stepUp.passkeyHint')}</p>
          ) : (
            <div className="field">
              <label htmlFor="step-up-field">{way === 'password' ? t('stepUp.password') : t('stepUp.codeLabel')}</label>
              <input id="step-up-field" ref={field} type={way === 'password' ? 'password' : 'text'} data-autofocus value={text}
                autoComplete={way === 'password' ? 'current-password' : 'one-time-code'}
                aria-invalid={error ? true : undefined} aria-describedby={error ? 'step-up-error' : undefined}
                onChange={(e) => { setText(e.target.value); setError(null); }} />
            </div>
          )}
          {error && <span className="error" id="step-up-error" role="alert">{error}</span>}
        </div>
        <footer>
          <button type="button" className="btn" onClick={() => onDone(false)}>{t('stepUp.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy || (way !== 'passkey' && !text.trim())}>
            {way === 'passkey' ? t('stepUp.usePasskey') : t('stepUp.confirm')}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
