import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { auth } from '../api/auth';
import { errorText } from '../api/error-text';
import { AuthCard } from './auth-card';

/** /reset-password/:token: the token works once and expires (server). */
export function ResetPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (password !== repeat) { setError(t('auth.passwordsDiffer')); return; }
    setError(null);
    try {
      await auth.resetPassword(token, password);
      setDone(true);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <AuthCard title={t('auth.resetTitle')}>
      {done ? <p role="status">{t('auth.resetDone')}</p> : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          {error && <p className="alert alert-error" role="alert">{error}</p>}
          <div className="field">
            <label htmlFor="rp-1">{t('auth.newPassword')}</label>
            <input id="rp-1" type="password" autoComplete="new-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="rp-2">{t('auth.confirmPassword')}</label>
            <input id="rp-2" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
          </div>
          <button type="submit" className="btn btn-primary">{t('auth.resetSubmit')}</button>
        </form>
      )}
      <div className="links"><Link href="/signin">{t('auth.haveAccount')}</Link></div>
    </AuthCard>
  );
}
