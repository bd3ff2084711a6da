import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as pdfkit writes it with embedded fonts, for tests to read: each page's strings (glyph ids, two
 * bytes each) decoded through the ToUnicode map of the font they are shown in. Lines are joined by newlines, the runs
 * of one line by nothing. Enough for pdfkit's own output; not a general PDF reader.
 */
export function pdfText(pdf: Buffer | Uint8Array | string): string {
  const src = typeof pdf === 'string' ? pdf : Buffer.from(pdf).toString('latin1');
  const stream = (id: number): string => {
    const at = src.search(new RegExp(`(^|\\n)${id} 0 obj\\b`));
    const head = src.indexOf('stream', at);
    const start = src[head + 6] === '\r' ? head + 8 : head + 7;
    const data = Buffer.from(src.slice(start, src.indexOf('endstream', start)), 'latin1');
    return (/\/FlateDecode/.test(src.slice(at, head)) ? inflateSync(data) : data).toString('latin1');
  };

  // Resource name (/F2) → font object → its ToUnicode map (glyph id → text).
  const fontObject = new Map<string, number>();
  for (const m of src.matchAll(/\/(F\d+)\s+(\d+) 0 R/g)) fontObject.set(m[1], Number(m[2]));
  const toUnicode = new Map<number, Map<number, string>>();
  for (const m of src.matchAll(/(?:^|\n)(\d+) 0 obj\s*<<[^>]*?\/Type\s*\/Font\s*\/Subtype\s*\/Type0[^>]*?\/ToUnicode\s+(\d+) 0 R/g)) {
    toUnicode.set(Number(m[1]), cmap(stream(Number(m[2]))));
  }

  const lines: string[] = [];
  for (const page of src.matchAll(/\/Type\s*\/Page\b[^>]*?\/Contents\s+(\d+) 0 R/g)) {
    let map = new Map<number, string>();
    for (const op of stream(Number(page[1])).matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1]) map = toUnicode.get(fontObject.get(op[1]) ?? -1) ?? new Map();
      else lines.push([...(op[2] ?? `<${op[3]}>`).matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => glyphs(h[1], map)).join(''));
    }
  }
  return lines.join('\n');
}

const glyphs = (hex: string, map: Map<number, string>) => (hex.match(/.{4}/g) ?? []).map((g) => map.get(parseInt(g, 16)) ?? '\uFFFD').join('');
const text = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)));

/** A ToUnicode CMap: its bfchar and bfrange entries (the range's array form and its incrementing form). */
export function cmap(source: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) out.set(parseInt(m[1], 16), text(m[2]));
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      if (m[3].startsWith('[')) [...m[3].matchAll(/<([0-9a-fA-F]+)>/g)].forEach((d, i) => out.set(lo + i, text(d[1])));
      else for (let g = lo, u = parseInt(m[3].slice(1, -1), 16); g <= hi; g++, u++) out.set(g, String.fromCharCode(u));
    }
  }
  return out;
}
