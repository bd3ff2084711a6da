import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../commands';
import { prefs, applyPrefs, type Prefs } from '../state/prefs';

/** The frame of the public pages, with a language switch (the choice is kept for after sign-in). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const p = useSnapshot(prefs);
  return (
    <main className="center-page">
      <div className="card">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
          <strong>{t('app.title')}</strong>
          <select aria-label={t('profile.language')} className="input" style={{ width: 'auto' }} value={p.lang}
            onChange={(e) => { prefs.lang = e.target.value as Prefs['lang']; applyPrefs(); }}>
            {LANGUAGES.map((l) => <option key={l} value={l}>{t(`lang.${l}`)}</option>)}
          </select>
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
