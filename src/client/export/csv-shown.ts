import { csvCell, EOL } from '../../registry/csv';

/**
 * An export's values rewritten as the screen shows them, piece by piece as the file streams in. The server writes
 * the raw form (what the API stores: ISO dates, enum values, plain numbers), for machines; the console, which has the
 * user's language, time zone and labels, rewrites each cell `rewrite` gives a text for (its column and raw value) and
 * copies every other cell as it came, quoting and formula guard included. The first record, the header, is copied.
 */
export function csvRewriter(rewrite: (column: number, raw: string) => string | null) {
  // The BOM is kept as text (a spreadsheet needs it to read UTF-8), and a character split between pieces waits.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const encoder = new TextEncoder();
  let pending = '';
  let header = true;

  const cellOut = (source: string, column: number) => {
    const raw = source.startsWith('"') ? source.slice(1, -1).replace(/""/g, '"') : source;
    const text = raw === '' ? null : rewrite(column, raw);
    return text === null ? source : csvCell(text);
  };

  /** The whole records of `text` rewritten; what follows the last one waits for the next piece. */
  const records = (text: string): string => {
    let out = '';
    let quoted = false;
    let cells: string[] = [];
    let cellStart = 0;
    let recordStart = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22) quoted = !quoted;
      else if (quoted) continue;
      else if (c === 0x2c) { cells.push(text.slice(cellStart, i)); cellStart = i + 1; }
      else if (c === 0x0a) {
        cells.push(text.slice(cellStart, text.charCodeAt(i - 1) === 0x0d ? i - 1 : i));
        out += header ? text.slice(recordStart, i + 1) : cells.map(cellOut).join(',') + EOL;
        header = false;
        cells = [];
        cellStart = recordStart = i + 1;
      }
    }
    pending = text.slice(recordStart);
    return out;
  };

  return {
    push: (bytes: Uint8Array): Uint8Array => encoder.encode(records(pending + decoder.decode(bytes, { stream: true }))),
    /** The end of the file: whatever is left (a file ends with CRLF, so nothing, unless it was cut). */
    end: (): Uint8Array => encoder.encode(records(pending + decoder.decode()) + pending),
  };
}
