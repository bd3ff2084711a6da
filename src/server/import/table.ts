import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '../../registry';
import { fail } from '../http';

/** A file read as a table: its header row and its rows of cells as text, each row numbered as the file counts it. */
export interface Table { header: string[]; rows: string[][] }

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';


/** Text in UTF-8 (with or without a BOM) only: any other encoding would import mangled names, so it is refused. */
function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fail(400, 'The file is not UTF-8 text: save it as CSV UTF-8 and try again', { code: 'encoding' });
  }
}

function csvTable(bytes: Uint8Array): Table {
  const text = utf8(bytes);
  // papaparse reads the text in chunks and hands each row on: rows are kept as cells, never as objects by header.
  const rows: string[][] = [];
  let broken: string | undefined;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: (r) => {
      if (r.errors.length && !broken) broken = r.errors[0].message;
      rows.push(r.data.map((c) => String(c ?? '')));
    },
  });
  if (broken || text.includes('\u0000')) throw fail(400, 'The file is not a table (CSV with a header row)', { code: 'not_a_table' });
  return split(rows);
}

/** A cell's value as text; a formula is refused, never evaluated (nor its cached result trusted). */
function cellText(cell: ExcelJS.Cell, where: string): string {
  const v = cell.value as unknown;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && v !== null && ('formula' in v || 'sharedFormula' in v)) {
    throw fail(400, `Cell ${where} holds a formula: formulas are not imported, paste their values instead`, { code: 'formula' });
  }
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && v !== null && 'richText' in v) return (v as { richText: { text: string }[] }).richText.map((t) => t.text).join('');
  if (typeof v === 'object' && v !== null && 'text' in v) return String((v as { text: unknown }).text);
  return String(v);
}

async function xlsxTable(bytes: Uint8Array): Promise<Table> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw fail(400, 'The file is not a table (an Excel .xlsx workbook)', { code: 'not_a_table' });
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw fail(400, 'The workbook has no sheet', { code: 'not_a_table' });
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    const cells: string[] = [];
    for (let i = 1; i <= sheet.columnCount; i++) cells.push(cellText(row.getCell(i), `${row.getCell(i).address}` || `row ${n}`));
    rows.push(cells);
  });
  return split(rows);
}

function split(rows: string[][]): Table {
  const [header, ...rest] = rows;
  if (!header || header.every((h) => h.trim() === '')) throw fail(400, 'The file is not a table (no header row)', { code: 'not_a_table' });
  if (rest.length > IMPORT_MAX_ROWS) throw fail(400, `The file has more than ${IMPORT_MAX_ROWS} rows: split it`, { code: 'too_many_rows' });
  return { header: header.map((h) => h.trim()), rows: rest };
}

/** The body as a table, by its content type; a file over the size limit is refused before it is read. */
export async function readTable(bytes: Uint8Array, contentType: string, maxBytes: number): Promise<Table> {
  if (bytes.byteLength > maxBytes) throw fail(413, `The file is larger than ${Math.round(maxBytes / 1048576)} MB`, { code: 'too_large' });
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === XLSX_TYPE) return xlsxTable(bytes);
  if (type === 'text/csv' || type === 'text/plain') return csvTable(bytes);
  throw fail(415, 'Send the file as text/csv or as an Excel .xlsx workbook', { code: 'not_a_table' });
}
