import { lazy, Suspense, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { ui, openPalette } from '../state/ui';
import { Hotkeys, openPaletteShortcutLabel } from './hotkeys';
import { NotificationToggle } from './notification-toggle';
import { Sidebar } from './sidebar';
import { ScreenArrival } from './screen-arrival';
import { UserMenu } from './user-menu';
import { usePushToken } from './use-push-token';
import { useChangeStream } from './use-change-stream';
import { useSavedViewsSync } from './use-saved-views';
import { useSidebarMode } from '../ui/use-sidebar-mode';
import { closeSidebar, toggleSidebar } from '../ui/use-sidebar-overlay';

// Dialogs load the first time they open: the palette (its listbox and ranking), the delete confirmation, the shortcut sheet.
const Palette = lazy(() => import('../palette/palette').then((m) => ({ default: m.Palette })));
const ConfirmDelete = lazy(() => import('./confirm-delete').then((m) => ({ default: m.ConfirmDelete })));
const ShortcutsSheet = lazy(() => import('./shortcuts-sheet').then((m) => ({ default: m.ShortcutsSheet })));
const ImportDialog = lazy(() => import('../import/import-dialog').then((m) => ({ default: m.ImportDialog })));
const RaiseDialog = lazy(() => import('./raised-dialogs').then((m) => ({ default: m.RaiseDialog })));
const MineDialog = lazy(() => import('./raised-dialogs').then((m) => ({ default: m.MineDialog })));
const LeaveConfirm = lazy(() => import('./leave-confirm').then((m) => ({ default: m.LeaveConfirm })));
const PreferencesDialog = lazy(() => import('./preferences-dialog').then((m) => ({ default: m.PreferencesDialog })));
const PasswordDialog = lazy(() => import('./password-dialog').then((m) => ({ default: m.PasswordDialog })));
const FollowUpDialog = lazy(() => import('./follow-ups').then((m) => ({ default: m.FollowUpDialog })));
const FollowUpsDialog = lazy(() => import('./follow-ups').then((m) => ({ default: m.FollowUpsDialog })));
const SaveViewDialog = lazy(() => import('./save-view-dialog').then((m) => ({ default: m.SaveViewDialog })));

/** Top bar, sidebar and the dialogs every screen shares (spec §2 Shell). */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const snap = useSnapshot(ui);
  useSidebarMode();
  usePushToken();
  useChangeStream();
  useSavedViewsSync();
  return (
    <div className="shell">
      <a href="#main" className="skip-link">{t('app.skipToContent')}</a>
      <header className="topbar">
        <button className="btn-icon" aria-label={t('topbar.toggleMenu')} aria-controls="sidebar" aria-expanded={snap.sidebarOpen} onClick={toggleSidebar}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden fill="currentColor"><path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" /></svg>
        </button>
        {/* Named by what it shows (WCAG 2.5.3: a voice user says what they see); the shortcut is given as such. */}
        <button className="btn search-btn" onClick={() => openPalette()} aria-keyshortcuts={openPaletteShortcutLabel().startsWith('⌘') ? 'Meta+K' : 'Control+K'}>
          <span>{t('topbar.openPalette')}</span><kbd aria-hidden>{openPaletteShortcutLabel()}</kbd>
        </button>
        <span className="grow" />
        <NotificationToggle />
        <UserMenu />
      </header>
      <Sidebar />
      {/* Under the overlay sidebar (phones and tablets; hidden by CSS on desktop): a tap on the page closes the sidebar
          and presses nothing under it. Not for the keyboard, which has Esc. */}
      {snap.sidebarOpen && <div className="sidebar-scrim" aria-hidden onClick={closeSidebar} />}
      <main className="main" id="main" tabIndex={-1}>{children}</main>
      <Dialogs />
      <ScreenArrival />
      <Hotkeys />
    </div>
  );
}

/**
 * The dialogs every screen shares, each mounted while it is open. Their flags are read here, not in Shell: opening
 * the palette (or any of these) re-renders this alone, not the top bar, the sidebar (its menu built from every
 * command) and the shortcuts' bindings, a good part of the palette's opening frame (bench/palette-figures.md).
 */
function Dialogs() {
  const snap = useSnapshot(ui);
  return (
    <Suspense fallback={null}>
      {snap.paletteOpen && <Palette />}
      {snap.shortcutsOpen && <ShortcutsSheet />}
      {snap.confirmDelete && <ConfirmDelete />}
      {snap.preferencesOpen && <PreferencesDialog />}
      {snap.passwordOpen && <PasswordDialog />}
      {snap.raising && <RaiseDialog entity={snap.raising} />}
      {snap.importing && <ImportDialog key={snap.importing} entity={snap.importing} />}
      {snap.mine && <MineDialog entity={snap.mine} />}
      {snap.savingView !== null && <SaveViewDialog id={snap.savingView === 'new' ? null : snap.savingView} />}
      {snap.followUp && <FollowUpDialog entity={snap.followUp.entity} id={snap.followUp.id} />}
      {snap.followUpsOpen && <FollowUpsDialog />}
      {snap.leaving && <LeaveConfirm />}
    </Suspense>
  );
}
