import {
  can, ENTITIES, entityPath, getEntity, listQueryString, movesFrom, SCREENS, transitionAction, viewActionFor, DASHBOARD,
  type EntityDef, type Transition,
} from '../src/registry';
import { phrasesOf, type Command, type InView, type Translate } from './define';
import { actedOn } from './screen';
import { valueLabel, viewLabel } from './value-label';

const plural = (t: Translate, def: EntityDef) => t(`${def.name}.other`, { ns: 'entities' });

/**
 * The commands of workflows and bespoke screens, generated from the registry:
 *  - one list command per view ("Appointments: Missed"), in the sidebar and with `g a` + letter shortcuts (keymap.ts);
 *  - one command per transition ("Mark appointment completed"), offered on the record in view when its status
 *    allows the move, and on the selected rows of the list in view (each row's result reported by the screen that
 *    makes moves: ctx.data.transition);
 *  - one command per bespoke screen (fmc dashboard, fmc logs, the notification worklists);
 *  - "Filter payments…": status, method, period and doctor on palette sub-pages, landing on the filtered list.
 */
function viewCommands(def: EntityDef): Command[] {
  return (def.views ?? []).map((v, i) => ({
    id: `${def.name}.list.${v.segment}`,
    category: 'entity',
    keywords: [def.name, def.api, v.segment],
    title: (t) => t('cmd.listView', { name: plural(t, def), view: viewLabel(t, def, v) }),
    access: { resource: def.name, action: 'list' },
    lists: listedValue(def, v),
    menu: def.nav && { group: def.nav.group, order: def.nav.order + i },
    menuLabel: (t) => viewLabel(t, def, v),
    href: entityPath(def, 'list', undefined, v.segment),
    run: (ctx) => ctx.navigate(entityPath(def, 'list', undefined, v.segment)),
  }));
}

/** The one value of the workflow's field a view lists, if it lists one ("Appointments: Completed"). */
function listedValue(def: EntityDef, view: NonNullable<EntityDef['views']>[number]): Command['lists'] {
  const field = def.workflow?.field;
  const value = field ? view.filters?.[field] : undefined;
  return field && typeof value === 'string' ? { field, value } : undefined;
}

/**
 * Everyday words of a bespoke screen: "today" for the screens that open on today (the appointments calendar, the fmc
 * dashboard's figures); "add patient", "book appointment" for the slot calendar, where a patient is booked (the
 * console adds no patient: they sign up in the app).
 */
const SCREEN_PHRASES: Record<string, string> = { appointmentCalendar: 'words.today', fmcDashboard: 'words.today', slotCalendar: 'words.book' };

/** Whether a move applies to what is in view: the record shown (its status allows it), or selected rows of the entity's list. */
function applies(def: EntityDef, move: Transition, inView: ReturnType<Parameters<NonNullable<Command['when']>>[0]['inView']>): boolean {
  if (inView.entity !== def.name) return false;
  if (inView.record) return movesFrom(def, inView.record.status).includes(move);
  // A review (approving a verification) is made on the record's page, after its documents: never on rows.
  if (move.review) return false;
  // The selected rows; with none selected, the row the keyboard is on, when its status allows the move.
  return inView.selected > 0 || (inView.focused !== undefined && movesFrom(def, inView.focused.status).includes(move));
}

/**
 * Why a move's key did nothing on what is in view: the status of the record (or the row the keyboard is on) does not
 * allow it, a review is made on the record's page, or no row is there. null when another entity is in view.
 */
function whyMoveNot(def: EntityDef, move: Transition, inView: InView, t: Translate): string | null {
  if (inView.entity !== def.name) return null;
  const label = t(`transition.${def.name}.${move.name}`).replace(/…$/, '');
  if (move.review && !inView.record) return t('moveWhyNot.review', { move: label });
  const status = inView.record?.status ?? inView.focused?.status;
  if (status === undefined) return t('moveWhyNot.noRecord', { move: label });
  const field = def.workflow!.field;
  const say = (s: string) => valueLabel(t, def.name, field, s).toLocaleLowerCase();
  return t('moveWhyNot.status', { move: label, name: t(`${def.name}.one`, { ns: 'entities' }).toLocaleLowerCase(), status: say(status), from: move.from.map(say).join(' / ') });
}

function transitionCommands(def: EntityDef): Command[] {
  return (def.workflow?.transitions ?? []).map((move) => ({
    id: `${def.name}.${move.name}`,
    category: 'workflow',
    keywords: [def.name, move.name, move.to],
    title: (t) => t(`transition.${def.name}.${move.name}`),
    access: { resource: def.name, action: transitionAction(def, move) },
    when: (ctx) => applies(def, move, ctx.inView()),
    whyNot: (ctx, t) => whyMoveNot(def, move, ctx.inView(), t),
    // The record shown, else the selected rows, else the row the keyboard is on (commands/screen.ts).
    run: (ctx) => { ctx.data.transition(def.name, move.name, actedOn(ctx.screen, def.name)); },
  }));
}

/**
 * A move asked for with no record of its entity in view ("reschedule", "approve doctor"): the palette asks which record
 * on a page of its own, as "Edit…" does, then opens that record's page and starts the move there (its dialog, or for a
 * review its confirmation once the documents are opened). Only for entities with a record page.
 */
