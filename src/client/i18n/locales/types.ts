/** Labels of one entity in one language: read by the sidebar, palette, list headers, forms and details. */
export interface EntityLabels {
  one: string;
  other: string;
  fields: Record<string, string>;
  /** Nested list item fields, by list field name. */
  items?: Record<string, Record<string, string>>;
}
export type EntityLabelSet = Record<string, EntityLabels>;
export type EnumLabelSet = Record<string, string>;
