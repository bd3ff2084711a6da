export type { EntityLabels, EntityLabelSet } from '../../../words/entity-labels/types';
export type EnumLabelSet = Record<string, string>;

/** The shape of a translation of the interface strings: exactly the keys of `T` (English), every leaf a string. */
export type UiShape<T> = { [K in keyof T]: T[K] extends string ? string : UiShape<T[K]> };
