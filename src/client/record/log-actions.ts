import { AUDIT_ACTIONS } from '../../registry';
import type { TFunction } from 'i18next';

/**
 * The audit log's actions (audit_log.action) as fmc/fmclogs names them. Kept apart from the screen so a test can
 * hold every action the server writes against its label in each language: an action without one shows as its code.
 */

/** The actions the filter offers: every one the server's audit writers take (registry AUDIT_ACTIONS); transitions,
 * `transition:<move>`, are added per entity by the screen. */
export const BASE_ACTIONS = AUDIT_ACTIONS;

/**
 * An entry's action in words: `t` reads the `screens` namespace, `tUi` the interface's (for a move's name). A move is
 * `transition:<move>`, its undo `transition-undo:<move>`.
 */
export function actionLabel(t: TFunction, tUi: TFunction, row: { action: string; entity: string }): string {
  const [base, move] = row.action.split(':');
  if (move) return `${t(base === 'transition-undo' ? 'fmclogs.actions.transitionUndo' : 'fmclogs.actions.transition')}: ${tUi(`transition.${row.entity}.${move}`, { defaultValue: move })}`;
  return t(`fmclogs.actions.${base}`, { defaultValue: row.action });
}
