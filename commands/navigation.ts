import { can, DASHBOARD, entityPath, getEntity, LANGUAGES, SCREENS, THEMES, type Role } from '../src/registry';
import type { InView } from './define';
import { phrasesOf, type Command } from './define';

export { THEMES, LANGUAGES };

/**
 * On a list: an entity's own list address (`/dashboard/speciality`, fmc slots), or any list that says it is in view
 * (a list by status, `/dashboard/appointments/missed`, or a deeper path such as payment/doctor/list): no record shown.
 */
const onList: NonNullable<Command['when']> = (ctx) =>
  /^\/dashboard\/[^/]+(\/slots)?$/.test(ctx.location()) || (Boolean(ctx.inView().entity) && !ctx.inView().record);

const LOG = SCREENS.find((sc) => sc.id === 'fmclogs')!;

/**
 * Where the record in view's history is, for the role: its timeline (a patient's), else its entries in the activity
 * log; none when the role may open neither.
 */
export function historyOf(inView: InView, role: Role | null): string | null {
  if (!inView.entity || !inView.record) return null;
  const def = getEntity(inView.entity);
  if (can(role, def.name, 'timeline')) return entityPath(def, 'timeline', inView.record.id);
  if (can(role, LOG.resource, LOG.action)) return `${DASHBOARD}/${LOG.path}?entity=${encodeURIComponent(def.name)}&record=${inView.record.id}`;
  return null;
}

/** Commands that are not about one entity: going places, settings, the session, the screen in view. */
export const navigationCommands: Command[] = [
  {
    id: 'nav.home', category: 'navigation', keywords: ['dashboard', 'start'],
    title: (t) => t('cmd.home'), access: { resource: 'home', action: 'view' },
    run: (ctx) => ctx.navigate(DASHBOARD),
  },
  {
    id: 'nav.settings', category: 'navigation', keywords: ['profile', 'account', 'user profile', 'preferences'],
    title: (t) => t('cmd.settings'), access: { resource: 'userProfile', action: 'view' },
    run: (ctx) => ctx.navigate(entityPath('userProfile')),
  },
  {
    id: 'palette.open', category: 'navigation', keywords: ['command', 'search', 'find'],
    title: (t) => t('cmd.palette'),
    run: (ctx) => ctx.ui.openPalette(),
  },
  {
    id: 'ui.toggleSidebar', category: 'settings', keywords: ['menu', 'sidebar', 'navigation'],
    title: (t) => t('cmd.toggleSidebar'),
    run: (ctx) => ctx.ui.toggleSidebar(),
  },
  {
    id: 'ui.notifications', category: 'navigation', keywords: ['alerts', 'inbox', 'widgets'],
    title: (t) => t('cmd.notifications'),
    run: (ctx) => ctx.ui.openNotifications(),
  },
  {
    id: 'record.history', category: 'navigation', keywords: ['history', 'changes', 'log', 'timeline', 'who changed', 'audit'],
    title: (t) => t('cmd.recordHistory'),
    when: (ctx) => historyOf(ctx.inView(), ctx.session.role) !== null,
    run: (ctx) => { const to = historyOf(ctx.inView(), ctx.session.role); if (to) ctx.navigate(to); },
  },
  {
    id: 'ui.shortcuts', category: 'settings', keywords: ['keyboard', 'keys', 'help', 'cheat sheet'],
    title: (t) => t('cmd.shortcuts'),
    run: (ctx) => ctx.ui.openShortcuts(),
  },
  {
    // Theme, language and the keyboard for every role (the userProfile screen stays superadmin and admin, spec §2).
    id: 'ui.preferences', category: 'settings', keywords: ['preferences', 'settings', 'theme', 'language', 'keyboard', 'shortcuts'],
    title: (t) => t('cmd.preferences'),
    run: (ctx) => ctx.ui.openPreferences(),
  },
  {
    // The user's own password, for every role (api/me.ts changePassword): other sessions end, this one goes on.
    id: 'ui.password', category: 'settings', keywords: ['password', 'change password', 'passphrase', 'security'],
    title: (t) => t('cmd.changePassword'),
    run: (ctx) => ctx.ui.openPassword(),
  },
  {
    id: 'ui.theme', category: 'settings', keywords: ['theme', 'dark', 'light', 'contrast', 'colour'],
    title: (t) => t('cmd.theme'), phrases: phrasesOf('words.theme'),
    params: [{ name: 'theme', kind: 'choice', prompt: (t) => t('cmd.pickTheme'), choices: () => THEMES.map((v) => ({ value: v, label: (t) => t(`theme.${v}`) })) }],
    run: (ctx, args) => ctx.ui.setTheme(String(args.theme.value)),
  },
  {
    id: 'ui.language', category: 'settings', keywords: ['language', 'locale', 'translate'],
    title: (t) => t('cmd.language'), phrases: phrasesOf('words.language'),
    params: [{ name: 'lang', kind: 'choice', prompt: (t) => t('cmd.pickLanguage'), choices: () => LANGUAGES.map((v) => ({ value: v, label: (t) => t(`lang.${v}`) })) }],
    run: (ctx, args) => ctx.ui.setLanguage(String(args.lang.value)),
  },
  {
    id: 'session.signOut', category: 'session', keywords: ['logout', 'log out', 'sign out', 'exit'],
    title: (t) => t('cmd.signOut'),
    run: (ctx) => ctx.session.signOut(),
  },
  {
    id: 'list.create', category: 'list', keywords: ['new', 'add', 'create'],
    title: (t) => t('cmd.listCreate'),
    when: onList,
    // Pressed right after opening a list, its code may still be on its way: then once the list is there.
    run: (ctx) => ctx.screen.act('list', (list) => list.openCreate?.()),
  },
  {
    id: 'list.filter', category: 'list', keywords: ['filter', 'search list', 'find'],
    title: (t) => t('cmd.listFilter'),
    when: onList,
    run: (ctx) => ctx.screen.act('list', (list) => list.focusFilter()),
  },
  {
    id: 'list.addFilter', category: 'list', keywords: ['filter', 'add filter', 'narrow', 'period', 'range', 'between'],
    title: (t) => t('cmd.listAddFilter'),
    when: onList,
    run: (ctx) => ctx.screen.act('list', (list) => list.addFilter()),
  },
  {
    // The list's Columns menu, opened on its first column: show, hide or reset the columns with the keyboard.
    id: 'list.columns', category: 'list', keywords: ['columns', 'show columns', 'hide columns', 'column width', 'resize'],
    title: (t) => t('columns.command'),
    when: onList,
    run: (ctx) => ctx.screen.act('list', (list) => list.openColumns()),
  },
];
