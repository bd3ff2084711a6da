/**
 * The backend's answer to a statement, taken apart into the messages PGlite's `parseResults` reads, for the answers
 * made of nothing else: row descriptions, rows, command tags and the protocol's acknowledgements. PGlite's own parser
 * copies every field into an ArrayBuffer of its own before decoding it (one allocation a value); here each value is
 * decoded from the answer's bytes in place. Any other message (an
 * error, a notice, a notification, a parameter's status) → null, and the caller hands the answer to PGlite's parser.
 */
export type WireMessage =
  | { name: 'rowDescription'; fields: { name: string; dataTypeID: number }[] }
  | { name: 'dataRow'; fields: (string | null)[] }
  | { name: 'commandComplete'; text: string }
  | { name: 'parameterDescription'; dataTypeIDs: number[] }
  | { name: 'other' };

const ACKNOWLEDGEMENTS = new Set([
  0x31, // '1' parseComplete
  0x32, // '2' bindComplete
  0x33, // '3' closeComplete
  0x6e, // 'n' noData
  0x73, // 's' portalSuspended
  0x49, // 'I' emptyQuery
  0x5a, // 'Z' readyForQuery
]);
const OTHER: WireMessage = { name: 'other' };

export function readAnswer(raw: Uint8Array): WireMessage[] | null {
  const buf = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const out: WireMessage[] = [];
  let at = 0;
  const cstring = () => {
    const end = buf.indexOf(0, at);
    const s = buf.toString('utf8', at, end);
    at = end + 1;
    return s;
  };
  while (at + 5 <= buf.length) {
    const type = buf[at];
    const end = at + 1 + buf.readInt32BE(at + 1);
    if (end > buf.length) return null;
    at += 5;
    if (type === 0x44) { // 'D' dataRow
      const n = buf.readInt16BE(at);
      at += 2;
      const fields: (string | null)[] = [];
      for (let i = 0; i < n; i++) {
        const len = buf.readInt32BE(at);
        at += 4;
        if (len < 0) fields.push(null);
        else { fields.push(buf.toString('utf8', at, at + len)); at += len; }
      }
      out.push({ name: 'dataRow', fields });
    } else if (type === 0x54) { // 'T' rowDescription
      const n = buf.readInt16BE(at);
      at += 2;
      const fields: { name: string; dataTypeID: number }[] = [];
      for (let i = 0; i < n; i++) {
        const name = cstring();
        // table oid (4), column number (2), then the type's oid; its size (2), modifier (4) and format (2) follow.
        fields.push({ name, dataTypeID: buf.readInt32BE(at + 6) });
        at += 18;
      }
      out.push({ name: 'rowDescription', fields });
    } else if (type === 0x43) { // 'C' commandComplete
      out.push({ name: 'commandComplete', text: cstring() });
    } else if (type === 0x74) { // 't' parameterDescription
      const n = buf.readUInt16BE(at);
      const dataTypeIDs = Array.from({ length: n }, (_, i) => buf.readInt32BE(at + 2 + 4 * i));
      out.push({ name: 'parameterDescription', dataTypeIDs });
    } else if (ACKNOWLEDGEMENTS.has(type)) {
      out.push(OTHER);
    } else {
      return null;
    }
    at = end;
  }
  return at === buf.length ? out : null;
}
