import type { CommandContext } from '../../../commands';
import { savePrefs, type Prefs } from '../state/prefs';
import { currentRole, signOut } from '../state/session';
import { openPalette, runScreenAction, ui } from '../state/ui';
import { toggleSidebar } from './use-sidebar-overlay';
import { leaveTo } from './unsaved';

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
      setTheme: (theme) => void savePrefs({ theme: theme as Prefs['theme'] }),
      setLanguage: (lang) => void savePrefs({ lang: lang as Prefs['lang'] }),
      confirmDelete: (entity, id) => { ui.confirmDelete = { entity, id }; },
      openRaise: (entity) => { ui.mine = null; ui.raising = entity; },
      openMine: (entity) => { ui.raising = null; ui.mine = entity; },
      screenAction: (action) => runScreenAction(action),
    },
    inView: () => ui.inView,
  };
}
