import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../api/client';
import { errorText } from '../api/error-text';
import { factors, type MyFactors, type Passkey } from '../api/factors';
import { queryClient } from '../api/query-client';
import { keys, type Read } from '../api/keys';
import { useRead } from '../api/use-read';
import { useAddPasskey } from '../api/use-add-passkey';
import { useFormat } from '../i18n/format';

const read: Read<MyFactors> = { key: keys.screen('my-factors'), fetch: () => factors.mine() };
const reload = () => queryClient.invalidateQueries({ queryKey: read.key });

/**
 * The person's second factors (preferences): one-time codes on or off (turned off with a current code) and the
 * recovery codes left; each passkey with its name and when it was last used, renamed in place, removed (the server
 * asks for a fresh proof first: the step-up dialog); a new one added by name.
 */
export function MyFactorsPanel() {
  const { t } = useTranslation();
  const list = useRead(read, { fresh: true });
  const mine = list.data;
  return (
    <section aria-labelledby="factors-title">
      <h2 id="factors-title">{t('myFactors.title')}</h2>
      {list.error && <p className="alert alert-error" role="alert">{list.error}</p>}
      {!mine && !list.error && <p role="status" className="hint">{t('app.loading')}</p>}
      {mine && <Codes mine={mine} />}
      {mine && <Passkeys mine={mine} />}
    </section>
  );
}

function Codes({ mine }: { mine: MyFactors }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const on = mine.methods.includes('totp');
  const turnOff = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await factors.turnOffTotp(code.trim());
      toast.success(t('myFactors.codesTurnedOff'));
      setAsking(false);
      setCode('');
      await reload();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="factor-codes">
      <h3>{t('myFactors.codes')}</h3>
      <p>{on ? t('myFactors.codesOn', { count: mine.recoveryCodesLeft }) : t('myFactors.codesOff')}</p>
      {!on && <Link href="/second-factor" className="btn">{t('myFactors.setUpCodes')}</Link>}
      {on && !asking && <button type="button" className="btn" onClick={() => setAsking(true)}>{t('myFactors.turnOff')}</button>}
      {on && asking && (
        <form onSubmit={(e) => void turnOff(e)} noValidate className="inline-form" style={{ display: 'flex', gap: 8, alignItems: 'end', flexWrap: 'wrap' }}>
          <div className="field" style={{ margin: 0 }}>
            <label htmlFor="codes-off">{t('myFactors.turnOffCode')}</label>
            <input id="codes-off" className="input" autoComplete="one-time-code" autoFocus value={code} onChange={(e) => { setCode(e.target.value); setError(null); }}
              aria-invalid={error ? true : undefined} aria-describedby={error ? 'codes-off-error' : undefined}
              onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); setAsking(false); } }} />
          </div>
          <button type="submit" className="btn btn-danger" disabled={busy || !code.trim()}>{t('myFactors.turnOffConfirm')}</button>
          <button type="button" className="btn" onClick={() => setAsking(false)}>{t('myFactors.cancel')}</button>
          {error && <span className="error" id="codes-off-error" role="alert">{error}</span>}
        </form>
      )}
    </div>
  );
}

function Passkeys({ mine }: { mine: MyFactors }) {
  const { t } = useTranslation();
  const { name, setName, busy, error, add } = useAddPasskey(t('myFactors.notMade'), async () => {
    toast.success(t('myFactors.added'));
    await reload();
  });
  return (
    <div className="factor-passkeys">
      <h3>{t('myFactors.passkeys')}</h3>
      {mine.passkeys.length === 0 && <p className="hint">{t('myFactors.noPasskeys')}</p>}
      {mine.passkeys.length > 0 && (
        <ul className="sessions" aria-label={t('myFactors.passkeys')}>
          {mine.passkeys.map((k) => <PasskeyRow key={k.id} passkey={k} />)}
        </ul>
      )}
      <form onSubmit={(e) => void add(e)} noValidate style={{ display: 'flex', gap: 8, alignItems: 'end', flexWrap: 'wrap' }}>
        <div className="field" style={{ margin: 0 }}>
          <label htmlFor="passkey-name">{t('myFactors.newName')}</label>
          <input id="passkey-name" className="input" value={name} maxLength={60} placeholder={t('myFactors.newNamePlaceholder')}
            aria-invalid={error ? true : undefined} aria-describedby={error ? 'passkey-error' : undefined}
            onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit" className="btn" disabled={busy || !name.trim()}>{t('myFactors.add')}</button>
        {error && <span className="error" id="passkey-error" role="alert">{error}</span>}
      </form>
    </div>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [busy, setBusy] = useState(false);
  const act = async (what: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await what();
      toast.success(done);
      setRenaming(false);
      await reload();
    } catch (err) {
      // Cancelling the step-up dialog is no failure to report: the passkey simply stays.
      if (!(err instanceof ApiError && err.code === 'step_up_required')) toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = () => {
    if (!window.confirm(t('myFactors.removeConfirm', { name: passkey.name }))) return;
    void act(() => factors.removePasskey(passkey.id), t('myFactors.removed'));
  };
  const inputId = `passkey-rename-${passkey.id}`;
  return (
    <li>
      {renaming ? (
        <form onSubmit={(e) => { e.preventDefault(); void act(() => factors.renamePasskey(passkey.id, name.trim()), t('myFactors.renamed')); }}
          style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <label htmlFor={inputId} className="sr-only">{t('myFactors.renameLabel', { name: passkey.name })}</label>
          <input id={inputId} className="input" value={name} maxLength={60} autoFocus onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); setRenaming(false); setName(passkey.name); } }} />
          <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>{t('myFactors.save')}</button>
          <button type="button" className="btn" onClick={() => { setRenaming(false); setName(passkey.name); }}>{t('myFactors.cancel')}</button>
        </form>
      ) : (
        <span><strong>{passkey.name}</strong></span>
      )}
      <span className="hint">
        {t('myFactors.passkeyMeta', { added: f.moment(passkey.createdAt), used: passkey.lastUsedAt ? f.moment(passkey.lastUsedAt) : t('myFactors.neverUsed') })}
      </span>
      {!renaming && (
        <>
          <button type="button" className="btn" disabled={busy} aria-label={t('myFactors.renameLabel', { name: passkey.name })} onClick={() => setRenaming(true)}>{t('myFactors.rename')}</button>
          <button type="button" className="btn" disabled={busy} aria-label={t('myFactors.removeLabel', { name: passkey.name })} onClick={remove}>{t('myFactors.remove')}</button>
        </>
      )}
    </li>
  );
}
