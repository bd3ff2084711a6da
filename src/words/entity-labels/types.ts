/** Labels of one entity in one language: read by the sidebar, palette, list headers, forms and details. */
export interface EntityLabels {
  one: string;
  other: string;
  fields: Record<string, string>;
  /** Nested list item fields, by list field name. */
  items?: Record<string, Record<string, string>>;
  /**
   * Enum values as this entity's field says them, by field (`status`, or `documents.kind` inside a list), where the
   * shared label (enums) would not say what the record holds: a verification request "Waiting for review", not
   * "Requested". Read through valueLabel (commands/value-label.ts) by lists, details, filters, forms and views.
   */
  values?: Record<string, Record<string, string>>;
}
export type EntityLabelSet = Record<string, EntityLabels>;

/**
 * The set with the rules' labels (entity `automation`), whose `entity` field offers every kind of record by the name
 * its list has in this language: derived from the set, never a second list to keep.
 */
export function withWatchedKinds<S extends EntityLabelSet>(set: S, automation: EntityLabels): S & { automation: EntityLabels } {
  const kinds = Object.fromEntries(Object.entries(set).map(([name, l]) => [name, l.other]));
  return { ...set, automation: { ...automation, values: { ...automation.values, entity: kinds } } };
}
