import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { COMMANDS, effectiveKeymap, findClash, normaliseCombo, viewCommandId } from '../../../commands';
import { checkViewAddress, mayShareViews, ROLES, VIEW_NAME_MAX, type Role, type SavedView } from '../../registry';
import { errorText } from '../api/error-text';
import { viewWrites } from '../api/views';
import { savePrefs } from '../api/prefs';
import { prefs } from '../state/prefs';
import { savedViews } from '../state/saved-views';
import { currentRole } from '../state/session';
import { ui } from '../state/ui';
import { Modal } from '../ui/modal';

/** The list in view's address as the list keeps it: its path and its search, sort and filters. */
const hereAddress = () => `${window.location.pathname}${window.location.search}`;

/** An address as it reads (`filter[mode]=video`, not `filter%5Bmode%5D`); as it is when it cannot be decoded. */
const readable = (address: string) => { try { return decodeURIComponent(address); } catch { return address; } };

const PENDING = 'view.new';

/**
 * "Save this view…": the list in view, as its address holds it, kept under a name; a superadmin or an admin may share
 * it with the roles that may open the list; an optional shortcut opens it (kept in the user's keymap, as any
 * command's). "Rename or share a saved view…" opens the same dialog on one of the user's own views. Keyboard: the name
 * takes the focus, selected; Tab through the roles and the shortcut, Enter saves, Esc closes.
 */
export function SaveViewDialog({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const role = currentRole();
  const [editing] = useState<SavedView | undefined>(() => (id === null ? undefined : savedViews.list.find((v) => v.id === id && v.mine)));
  const [address] = useState(() => editing?.address ?? hereAddress());
  const keymap = prefs.keymap as Record<string, string>;
  const [name, setName] = useState(() => editing?.name ?? document.getElementById('list-title')?.textContent?.trim().slice(0, VIEW_NAME_MAX) ?? '');
  const [shared, setShared] = useState<Role[]>(() => [...(editing?.shared ?? [])]);
  const [shortcut, setShortcut] = useState(() => (editing ? keymap[viewCommandId(editing.id)] ?? '' : ''));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => { ui.savingView = null; };
  const sharer = mayShareViews(role);
  // The roles that may open this list, besides the caller's own (its views are the caller's already).
  const roles = sharer ? ROLES.filter((r) => r !== role && checkViewAddress(address, r).ok) : [];

  const save = async () => {
    setError(null);
    if (!name.trim()) { setError(t('views.nameNeeded')); return; }
    const combo = shortcut.trim() ? normaliseCombo(shortcut) : '';
    const ownId = editing ? viewCommandId(editing.id) : PENDING;
    if (combo) {
      // Checked against every binding the user has now, the other views' too.
      const ids = [...COMMANDS.keys(), ...savedViews.list.map((v) => viewCommandId(v.id)), PENDING];
      const clash = findClash(effectiveKeymap(ids, { ...keymap, [ownId]: combo }), ownId, combo);
      if (clash) { setError(t('views.shortcutTaken', { combo })); return; }
    }
    setBusy(true);
    try {
      const body = { name: name.trim(), ...(sharer ? { shared } : {}) };
      const view = editing ? await viewWrites.update(editing.id, body) : await viewWrites.create({ ...body, address, shared });
      const { [viewCommandId(view.id)]: before, ...others } = keymap;
      if (combo || before) await savePrefs({ keymap: combo ? { ...others, [viewCommandId(view.id)]: combo } : others });
      toast.success(t('views.saved', { name: view.name }));
      close();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (id !== null && !editing) return null;
  return (
    <Modal title={editing ? t('views.editTitle') : t('views.saveTitle')} onClose={close} className="save-view">
      <form className="body form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <label className="field">
          <span>{t('views.name')}</span>
          <input className="input" autoFocus value={name} maxLength={VIEW_NAME_MAX} required aria-invalid={error === t('views.nameNeeded') || undefined}
            onFocus={(e) => e.currentTarget.select()} onChange={(e) => setName(e.target.value)} />
        </label>
        {roles.length > 0 && (
          <fieldset className="field">
            <legend>{t('views.shareWith')}</legend>
            {roles.map((r) => (
              <label key={r} className="check">
                <input type="checkbox" checked={shared.includes(r)} onChange={() => setShared((s) => (s.includes(r) ? s.filter((x) => x !== r) : [...s, r]))} />
                {' '}{t(r, { ns: 'enums' })}
              </label>
            ))}
          </fieldset>
        )}
        <label className="field">
          <span>{t('views.shortcut')}</span>
          <input className="input" value={shortcut} maxLength={40} placeholder="g v 1" aria-describedby="view-shortcut-hint" onChange={(e) => setShortcut(e.target.value)} />
          <small id="view-shortcut-hint" className="hint">{t('views.shortcutHint')}</small>
        </label>
        <p className="hint">{t('views.address', { address: readable(address) })}</p>
        {error && <p className="alert alert-error" role="alert">{error}</p>}
        <footer>
          <button type="button" className="btn" onClick={close}>{t('form.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? t('views.saving') : t('views.saveButton')}</button>
        </footer>
      </form>
    </Modal>
  );
}
