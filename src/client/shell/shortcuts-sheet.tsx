import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { COMMANDS, effectiveKeymap, INBOX_KEYS, isAllowed, isSingleKey, keyLabel, LIST_KEYS } from '../../../commands';
import { prefs } from '../state/prefs';
import { currentRole } from '../state/session';
import { ui } from '../state/ui';
import { useCommands } from '../state/saved-views';
import { Combo } from '../ui/combo';
import { Modal } from '../ui/modal';

/** `?`: every shortcut the user's role can use, from the same registry and keymap that bind them. */
export function ShortcutsSheet() {
  const { t } = useTranslation();
  const p = useSnapshot(prefs);
  const snap = useSnapshot(ui);
  // The saved views' shortcuts too.
  const commands = useCommands();
  if (!snap.shortcutsOpen) return null;
  const role = currentRole();
  const rows = [...effectiveKeymap(commands.keys(), p.keymap as Record<string, string>)]
    .filter(([id]) => isAllowed(commands.get(id)!, role));
  return (
    <Modal title={t('keys.title')} onClose={() => { ui.shortcutsOpen = false; }}>
      {/* The sheet scrolls and holds nothing to press: its body takes the focus, so the arrows and Page Down scroll it. */}
      <div className="body" tabIndex={0} data-autofocus role="region" aria-label={t('keys.title')}>
        {!p.singleKeyShortcuts && <p className="alert">{t('keys.singleKeysOff')}</p>}
        <h3>{t('keys.commands')}</h3>
        <table className="sheet-table">
          <tbody>
            {rows.map(([id, combo]) => (
              <tr key={id} style={!p.singleKeyShortcuts && isSingleKey(combo) ? { opacity: 0.5 } : undefined}>
                <td>{keyLabel(COMMANDS.get(id)!, t)}</td>
                <td><Combo combo={combo} /></td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>{t('keys.listScope')}</h3>
        <p className="hint">{t('typeToFind.sheet')}</p>
        <table className="sheet-table">
          <tbody>
            {LIST_KEYS.map((k) => <tr key={k.keys}><td>{t(k.label)}</td><td><kbd>{k.keys}</kbd></td></tr>)}
          </tbody>
        </table>
        <h3>{t('notifications.keys.scope')}</h3>
        <table className="sheet-table">
          <tbody>
            {INBOX_KEYS.map((k) => <tr key={k.keys}><td>{t(k.label)}</td><td><kbd>{k.keys}</kbd></td></tr>)}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
