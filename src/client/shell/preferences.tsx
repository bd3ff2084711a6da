import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { MySessions } from './my-sessions';
import { MyFactorsPanel } from './my-factors';
import { toast } from 'sonner';
import { COMMANDS, DEFAULT_KEYMAP, effectiveKeymap, findClash, isAllowed, keyLabel, LANGUAGES, normaliseCombo, THEMES } from '../../../commands';
import { languageFirstDay, LOCALE_OF, WEEKDAYS, type Language } from '../../registry';
import i18n from '../i18n';
import { savePrefs } from '../api/prefs';
import { prefs, type Prefs } from '../state/prefs';
import { currentRole } from '../state/session';

/** A weekday's name in the language (1 Monday … 7 Sunday): 5 January 2026 was a Monday. */
const weekdayName = (lang: Language, day: number) =>
  new Intl.DateTimeFormat(LOCALE_OF[lang], { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 4 + day));

/**
 * Theme, language, the first day of the week and the keyboard (single keys on or off, rebinding): every signed-in role's, shown in the user
 * profile (superadmin, admin) and in the Preferences dialog that the user menu and the palette open for every role.
 */
export function PreferencesPanel() {
  const { t } = useTranslation();
  const p = useSnapshot(prefs);
  const role = currentRole();
  const keymap = effectiveKeymap(COMMANDS.keys(), p.keymap as Record<string, string>);
  const rebindable = [...COMMANDS.values()].filter((c) => isAllowed(c, role));
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [clash, setClash] = useState<Record<string, string>>({});

  const save = async (patch: Partial<Prefs>) => {
    await savePrefs(patch);
    // Worded now, not with this render's `t`: that one is fixed to the language of before a change of language,
    // and savePrefs has loaded and switched to the new one by here.
    toast.success(i18n.t('profile.saved'));
  };
  const saveShortcut = async (id: string, value: string) => {
    const combo = normaliseCombo(value);
    const other = combo ? findClash(keymap, id, combo) : null;
    if (other) { setClash({ ...clash, [id]: t('profile.clash', { other: COMMANDS.has(other) ? keyLabel(COMMANDS.get(other)!, t) : other }) }); return; }
    setClash({ ...clash, [id]: '' });
    await savePrefs({ keymap: { ...(p.keymap as Record<string, string>), [id]: combo } });
    toast.success(t('profile.shortcutSaved'));
  };
  return (
    <>
      <h2>{t('profile.appearance')}</h2>
      <div className="field" style={{ maxWidth: 320 }}>
        <label htmlFor="pref-theme">{t('profile.theme')}</label>
        <select id="pref-theme" value={p.theme} onChange={(e) => void save({ theme: e.target.value as Prefs['theme'] })}>
          {THEMES.map((v) => <option key={v} value={v}>{t(`theme.${v}`)}</option>)}
        </select>
      </div>
      <div className="field" style={{ maxWidth: 320 }}>
        <label htmlFor="pref-lang">{t('profile.language')}</label>
        <select id="pref-lang" value={p.lang} onChange={(e) => void save({ lang: e.target.value as Prefs['lang'] })}>
          {LANGUAGES.map((v) => <option key={v} value={v}>{t(`lang.${v}`)}</option>)}
        </select>
      </div>
      <div className="field" style={{ maxWidth: 320 }}>
        <label htmlFor="pref-week">{t('profile.weekStart')}</label>
        <select id="pref-week" value={p.weekStart ?? ''} aria-describedby="pref-week-help"
          onChange={(e) => void save({ weekStart: e.target.value ? Number(e.target.value) : null })}>
          <option value="">{t('profile.weekStartLanguage', { day: weekdayName(p.lang, languageFirstDay(p.lang)) })}</option>
          {WEEKDAYS.map((d) => <option key={d} value={d}>{weekdayName(p.lang, d)}</option>)}
        </select>
        <small id="pref-week-help" className="hint">{t('profile.weekStartHelp')}</small>
      </div>
      <MyFactorsPanel />
      <MySessions />
      <h2>{t('profile.keyboard')}</h2>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <input type="checkbox" checked={p.singleKeyShortcuts} onChange={(e) => void save({ singleKeyShortcuts: e.target.checked })} />
        {t('profile.singleKeys')}
      </label>
      <p className="hint">{t('profile.singleKeysHelp')} {t('profile.rebindHelp')}</p>
      <table className="sheet-table prefs-keys">
        <tbody>
          {rebindable.map((c) => {
            const current = keymap.get(c.id) ?? '';
            const id = `kb-${c.id}`;
            return (
              <tr key={c.id}>
                <td><label htmlFor={id}>{keyLabel(c, t)}</label></td>
                <td>
                  <input id={id} className="input" aria-label={t('profile.rebind', { name: keyLabel(c, t) })}
                    value={drafts[c.id] ?? current} onChange={(e) => setDrafts({ ...drafts, [c.id]: e.target.value })}
                    onKeyDown={(e) => { if (e.key === 'Enter') void saveShortcut(c.id, drafts[c.id] ?? current); }} />
                  {clash[c.id] && <span className="error" role="alert"> {clash[c.id]}</span>}
                </td>
                <td>
                  <button className="btn" onClick={() => void saveShortcut(c.id, drafts[c.id] ?? current)}>{t('profile.saveShortcut')}</button>{' '}
                  {DEFAULT_KEYMAP[c.id] !== undefined && <button className="btn" onClick={() => { setDrafts({ ...drafts, [c.id]: DEFAULT_KEYMAP[c.id] }); void saveShortcut(c.id, DEFAULT_KEYMAP[c.id]); }}>{t('profile.resetShortcut')}</button>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
