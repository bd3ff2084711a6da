import { can, type Role } from '../../registry';
import type { Choice, Command, Translate } from '../../../commands';
import { queryWords } from '../text/fold';

/**
 * The choice of a command's first parameter that the typed words name, when they name exactly one: "switch theme to
 * dark" is Change theme… with Dark, "language italiano" Change language… with Italiano, so Enter does it rather than
 * ask. A word of the choice's label (in the chosen language or English) typed whole; a choice the role may not take
 * (an export of a list it may not open) is never named.
 */
export function namedChoice(cmd: Command, query: string, role: Role | null, t: Translate, tEnglish: Translate): { value: string; label: string } | undefined {
  const param = cmd.params?.[0];
  if (param?.kind !== 'choice') return undefined;
  const typed = new Set(queryWords(query));
  if (!typed.size) return undefined;
  // The command's own words name the command, not a choice ("language" is no language's name, but "theme" could be).
  const own = new Set([...queryWords(cmd.title(t)), ...queryWords(cmd.title(tEnglish))]);
  const says = (c: Choice) => [c.label(t), c.label(tEnglish)].some((label) => queryWords(label).some((w) => typed.has(w) && !own.has(w)));
  const named = param.choices().filter((c) => (!c.access || can(role, c.access.resource, c.access.action)) && says(c));
  return named.length === 1 ? { value: named[0].value, label: named[0].label(t) } : undefined;
}
