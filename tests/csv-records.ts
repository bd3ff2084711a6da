/**
 * The records of CSV text as RFC 4180 reads them (quoted cells with doubled quotes, commas and line breaks inside,
 * CRLF between records), for the tests that read an export back (API and browser). `rest` is what followed the last
 * CRLF: a well-formed file leaves nothing there.
 */
export function csvRecords(s: string): { records: string[][]; rest: { row: string[]; cell: string } } {
  const records: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; } else if (ch === '\r' && s[i + 1] === '\n') { row.push(cell); records.push(row); row = []; cell = ''; i++; } else cell += ch;
  }
  return { records, rest: { row, cell } };
}
