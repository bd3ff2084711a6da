import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../api/client';
import { errorText } from '../api/error-text';
import { me } from '../api/me';
import { ui } from '../state/ui';
import { Modal } from '../ui/modal';
import { askBeforeLeaving, registerUnsaved } from '../ui/unsaved';

type Field = 'currentPassword' | 'newPassword' | 'repeat';

/**
 * "Change password…" (palette, every role): the current password, the new one twice. The server checks the current
 * one (as a sign-in), the new one's rules, and ends the user's other sessions; its field errors land on their fields.
 */
export function PasswordDialog() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => { ui.passwordOpen = false; };
  const dirty = Object.values(values).some(Boolean);
  // Typed passwords are not dropped silently: closing, or a command leaving the screen, asks first (ui/unsaved.ts).
  useEffect(() => registerUnsaved(() => dirty), [dirty]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (values.newPassword !== values.repeat) { setErrors({ repeat: t('password.differ') }); return; }
    setBusy(true);
    try {
      await me.changePassword(values.currentPassword, values.newPassword);
      toast.success(t('password.done'));
      close();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : [];
      setErrors(Object.fromEntries(fields.map((f) => [f.field, errorText(new ApiError(400, [f]))])));
      const first = fields[0]?.field;
      if (first) document.getElementById(`pw-${first}`)?.focus();
      else setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`pw-${name}`}>{label}</label>
      <input id={`pw-${name}`} type="password" autoComplete={autoComplete} autoFocus={name === 'currentPassword'} value={values[name]}
        aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `pw-${name}-error` : undefined}
        onChange={(e) => { setValues((v) => ({ ...v, [name]: e.target.value })); setErrors((x) => ({ ...x, [name]: undefined })); }} />
      {errors[name] && <span className="error" id={`pw-${name}-error`} role="alert">{errors[name]}</span>}
    </div>
  );

  return (
    <Modal title={t('password.title')} onClose={() => askBeforeLeaving(close)}>
      <form onSubmit={(e) => void submit(e)} noValidate style={{ display: 'contents' }}>
        <div className="body">
          {formError && <p className="alert alert-error" role="alert">{formError}</p>}
          {field('currentPassword', t('password.current'), 'current-password')}
          {field('newPassword', t('password.new'), 'new-password')}
          {field('repeat', t('password.repeat'), 'new-password')}
        </div>
        <footer>
          <button type="button" className="btn" onClick={() => askBeforeLeaving(close)}>{t('password.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy}>{t('password.save')}</button>
        </footer>
      </form>
    </Modal>
  );
}
