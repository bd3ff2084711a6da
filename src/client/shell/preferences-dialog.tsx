import { useTranslation } from 'react-i18next';
import { ui } from '../state/ui';
import { Modal } from '../ui/modal';
import { PreferencesPanel } from './preferences';

/** Preferences for every role, from the user menu or the palette ("Preferences…"): theme, language, the keyboard. */
export function PreferencesDialog() {
  const { t } = useTranslation();
  return (
    <Modal title={t('prefs.title')} onClose={() => { ui.preferencesOpen = false; }}>
      <div className="body"><PreferencesPanel /></div>
    </Modal>
  );
}