function pickAndMoveCommands(def: EntityDef): Command[] {
  if (!viewActionFor(def, () => true)) return [];
  // The people a record is about name it too ("approve doctor": a verification request's doctor).
  const about = [def.workflow?.mirror?.ref, ...(def.workflow?.transitions ?? []).map((m) => m.review?.names)]
    .flatMap((f) => (f && def.fields[f]?.ref ? [def.fields[f].ref!] : []));
  return (def.workflow?.transitions ?? []).map((move) => ({
    id: `${def.name}.${move.name}.pick`,
    category: 'workflow',
    keywords: [def.name, move.name, move.to, ...about],
    title: (t) => t('cmd.moveWhich', { move: t(`transition.${def.name}.${move.name}`).replace(/…$/, '') }),
    access: { resource: def.name, action: transitionAction(def, move) },
    when: (ctx) => !applies(def, move, ctx.inView()),
    // Only the records the move applies to: "Approve verification…" lists the requests awaiting review.
    params: [{ name: 'record', kind: 'record', entity: def.name, statuses: move.from, prompt: (t) => t('cmd.pickRecord', { name: t(`${def.name}.one`, { ns: 'entities' }) }) }],
    run: (ctx, args) => {
      const role = ctx.session.role;
      const view = viewActionFor(def, (a) => can(role, def.name, a));
      if (!view) return;
      ctx.navigate(entityPath(def, view, args.record.value));
      // Once the record's page shows it (and its moves are there); another record shown first is said, not moved.
      ctx.screen.next('record', (shown) => {
        if (shown.record.id === Number(args.record.value)) ctx.data.transition(def.name, move.name, [shown.record]);
        else ctx.ui.notice('screenWait.unheard');
      }, def.name);
    },
  }));
}

const screenCommands: Command[] = SCREENS.map((sc) => ({
  id: `screen.${sc.id}`,
  category: 'navigation',
  keywords: [sc.id, sc.path],
  title: (t) => t(`screen.${sc.id}.command`),
  phrases: SCREEN_PHRASES[sc.id] ? phrasesOf(SCREEN_PHRASES[sc.id]) : undefined,
  access: { resource: sc.resource, action: sc.action },
  menu: sc.nav,
  menuLabel: (t) => t(`screen.${sc.id}.title`),
  href: `${DASHBOARD}/${sc.path}`,
  run: (ctx) => ctx.navigate(`${DASHBOARD}/${sc.path}`),
}));

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Periods offered by "Filter payments…", as a range of `initiatedAt` (list-query's `from..to`). */
export const PAYMENT_PERIODS: Record<string, () => string> = {
  any: () => '',
  today: () => `${isoDay(Date.now())}..`,
  last7: () => `${isoDay(Date.now() - 6 * DAY)}..`,
  last30: () => `${isoDay(Date.now() - 29 * DAY)}..`,
  thisMonth: () => `${isoDay(Date.now()).slice(0, 8)}01..`,
};

function filterPayments(): Command {
  const def = getEntity('payment');
  const views = (def.views ?? []).map((v) => v.segment);
  const methods = def.fields.method.values ?? [];
  return {
    id: 'payment.filter',
    category: 'workflow',
    keywords: ['payment', 'payments', 'filter', 'find', 'method', 'doctor', 'date'],
    title: (t) => t('cmd.filterPayments'),
    access: { resource: def.name, action: 'list' },
    params: [
      { name: 'view', kind: 'choice', prompt: (t) => t('cmd.pickPaymentStatus'), choices: () => views.map((v) => ({ value: v, label: (t) => t(`view.${v}`) })) },
      { name: 'method', kind: 'choice', prompt: (t) => t('cmd.pickPaymentMethod'), choices: () => [{ value: '', label: (t) => t('cmd.anyValue') }, ...methods.map((m) => ({ value: m, label: (t: Translate) => t(m, { ns: 'enums' }) }))] },
      { name: 'period', kind: 'choice', prompt: (t) => t('cmd.pickPeriod'), choices: () => Object.keys(PAYMENT_PERIODS).map((p) => ({ value: p, label: (t) => t(`period.${p}`) })) },
      { name: 'doctor', kind: 'record', entity: 'doctor', optional: true, prompt: (t) => t('cmd.pickDoctor') },
    ],
    run: (ctx, args) => {
      const filters: Record<string, string> = {};
      if (args.method?.value) filters.method = String(args.method.value);
      const range = PAYMENT_PERIODS[String(args.period?.value ?? 'any')]?.() ?? '';
      if (range) filters.initiatedAt = range;
      if (args.doctor?.value) filters.doctor = String(args.doctor.value);
      const qs = listQueryString({ filters });
      ctx.navigate(`${entityPath(def, 'list', undefined, String(args.view?.value ?? views[0]))}${qs ? `?${qs}` : ''}`);
    },
  };
}

export const workflowCommands: Command[] = [
  ...ENTITIES.flatMap((def) => [...viewCommands(def), ...transitionCommands(def), ...pickAndMoveCommands(def)]),
  ...screenCommands,
  filterPayments(),
];
