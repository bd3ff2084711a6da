import i18n from 'i18next';
import { errorText } from '../api/error-text';
import { viewWrites } from '../api/views';
import { getEntity } from '../../registry';
import type { CommandContext } from '../../../commands';
import { savePrefs } from '../api/prefs';
import { signOut } from '../api/session';
import type { Prefs } from '../state/prefs';
import { currentRole } from '../state/session';
import { openPalette, ui } from '../state/ui';
import { screen } from '../state/screen';
import { toast } from '../state/toast';
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
      // Said as a warning: the notices commands give are about something that did not go as asked.
      notice: (key, options) => { toast.warning(i18n.t(key, options)); },
      saveView: (id) => { ui.savingView = id ?? 'new'; },
      deleteView: (id) => void viewWrites.remove(id).then(
        () => toast.success(i18n.t('views.deleted')),
        (err: unknown) => toast.error(errorText(err))),
    },
    inView: () => ui.inView,
    screen,
    data: {
      // A list's bulk bar is there only while a row is focused or selected: a key pressed as the list reads again
      // waits for it, on this page, as any kind asked for before its screen made it.
      transition: (entity, move, rows) => {
        if (!rows.length) { toast.warning(i18n.t('screenWait.unheard')); return false; }
        // A screen that cannot take it (its rows read again since) says so: a move key never does nothing unsaid.
        screen.act('moves', (m) => { if (!m.start(move, rows)) toast.warning(i18n.t('screenWait.unheard')); }, entity);
        return true;
      },
      // On a list (a record peeked there too) the rows are set where they show, the list worked through row by row; a
      // record's page reads it again.
      // The data layer is loaded with the screens that show records, never with the shell (api/first-load.test.ts).
      setField: async (entity, rows, field, value, label) => {
        if (!rows.length) { toast.warning(i18n.t('screenWait.unheard')); return; }
        const { setField } = await import('../form/repeat-field');
        const def = getEntity(entity);
        const inPlace = Boolean(screen.get('list', entity));
        const what = i18n.t('repeat.setField', { field: i18n.t(`${entity}.fields.${field}`, { ns: 'entities' }), value: label });
        for (const row of rows) {
          const title = row.title ?? `#${row.id}`;
          setField(def, row.id, field, value, { inPlace }).then(
            () => toast.success(`${title}: ${what}`),
            (err: unknown) => toast.error(`${title}: ${errorText(err)}`));
        }
      },
    },
    translate: (key, options) => i18n.t(key, options),
  };
}
