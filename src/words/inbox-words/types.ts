import type { InboxKind, Role } from '../../registry';

/**
 * An inbox item's words in one language: each kind's sentence (`{{name}}` placeholders filled from its parameters), the
 * roles' labels and the worklists' titles it names. One copy: the console's interface strings take them from here
 * (`notifications.kinds`, the `enums` roles, each worklist's `screen.<id>.title`), and the server words its inbox
 * titles and pushes with them.
 */
export interface InboxWords {
  kinds: Record<InboxKind, string>;
  roles: Record<Role, string>;
  /** By worklist id (registry WORKLISTS). */
  worklists: Record<string, string>;
}
