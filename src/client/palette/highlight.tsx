import type { ReactNode } from 'react';

/**
 * A text with its matched letters in <mark> (ranges [from, to, …] as rank.ts gives them). The marks are inline and
 * add no characters, so the option's accessible name is the plain title; the look is in styles.css (.palette mark).
 */
export function Highlight({ text, ranges }: { text: string; ranges: readonly number[] }) {
  if (!ranges.length) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    const from = Math.max(at, ranges[i]);
    const to = Math.min(text.length, ranges[i + 1]);
    if (to <= from) continue;
    if (from > at) parts.push(text.slice(at, from));
    parts.push(<mark key={from}>{text.slice(from, to)}</mark>);
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
