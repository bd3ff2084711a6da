import type { TFunction } from 'i18next';
import { listQueryString, type EntityDef, type ListQuery } from '../../registry';
import { api, ApiError, NETWORK_MESSAGE, statusMessage, STORAGE, type ErrorItem } from '../api/client';

/** What to export: the list's query (search, sort, filters), its columns as shown with their titles, or the selected rows. */
export interface ExportSpec {
  query: Pick<ListQuery, 'q' | 'sort' | 'filters'>;
  columns: readonly string[];
  /** The columns' titles in the user's language, one per column: the file's header row. */
  headers: readonly string[];
  ids?: readonly number[];
}

/** The server's limit on selected rows in one export (crud/export-query.ts MAX_EXPORT_IDS). */
export const MAX_SELECTED_EXPORT = 1000;

/** `GET /api/{resource}/export?…`: the list's query string, then the columns, one header per column, and the ids. */
export function exportUrl(def: EntityDef, spec: ExportSpec): string {
  const p = new URLSearchParams(listQueryString(spec.query));
  p.set('columns', spec.columns.join(','));
  for (const h of spec.headers) p.append('header', h);
  if (spec.ids) p.set('ids', spec.ids.join(','));
  return `/api/${def.api}/export?${p}`;
}

export interface Progress { rows: number; total: number | null; estimate: boolean }

const QUOTE = 0x22;
const LF = 0x0a;

/**
 * Counts CSV records as their bytes arrive: a line feed outside quotes ends one. Both bytes are ASCII, which never
 * occurs inside a UTF-8 sequence, so the bytes need no decoding; a doubled quote inside a quoted cell flips the state
 * twice and leaves it as it was.
 */
export function recordCounter() {
  let quoted = false;
  let records = 0;
  return (chunk: Uint8Array) => {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === QUOTE) quoted = !quoted;
      else if (b === LF && !quoted) records++;
    }
    return records;
  };
}

/** A failed answer as the API client's error (its `{ errors }` body, or the status alone). */
async function failure(res: Response): Promise<ApiError> {
  let errors: ErrorItem[] | undefined;
  try { errors = (await res.json())?.errors; } catch { /* not JSON: the status says enough */ }
  const err = new ApiError(res.status, Array.isArray(errors) && errors.length ? errors : [{ message: statusMessage(res.status), code: 'http' }]);
  // An ended session: the shared client's check lets the session store react as to any other call.
  if (err.expired) void api.get('/api/adminUser/validate/authToken').catch(() => undefined);
  return err;
}

/** The file's name from Content-Disposition (`attachment; filename="patients-2026-11-23.csv"`). */
function fileNameOf(res: Response, def: EntityDef): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? `${def.name}.csv`;
}

/**
 * Downloads an export as it streams: the answer's body is read piece by piece (fetch, not the API client, which
 * would wait for the whole of it), each piece kept and its records counted for `onProgress`, the total from
 * X-Total-Count. `signal` cancels it: the server then stops reading. The pieces become one Blob at the end.
 */
export async function fetchExport(def: EntityDef, spec: ExportSpec, opts: { signal: AbortSignal; onProgress: (p: Progress) => void }) {
  const token = localStorage.getItem(STORAGE.idToken);
  let res: Response;
  try {
    res = await fetch(exportUrl(def, spec), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: opts.signal });
  } catch (err) {
    if (opts.signal.aborted) throw err;
    throw new ApiError(0, [{ message: NETWORK_MESSAGE, code: 'network' }]);
  }
  if (!res.ok || !res.body) throw await failure(res);
  const totalHeader = res.headers.get('x-total-count');
  const total = totalHeader === null ? null : Number(totalHeader);
  const estimate = res.headers.get('x-total-is-estimate') === 'true';
  const count = recordCounter();
  const pieces: Uint8Array[] = [];
  const reader = res.body.getReader();
  let rows = 0;
  opts.onProgress({ rows, total, estimate });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(value);
      rows = Math.max(0, count(value) - 1); // the first record is the header row
      opts.onProgress({ rows, total, estimate });
    }
  } catch (err) {
    if (opts.signal.aborted) throw err;
    // The server broke the answer off (it could not read on): never a cut file.
    throw new ApiError(0, [{ message: NETWORK_MESSAGE, code: 'network' }]);
  }
  return { blob: new Blob(pieces as BlobPart[], { type: 'text/csv;charset=utf-8' }), fileName: fileNameOf(res, def), rows };
}

/**
 * Why an export failed, in the user's language: the errors above carry English words for the API client's sake,
 * so the user is shown their code's words instead (no connection, a bare HTTP status), the server's own message
 * translated (`translate`: i18n's translateMessage), and for anything else (the browser could not make the file)
 * a general message rather than the error's English text.
 */
export function exportFailureText(err: unknown, t: TFunction, translate: (message: string) => string): string {
  if (!(err instanceof ApiError)) return t('errors.server');
  const code = err.errors[0]?.code;
  if (code === 'network') return t('errors.network');
  if (code === 'http') return t('exportCsv.status', { status: err.status });
  return translate(err.message);
}

/** Saves a Blob as a file through a download link (the browser's own save, no new window). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken the data by the next task; the address is let go a little later to be safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
