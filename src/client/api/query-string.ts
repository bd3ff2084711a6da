/** The query string of a set of parameters, blanks left out. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
}

/** The params without their blanks: two spellings of one question make one query key. */
export function withoutBlanks<T extends Record<string, string | number | undefined | null>>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;
}
