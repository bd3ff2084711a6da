/**
 * Whether a request's Accept-Encoding takes `coding` (gzip, br, deflate): named with a weight above 0, or not named
 * and `*` allowed. `q=0` refuses a coding (RFC 9110 §12.5.3). One reading for the precompressed assets and for JSON.
 */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let star: boolean | null = null;
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const allowed = q === undefined || Number(q) > 0;
    if (token === coding) return allowed;
    if (token === '*') star = allowed;
  }
  return star === true;
}
