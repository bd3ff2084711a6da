import { describe, expect, test } from 'vitest';
import { formFields, getEntity } from '../../registry';
import { settableFields } from './settable-fields';

/**
 * What "Set field…" offers on many records at once (issue 37): never a campaign's status (its workflow's, moved by its
 * moves), nor a rule's record kind or status (one of that kind's own statuses: the rule form offers only those).
 */
describe('the fields set on many records at once', () => {
  test('a campaign\'s status is its workflow\'s: neither its form nor "Set field…" offers to set it', () => {
    const campaign = getEntity('notification');
    expect(settableFields(campaign)).not.toContain('status');
    expect(settableFields(campaign)).toContain('scheduledAt');
    for (const mode of ['create', 'update'] as const) expect(formFields(campaign, mode).map(([k]) => k)).not.toContain('status');
  });

  test('a rule\'s status and record kind are chosen in its form, the status among that kind\'s', () => {
    const rules = settableFields(getEntity('automation'));
    expect(rules).not.toContain('status');
    expect(rules).not.toContain('entity');
    expect(rules).toContain('enabled');
  });
});
