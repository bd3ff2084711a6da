import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { auth } from '../api/auth';
import { errorText } from '../api/error-text';
import { AuthCard } from './auth-card';

/** /forgot-password: always the same answer, so the page does not tell which addresses have accounts. */
export function ForgotPassword() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await auth.forgotPassword(email.trim());
      setDone(true);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <AuthCard title={t('auth.forgotTitle')}>
      {done ? <p role="status">{t('auth.forgotDone')}</p> : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <p>{t('auth.forgotIntro')}</p>
          {error && <p className="alert alert-error" role="alert">{error}</p>}
          <div className="field">
            <label htmlFor="fp-email">{t('auth.email')}</label>
            <input id="fp-email" type="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <button type="submit" className="btn btn-primary">{t('auth.forgotSubmit')}</button>
        </form>
      )}
      <div className="links"><Link href="/signin">{t('auth.haveAccount')}</Link></div>
    </AuthCard>
  );
}
