import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, onStepUpRequired } from '../api/client';
import { errorText } from '../api/error-text';
import { me } from '../api/me';
import { Modal } from '../ui/modal';

/**
 * The step-up dialog: when the server asks for a fresh proof before a dangerous action (server/auth/step-up.ts), the
 * person types their password here (focus in the field, Enter confirms, Esc cancels) and the action is sent once more
 * (api/client.ts withStepUp). Cancelling leaves everything as it was: the action was not done. One dialog at a time;
 * calls refused meanwhile wait for the same answer.
 */
export function StepUpHost() {
  const [open, setOpen] = useState(false);
  const waiting = useRef<((proved: boolean) => void)[]>([]);
  useEffect(() => onStepUpRequired(() => new Promise<boolean>((resolve) => {
    waiting.current.push(resolve);
    setOpen(true);
  })), []);
  const finish = (proved: boolean) => {
    setOpen(false);
    for (const resolve of waiting.current.splice(0)) resolve(proved);
  };
  return open ? <StepUpDialog onDone={finish} /> : null;
}

function StepUpDialog({ onDone }: { onDone: (proved: boolean) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await me.stepUp(password);
      onDone(true);
    } catch (err) {
      setError(errorText(err instanceof ApiError ? new ApiError(err.status, err.errors.slice(0, 1)) : err));
      setPassword('');
      field.current?.focus();
      setBusy(false);
    }
  };

  return (
    <Modal title={t('stepUp.title')} onClose={() => onDone(false)} describedBy="step-up-question" className="step-up-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate style={{ display: 'contents' }}>
        <div className="body">
          <p id="step-up-question">{t('stepUp.question')}</p>
          <div className="field">
            <label htmlFor="step-up-password">{t('stepUp.password')}</label>
            <input id="step-up-password" ref={field} type="password" autoComplete="current-password" data-autofocus value={password}
              aria-invalid={error ? true : undefined} aria-describedby={error ? 'step-up-error' : undefined}
              onChange={(e) => { setPassword(e.target.value); setError(null); }} />
            {error && <span className="error" id="step-up-error" role="alert">{error}</span>}
          </div>
        </div>
        <footer>
          <button type="button" className="btn" onClick={() => onDone(false)}>{t('stepUp.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy || !password}>{t('stepUp.confirm')}</button>
        </footer>
      </form>
    </Modal>
  );
}
