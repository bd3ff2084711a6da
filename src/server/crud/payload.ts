import { inputSchema, ownedFields, type EntityDef, type InputMode } from '../../registry';
import { fieldErrors } from '../http';
import { entityErrorMap } from '../validation-messages';
import { ownedIssue } from './write';

export function validate(def: EntityDef, mode: InputMode, body: Record<string, unknown>) {
  // Each refused value said naming its field by its label ("Consultation fee is not a number"), never zod's own words.
  const parsed = inputSchema(def, mode).safeParse(body, { error: entityErrorMap(def) });
  if (!parsed.success) throw fieldErrors(parsed.error.issues, def);
  return parsed.data;
}

/** What a record carries when read besides its fields: who made and changed it and when (never written by a payload). */
const SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'];
/** What a read adds to a record for showing it (the titles of its references, which secrets are set). */
const READ_ANNOTATIONS = ['_labels', '_set'];

/**
 * A payload parted into what it writes and what it may only carry as read. On add, a field the server owns (a
 * workflow's status, what a move writes, a field following another record's workflow, a computed one) is refused, each
 * named. On edit, those and the system fields are kept aside, for the update to check against the record as stored
 * (a record sent back as it was read updates; a changed one is refused), and the read's annotations are dropped.
 */
export function partPayload(def: EntityDef, mode: 'create' | 'update', body: Record<string, unknown>) {
  const owned = ownedFields(def);
  const input: Record<string, unknown> = {};
  const asRead: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (mode === 'update' && READ_ANNOTATIONS.includes(k)) continue;
    if (k in owned || (mode === 'update' && SYSTEM_FIELDS.includes(k))) asRead[k] = v;
    else input[k] = v;
  }
  if (mode === 'create' && Object.keys(asRead).length) throw fieldErrors(Object.keys(asRead).map((k) => ownedIssue(def, k)));
  return { input, asRead };
}
