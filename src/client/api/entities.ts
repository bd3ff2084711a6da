import { isListWord, listQueryString, type EntityDef, type HitParts, type RefTitles, type TimelineEvent } from '../../registry';
import { resolveUrl, type Page } from './client';
import { http } from './transport';
import { download } from './download';
import i18n from '../i18n';
import { sayHits } from './search';
import { keys, type ListParams, type OptionsParams, type Pages, type Read } from './keys';

/**
 * The entity API: every read and write of a registry entity, shaped like refine's data provider (list, get, create,
 * update, remove, restore, plus the workflow's transition and history, options for pickers, the timeline, the
 * export's address and the download of a file). Each takes the entity's definition, so an entity added to the
 * registry has all of them with no line here. Writes that change what screens show go through writes.ts, which
 * invalidates their keys; the reads come as `Read`/`Pages` values for the hooks (use-read.ts, use-pages.ts).
 */

export type Row = Record<string, unknown> & { id: number; version: number };

/** One line of a record's status history, oldest first as the server keeps it. */
/** One line of a record's status history; `undo`: a move taken back (POST …/transition/undo). */
export interface HistoryEntry { from: string; to: string; reason: string | null; at: string; actorId: number | null; actor: string | null; undo: boolean }

/** A record's id and title (with a line under it), for pickers and the palette. */
export interface RecordOption { id: number; title: string; subtitle: string; parts?: HitParts }

/** A move of the workflow: to the status, with the version the user saw, and what the move asks for. */
export interface TransitionBody { to: string; version: number; reason?: string; values?: Record<string, unknown> }

/** What to export: the list's query, its columns as shown with their titles, or the selected rows. */
export interface ExportSpec {
  query: ListParams;
  columns: readonly string[];
  /** The columns' titles in the user's language, one per column: the file's header row. */
  headers: readonly string[];
  ids?: readonly number[];
}

const PAGE_SIZE = 100;

/**
 * A query whose filters hold words (`@today`, `@last30`: registry/derive/list-words.ts) names the browser's time zone,
 * so that the server reads them as the user's days, as the list's own ranges are (filter-values.ts).
 */
