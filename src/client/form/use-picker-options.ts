import type { EntityDef } from '../../registry';
import { entities, type RecordOption } from '../api/entities';
import type { OptionsParams } from '../api/keys';
import { useRead } from '../api/use-read';
import { useDebounced } from '../use-debounced';

/**
 * A reference picker's options for what is typed, narrowed by `given` to the users a record may be given (a ticket's
 * assignee: `for` the field, at the record's `centre`). As the palette's record options otherwise: the last answer
 * stays while the next is asked for.
 */
export function usePickerOptions(def: EntityDef, query: string, allowed: boolean, minChars: number, given?: Pick<OptionsParams, 'for' | 'centre'>) {
  const q = useDebounced(query.trim(), 120);
  const asked = allowed && [...q].length >= minChars;
  const read = useRead(asked ? entities.options(def, { limit: 30, q: q || undefined, ...given }) : null, { keepPrevious: true });
  return {
    items: (asked && read.data) || NO_OPTIONS,
    loading: asked && !read.current && !read.error,
    error: asked ? read.error ?? undefined : undefined,
  };
}

const NO_OPTIONS: RecordOption[] = [];
