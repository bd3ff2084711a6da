import { expect, test } from 'vitest';
import { COMMANDS } from './index';
import type { InView } from './define';

/**
 * A review (approving a verification: `review` on the move) is offered on the record in view, whose page makes the
 * reviewer open the documents first; never on selected rows of a list, which would approve unread requests.
 */
test('"Approve verification" applies to the request in view, not to selected rows; "Reject" to both', () => {
  const when = (id: string, inView: InView) => COMMANDS.get(id)!.when!({ location: () => '/dashboard/requestVerification/requested', inView: () => inView, session: { role: 'superadmin', signOut: async () => {} } });
  const onPage: InView = { entity: 'requestVerification', record: { id: 1, status: 'requested' }, selected: 0 };
  const onList: InView = { entity: 'requestVerification', selected: 2 };
  expect(when('requestVerification.approve', onPage)).toBe(true);
  expect(when('requestVerification.approve', onList)).toBe(false);
  expect(when('requestVerification.reject', onList)).toBe(true);
});