function inUserZone<Q extends ListParams>(query: Q): Q & { tz?: string } {
  if (!Object.values(query.filters ?? {}).some(isListWord)) return query;
  let tz: string | undefined;
  try { tz = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch { tz = undefined; }
  return tz ? { ...query, tz } : query;
}
const base = (def: EntityDef) => `/api/${def.api}`;

/** The list's query as a bulk action's `filter` (every record it matches): the list's own query string, no paging. */
export const listFilterString = (query: ListParams) => listQueryString(inUserZone(query));
const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

/** A picker's question as its address's query. */
export function optionsQuery(params: OptionsParams): string {
  const p = new URLSearchParams();
  if (params.ids) p.set('ids', params.ids.join(','));
  if (params.limit) p.set('limit', String(params.limit));
  if (params.q) p.set('q', params.q);
  if (params.status?.length) p.set('status', params.status.join(','));
  if (params.referredBy) p.set('referredBy', params.referredBy);
  if (params.for) p.set('for', params.for);
  if (params.for && params.centre) p.set('centre', String(params.centre));
  return p.toString();
}

export const entities = {
  /** Keyset pages of a list: the first page on every change of query, the next after the last page's cursor. */
  list: (def: EntityDef, query: ListParams): Pages<Page<Row>> => ({
    key: keys.entity(def.name).list(query),
    fetch: (cursor, signal) => http.get<Page<Row>>(`${base(def)}?${listQueryString({ ...inUserZone(query), limit: PAGE_SIZE })}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { signal }),
  }),
  get: (def: EntityDef, id: number): Read<Row> => ({
    key: keys.entity(def.name).record(id),
    fetch: (signal) => data(http.get<{ data: Row }>(`${base(def)}/${id}`, { signal })),
  }),
  create: (def: EntityDef, values: Record<string, unknown>) => data(http.post<{ data: Row }>(base(def), values)),
  /** `values` carries the version the user saw: a record changed since answers 409 `stale`. */
  update: (def: EntityDef, id: number, values: Record<string, unknown>) => data(http.put<{ data: Row }>(`${base(def)}/${id}`, values)),
  /** Into the server's trash, from where `restore` brings it back for a while. */
  remove: (def: EntityDef, id: number) => http.delete<unknown>(`${base(def)}/${id}`),
  restore: (def: EntityDef, id: number) => data(http.post<{ data: Row }>(`${base(def)}/${id}/restore`)),
  transition: (def: EntityDef, id: number, body: TransitionBody) => data(http.post<{ data: Row }>(`${base(def)}/${id}/transition`, body)),
  /** Takes back the move that made `version` of the record (its answer's version), by whoever made it, for a while. */
  undoTransition: (def: EntityDef, id: number, version: number) => data(http.post<{ data: Row }>(`${base(def)}/${id}/transition/undo`, { version })),
  history: (def: EntityDef, id: number, version?: number): Read<HistoryEntry[]> => ({
    key: keys.entity(def.name).history(id, version),
    fetch: (signal) => data(http.get<{ data: HistoryEntry[] }>(`${base(def)}/${id}/history`, { signal })),
  }),
  /** Titles matching `q`, or of the records `ids` names (answered only to a role that may list the entity). */
  options: (def: EntityDef, params: OptionsParams): Read<RecordOption[]> => ({
    key: [...keys.entity(def.name).options(params), i18n.language],
    fetch: (signal) => data(http.get<{ data: RecordOption[] }>(`${base(def)}/options?${optionsQuery(params)}`, { signal })).then((o) => sayHits(() => def.name, o)),
  }),
  /** A record's history by date, and the titles of the records its changes refer to (by entity and id). */
  timeline: (def: EntityDef, id: number): Read<{ events: TimelineEvent[]; titles: RefTitles }> => ({
    key: keys.entity(def.name).timeline(id),
    fetch: (signal) => http.get<{ data: TimelineEvent[]; titles?: RefTitles }>(`${base(def)}/${id}/timeline`, { signal })
      .then((r) => ({ events: r.data, titles: r.titles ?? {} })),
  }),
  /** The list's query string, then the columns, one header per column, and the ids. */
  exportAddress(def: EntityDef, spec: ExportSpec): string {
    const p = new URLSearchParams(listQueryString(inUserZone(spec.query)));
    p.set('columns', spec.columns.join(','));
    for (const h of spec.headers) p.append('header', h);
    if (spec.ids) p.set('ids', spec.ids.join(','));
    return `${base(def)}/export?${p}`;
  },
  /** Puts back what one edit of the record replaced (`entry`: its audit entry), as a new edit checked against `version`. */
  revert: (def: EntityDef, id: number, entry: number, version: number) => data(http.post<{ data: Row }>(`${base(def)}/${id}/revert`, { entry, version })),
  /** The records the caller raised (a ticket's raiser), newest first, with their threads and the authors' names. */
  mine: (def: EntityDef): Read<Row[]> => ({
    key: keys.entity(def.name).mine,
    fetch: (signal) => data(http.get<{ data: Row[] }>(`${base(def)}/mine`, { signal })),
  }),
  /** One item added to a record's thread (a ticket's comments): its author and time are the server's. */
  addToThread: (def: EntityDef, id: number, thread: string, text: string) => data(http.post<{ data: Row }>(`${base(def)}/${id}/${thread}`, { text })),
  /** A record's document as the server prints it (an invoice's PDF). */
  pdfAddress: (def: EntityDef, id: number) => `${base(def)}/${id}/pdf`,
  /** A file at one of the addresses above, as it streams. */
  download,
  /**
   * A file of the content store (a file or image field's value), read with the session's token: the store answers
   * 404 to a session that may not read the record holding it, and a plain link or <iframe> could not send the token.
   */
  file: (address: string, signal?: AbortSignal) => download(resolveUrl(address), { signal }).then((r) => r.blob()),
};
