import i18n from 'i18next';
import { errorText } from '../api/error-text';
import { viewWrites } from '../api/views';
import type { CommandContext } from '../../../commands';
import { savePrefs, type Prefs } from '../state/prefs';
import { currentRole, signOut } from '../state/session';
import { askScreenAction, openPalette, runScreenAction, ui } from '../state/ui';
import { toast } from '../ui/toast';
import { toggleSidebar } from '../ui/use-sidebar-overlay';
import { leaveTo } from '../ui/unsaved';

/** The context every command runs in: plain functions over the stores, so commands stay testable without React. */
export function commandContext(): CommandContext {
  return {
    // A form or move dialog holding typed values asks before its screen is left (unsaved.ts).
    navigate: (to) => leaveTo(to),
    location: () => window.location.pathname,
    session: { role: currentRole(), signOut: () => signOut() },
    ui: {
      toggleSidebar,
      openNotifications: () => { ui.notificationsOpen = true; },
      openShortcuts: () => { ui.shortcutsOpen = true; },
      openPalette: () => openPalette(),
      openPreferences: () => { ui.preferencesOpen = true; },
      openPassword: () => { ui.passwordOpen = true; },
      openFollowUp: (entity, id) => { ui.followUp = { entity, id }; },
      openFollowUps: () => { ui.followUpsOpen = true; },
      setTheme: (theme) => void savePrefs({ theme: theme as Prefs['theme'] }),
      setLanguage: (lang) => void savePrefs({ lang: lang as Prefs['lang'] }),
      confirmDelete: (entity, id) => { ui.confirmDelete = { entity, id }; },
      openRaise: (entity) => { ui.mine = null; ui.raising = entity; },
      openMine: (entity) => { ui.raising = null; ui.mine = entity; },
      openImport: (entity) => { ui.importing = entity; },
      screenAction: (action) => runScreenAction(action),
      askScreenAction,
      // Said as a warning: the notices commands give are about something that did not go as asked.
      notice: (key, options) => { toast.warning(i18n.t(key, options)); },
      saveView: (id) => { ui.savingView = id ?? 'new'; },
      deleteView: (id) => void viewWrites.remove(id).then(
        () => toast.success(i18n.t('views.deleted')),
        (err: unknown) => toast.error(errorText(err))),
    },
    inView: () => ui.inView,
    translate: (key, options) => i18n.t(key, options),
  };
}
