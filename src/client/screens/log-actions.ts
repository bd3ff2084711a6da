import type { TFunction } from 'i18next';

/**
 * The audit log's actions (audit_log.action) as fmc/fmclogs names them. Kept apart from the screen so a test can
 * hold every action the server writes against its label in each language: an action without one shows as its code.
 */

/** The actions the filter offers (transitions, `transition:<move>`, are added per entity by the screen). */
export const BASE_ACTIONS = ['create', 'update', 'revert', 'delete', 'restore', 'comment', 'remind', 'book', 'cancel_booking', 'upload', 'backup',
  'read', 'read_list', 'read_search', 'read_pick', 'read_history', 'read_timeline', 'read_pdf', 'read_export', 'read_worklist', 'read_drpatient', 'read_access'] as const;

/** An entry's action in words: `t` reads the `screens` namespace, `tUi` the interface's (for a move's name). */
export function actionLabel(t: TFunction, tUi: TFunction, row: { action: string; entity: string }): string {
  const [base, move] = row.action.split(':');
  if (move) return `${t('fmclogs.actions.transition')}: ${tUi(`transition.${row.entity}.${move}`, { defaultValue: move })}`;
  return t(`fmclogs.actions.${base}`, { defaultValue: row.action });
}
