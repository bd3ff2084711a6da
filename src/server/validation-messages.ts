import { z } from 'zod';
import type { EntityDef } from '../registry';
import { issueRule, plainName, ruleSentence, type IssueLike } from '../words/validation-message';
// The console's English labels: the server names a field as the English form does ("Consultation fee is required").
import entitiesEn from '../words/entity-labels/en';
import type { EntityLabelSet } from '../words/entity-labels/types';

const englishLabels: EntityLabelSet = entitiesEn;

/**
 * The API's validation messages: every zod issue said as an English sentence naming its field (words/validation-
 * message.ts chooses the sentence, the console says the same in the user's language), never zod's "Invalid input:
 * expected string, received undefined". An entity's payload names its fields by their labels (entityErrorMap, given to
 * the parse); every other parse of the server, by zod's global error map installed here, names them by their keys in
 * words ("Scheduled at"). A schema's own message ("Enter the 6 digits of the pincode") outranks both.
 */

/** A field's English label at a payload path (`name`, `clinics.0.city`), or undefined outside the entity's fields. */
export function englishLabel(def: EntityDef, path: readonly PropertyKey[]): string | undefined {
  const [first, index, inner] = path.map(String);
  const labels = englishLabels[def.name];
  const fd = def.fields[first];
  if (!fd || !labels) return undefined;
  if (fd.kind === 'list' && inner !== undefined && /^\d+$/.test(index)) return labels.items?.[first]?.[inner];
  return labels.fields[first];
}

/** The field at a path, for its declared bounds (a number's range). */
function fieldAt(def: EntityDef | undefined, path: readonly PropertyKey[]) {
  const [first, index, inner] = path.map(String);
  const fd = def?.fields[first];
  return fd?.kind === 'list' && inner !== undefined && /^\d+$/.test(index) ? fd.item?.[inner] : fd;
}

/** The English sentence of one issue; `def` names the fields of an entity's payload by their labels. */
export function issueMessage(issue: IssueLike, def?: EntityDef): string {
  const path = issue.path ?? [];
  const named = (p: readonly PropertyKey[]) => (def && p.length ? englishLabel(def, p) : undefined) ?? plainName(p);
  const label = issue.code === 'unrecognized_keys' && issue.keys?.length ? issue.keys.map((k) => named([...path, k])).join(', ')
    : path.length ? named(path) : def ? englishLabels[def.name]?.one ?? 'This record' : 'This request';
  return ruleSentence(issueRule(issue, fieldAt(def, path)), label, 'en');
}

/** The per-parse error map of an entity's payload (crud/routes.ts). */
export const entityErrorMap = (def: EntityDef) => (issue: z.core.$ZodRawIssue) => issueMessage(issue as IssueLike, def);

z.config({ customError: (issue) => issueMessage(issue as IssueLike) });
