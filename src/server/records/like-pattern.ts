/** `%term%` for ILIKE, with the user's wildcards taken literally. */
export function likePattern(q: string): string {
  return `%${likeLiteral(q)}%`;
}

/** The term lower-cased, with LIKE's wildcards and escape taken literally. */
export const likeLiteral = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
