import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { menuTree } from '../../../commands';
import { DASHBOARD } from '../../registry';
import { currentRole, session } from '../state/session';
import { ui } from '../state/ui';
import { useCommands } from '../state/saved-views';
import { commandContext } from '../palette/command-context';
import { sidebarIsOverlay } from '../ui/use-sidebar-mode';
import { useSidebarOverlay } from '../ui/use-sidebar-overlay';

/** The role-filtered menu, generated from the command registry (commands/menu.ts). */
export function Sidebar() {
  const { t } = useTranslation();
  const snap = useSnapshot(ui);
  useSnapshot(session);
  const commands = useCommands();
  const [location] = useLocation();
  // The user's saved views sit under their entity's lists (commands/saved-views.ts).
  const tree = menuTree([...commands.values()], currentRole());
  // The entry of the page in view: the one whose address holds it, the longest if several do (fmc/slots/calendar is
  // the slot calendar's, not also the slots' and the centres').
  const current = tree.flatMap((g) => g.items.map((c) => c.href ?? DASHBOARD))
    .filter((href) => location === href || location.startsWith(`${href}/`))
    .reduce<string | undefined>((best, href) => (!best || href.length > best.length ? href : best), undefined);
  const activeGroup = tree.find((g) => g.items.some((c) => c.href && c.href === current))?.group;
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const isOpen = (g: string) => open[g] ?? g === activeGroup;
  const nav = useRef<HTMLElement>(null);
  useSidebarOverlay(nav, snap.sidebarOpen);
  // Below desktop the sidebar lies over the page: once a screen is chosen (here, from the palette or by a shortcut)
  // it goes, so the screen is seen.
  useEffect(() => { if (sidebarIsOverlay()) ui.sidebarOpen = false; }, [location]);
  /** An entry chosen in the overlay (a tap, a click, Enter; the page in view too): it closes, and the focus goes to the
      page the entry opens (a list then takes it for its rows), not back to the start of the document. */
  const chosen = () => {
    if (!sidebarIsOverlay()) return;
    ui.sidebarOpen = false;
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <nav ref={nav} className={`sidebar${snap.sidebarOpen ? '' : ' collapsed'}`} aria-label={t('nav.label')} id="sidebar">
      <Link href={DASHBOARD} className="brand" onClick={chosen}>{t('app.title')}</Link>
      <ul>
        {tree.map((node) => (
          <li key={node.group}>
            <button className="group-btn" aria-expanded={isOpen(node.group)} onClick={() => setOpen({ ...open, [node.group]: !isOpen(node.group) })}>
              {t(`nav.group.${node.group}`)}<span aria-hidden>{isOpen(node.group) ? '▾' : '▸'}</span>
            </button>
            {isOpen(node.group) && (
              <ul>
                {node.items.map((cmd) => {
                  const href = cmd.href ?? DASHBOARD;
                  const active = href === current;
                  const view = cmd.category === 'views';
                  return (
                    <li key={cmd.id}>
                      {/* A saved view opens through its command: one whose address no longer parses opens the plain list and says why. */}
                      <Link href={href} className={`item${active ? ' active' : ''}${view ? ' item-view' : ''}`} aria-current={active ? 'page' : undefined}
                        onClick={(e) => { if (view) { e.preventDefault(); void cmd.run(commandContext(), {}); } chosen(); }}>
                        {view && <span className="sr-only">{t('views.inSidebar')} </span>}{cmd.menuLabel?.(t) ?? cmd.title(t)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
