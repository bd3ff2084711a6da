import type { TFunction } from 'i18next';
import { isInboxKind } from '../../registry';
import type { InboxItem } from '../api/inbox';

/**
 * An inbox item's title in the reader's language, from its kind and parameters (`notifications.kinds.<kind>`): a
 * role by its label, a worklist by its screen's title. A kind this console does not know shows the API's words.
 */
export function inboxText(t: TFunction, item: Pick<InboxItem, 'kind' | 'params' | 'title'>): string {
  if (!isInboxKind(item.kind)) return item.title;
  const p = item.params;
  const values: Record<string, unknown> = { ...p };
  if (item.kind === 'signup') values.role = t(String(p.role), { ns: 'enums' });
  if (item.kind === 'worklist') values.title = t(`screen.${String(p.worklist)}.title`);
  return t(`notifications.kinds.${item.kind}`, { ...values, interpolation: { escapeValue: false } });
}
