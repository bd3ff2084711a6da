import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { auth } from '../api/auth';
import { ApiError, type ErrorItem } from '../api/client';
import { errorText } from '../api/error-text';
import { translateMessage } from '../i18n';
import { AuthCard } from './auth-card';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password'] as const;
const SIGN_UP_ROLES = ['doctor', 'fmc', 'railway'] as const;

/** /signup: asks for a staff account; it waits, pending, for an administrator's approval. */
export function SignUp() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({ role: 'doctor' });
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors([]);
    setFormError(null);
    try {
      await auth.signUp({ ...values, phone: values.phone || null });
      setDone(true);
    } catch (err) {
      // Field errors go under their fields; the rest is said at the top, in the user's language.
      const fields = err instanceof ApiError ? err.fieldErrors() : [];
      setErrors(fields);
      if (!fields.length) setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const errorOf = (f: string) => errors.find((e) => e.field === f)?.message;
  if (done) {
    return <AuthCard title={t('auth.signUpTitle')}><p role="status">{t('auth.signUpDone')}</p><Link href="/signin">{t('auth.haveAccount')}</Link></AuthCard>;
  }
  return (
    <AuthCard title={t('auth.signUpTitle')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {formError && <p className="alert alert-error" role="alert">{formError}</p>}
        {FIELDS.map((f, i) => (
          <div className="field" key={f}>
            <label htmlFor={`su-${f}`}>{t(`auth.${f === 'password' ? 'password' : f}`)}</label>
            <input id={`su-${f}`} autoFocus={i === 0} type={f === 'password' ? 'password' : f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
              autoComplete={f === 'password' ? 'new-password' : undefined} value={values[f] ?? ''} aria-invalid={errorOf(f) ? true : undefined}
              onChange={(e) => setValues({ ...values, [f]: e.target.value })} />
            {errorOf(f) && <span className="error" role="alert">{translateMessage(errorOf(f)!)}</span>}
          </div>
        ))}
        <div className="field">
          <label htmlFor="su-role">{t('auth.role')}</label>
          <select id="su-role" value={values.role} onChange={(e) => setValues({ ...values, role: e.target.value })}>
            {SIGN_UP_ROLES.map((r) => <option key={r} value={r}>{t(r, { ns: 'enums' })}</option>)}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>{t('auth.submit')}</button>
        <div className="links"><Link href="/signin">{t('auth.haveAccount')}</Link></div>
      </form>
    </AuthCard>
  );
}
