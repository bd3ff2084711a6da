import type { ListQuery } from '../../registry';

/**
 * The query keys of everything the console reads, from one factory: the cache stores each answer under its key,
 * a write invalidates by key (writes.ts), and the change stream will do the same with what it hears. Keys nest, so
 * a prefix names a whole family: `entity(name).all` every read of an entity, `.lists` each of its lists whatever the
 * query, `.record(id)` a record with its history and timeline.
 *
 *   ['entity', name]                                   everything of one entity
 *   ['entity', name, 'list', query]                    one list (search, sort, filters)
 *   ['entity', name, 'record', id]                     one record ('history', 'timeline' below it)
 *   ['entity', name, 'options', params]                titles for pickers and the palette
 *   ['entity', name, 'mine']                           the records the caller raised
 *   ['screen', id, params]                             a bespoke screen's answer or pages
 *   ['search', q]                                      the palette's record search
 *   ['inbox']                                          the user's notifications
 */
export type QueryKey = readonly unknown[];

export type ListParams = Pick<ListQuery, 'q' | 'sort' | 'filters'>;

/**
 * A picker's question: typed text, ids, how many; `status`: only records in these states of the workflow (a move's
 * picker); `referredBy`: only records some record of that `entity.field` refers to (crud/option-filters.ts); `for`
 * (entity.field) and `centre`: only the users a record may be given there (a ticket's assignee, FieldDef.assigned).
 */
export interface OptionsParams { q?: string; ids?: readonly number[]; limit?: number; status?: readonly string[]; referredBy?: string; for?: string; centre?: number | null }

export const keys = {
  entity(name: string) {
    const all = ['entity', name] as const;
    return {
      all,
      lists: [...all, 'list'] as const,
      /** A blank search is no search: the same list, whether the box is empty or was never used. */
      list: (query: ListParams) => [...all, 'list', { q: query.q || undefined, sort: query.sort, filters: query.filters }] as const,
      records: [...all, 'record'] as const,
      record: (id: number) => [...all, 'record', id] as const,
      /** With `version`, the history as of that version of the record: a record read anew with another one asks again. */
      history: (id: number, version?: number) => (version === undefined ? [...all, 'record', id, 'history'] as const : [...all, 'record', id, 'history', version] as const),
      timeline: (id: number) => [...all, 'record', id, 'timeline'] as const,
      /** Every picker's titles of the entity, whatever was typed. */
      pickers: [...all, 'options'] as const,
      options: (params: OptionsParams) => [...all, 'options', params] as const,
      /** The records the caller raised (their own tickets). */
      mine: [...all, 'mine'] as const,
    };
  },
  /** Every bespoke screen's reads: `screens` names them all, `screen(id)` one screen's whatever its filters. */
  screens: ['screen'] as const,
  screen: (id: string, params?: Record<string, unknown>) => (params ? ['screen', id, params] as const : ['screen', id] as const),
  search: (q: string) => ['search', q] as const,
  /** The signed-in user's inbox: its pages and unread count. */
  inbox: ['inbox'] as const,
};

/** A read as data: its key, and how to fetch it (cancelled through `signal` when nobody waits for it any more). */
export interface Read<T> { key: QueryKey; fetch: (signal: AbortSignal) => Promise<T> }

/** Keyset pages as data: the key of the whole list, and how to fetch the page after a cursor (null: the first). */
export interface KeysetPage<T> { data: T[]; nextCursor: string | null; partial?: boolean }
export interface Pages<P extends KeysetPage<unknown>> { key: QueryKey; fetch: (cursor: string | null, signal: AbortSignal) => Promise<P> }
