import type { TFunction } from 'i18next';
import { inboxTitle } from '../../words/inbox-title';
import type { InboxItem } from '../api/inbox';

/**
 * An inbox item's title in the reader's language, from its kind and parameters, as the server words it too
 * (words/inbox-title.ts), through this console's translations. A kind this console does not know shows the API's words.
 */
export function inboxText(t: TFunction, item: Pick<InboxItem, 'kind' | 'params' | 'title'>): string {
  return inboxTitle(item.kind, item.params, {
    sentence: (k, values) => t(`notifications.kinds.${k}`, { ...values, interpolation: { escapeValue: false } }),
    role: (r) => t(r, { ns: 'enums' }),
    worklist: (id) => t(`screen.${id}.title`),
  }) ?? item.title;
}
