import type { TFunction } from 'i18next';
import type { EntityDef } from '../../registry';
import { ApiError } from '../api/client';
import { NETWORK_MESSAGE } from '../i18n/client-messages';
import { entities, type ExportSpec } from '../api/entities';
import { errorText } from '../api/error-text';
import { csvRewriter } from './csv-shown';

/** The server's limit on selected rows in one export (crud/export-query.ts MAX_EXPORT_IDS). */
export const MAX_SELECTED_EXPORT = 1000;

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

/** The file's name from Content-Disposition (`attachment; filename="patients-2026-11-23.csv"`). */
function fileNameOf(res: Response, def: EntityDef): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? `${def.name}.csv`;
}

/**
 * Downloads an export as it streams: the answer's body is read piece by piece (the entity API's download, not a
 * JSON call, which would wait for the whole of it), each piece kept and its records counted for `onProgress`, the
 * total from X-Total-Count. `signal` cancels it: the server then stops reading. The pieces become one Blob at the end;
 * with `rewrite`, each piece's values are rewritten as they come (csv-shown.ts), the file's rows counted as sent.
 */
export async function fetchExport(def: EntityDef, spec: ExportSpec, opts: {
  signal: AbortSignal; onProgress: (p: Progress) => void;
  /** The cells as the screen shows them (csv-shown.ts): a cell's text by its column and raw value, or null to keep it. */
  rewrite?: (column: number, raw: string) => string | null;
}) {
  const res = await entities.download(entities.exportAddress(def, spec), { signal: opts.signal });
  const totalHeader = res.headers.get('x-total-count');
  const total = totalHeader === null ? null : Number(totalHeader);
  const estimate = res.headers.get('x-total-is-estimate') === 'true';
  const count = recordCounter();
  const pieces: Uint8Array[] = [];
  const rewriter = opts.rewrite ? csvRewriter(opts.rewrite) : null;
  const reader = res.body!.getReader();
  let rows = 0;
  opts.onProgress({ rows, total, estimate });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(rewriter ? rewriter.push(value) : value);
      rows = Math.max(0, count(value) - 1); // the first record is the header row
      opts.onProgress({ rows, total, estimate });
    }
  } catch (err) {
    if (opts.signal.aborted) throw err;
    // The server broke the answer off (it could not read on): never a cut file.
    throw new ApiError(0, [{ message: NETWORK_MESSAGE, code: 'network' }]);
  }
  if (rewriter) pieces.push(rewriter.end());
  return { blob: new Blob(pieces as BlobPart[], { type: 'text/csv;charset=utf-8' }), fileName: fileNameOf(res, def), rows };
}

/**
 * Why an export failed, in the user's language, as the end of "Export failed: …": a bare HTTP status in the export's
 * own words, anything else as every failed call says it (errorText).
 */
export function exportFailureText(err: unknown, t: TFunction): string {
  if (err instanceof ApiError && err.code === 'http') return t('exportCsv.status', { status: err.status });
  return errorText(err);
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
