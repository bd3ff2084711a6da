import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveUrl } from '../api/client';
import { errorText } from '../api/error-text';
import { uploadFile } from '../api/upload';
import { ImageValue } from '../text/field-value';

/** Uploads into the content store and keeps the returned path as the field's value. */
export function FileInput({ inputId, kind, value, onChange }: { inputId: string; kind: 'image' | 'file'; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      onChange(await uploadFile(file));
    } catch (err) {
      setError(errorText(err, t('form.uploadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      {value && kind === 'image' && <div style={{ marginBottom: 4 }}><ImageValue address={value} size={96} /></div>}
      {value && kind === 'file' && <a href={resolveUrl(value)} target="_blank" rel="noreferrer">{value.split('/').pop()}</a>}
      <input id={inputId} type="file" accept={kind === 'image' ? 'image/png,image/jpeg,image/gif,image/webp' : 'application/pdf,image/*'}
        onChange={(e) => { const f = e.target.files?.[0]; if (f) void upload(f); }} />
      {value && <button type="button" className="btn" onClick={() => onChange('')}>{t('form.removeFile')}</button>}
      {busy && <span className="hint" role="status">{t('form.uploading')}</span>}
      {error && <span className="error" role="alert">{error}</span>}
    </div>
  );
}
