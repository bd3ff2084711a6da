import { ENTITIES, entityByName, type Role } from '../../registry';
import { isAllowed, type Command } from '../../../commands';
import type { Index, Ranked } from '../text/rank';
import { rankResults, type Result } from './results';

/**
 * A query that names what the role may not open ("appointments", typed by a doctor) is told so, with what the role can
 * do instead: the commands it may run that go somewhere (a list, a screen) and share the withheld command's sidebar
 * group, name its entity among their keywords, or are about an entity related to it by a reference — the most
 * particular relation first (the slots an appointment is booked in before the centres and doctors half the console
 * refers to). Only commands: no record of the withheld kind is ever looked up or shown.
 */
export interface Withheld {
  cmd: Command;
  /** The entity the withheld command is about, when it is one (its plural names it in the message). */
  entity?: string;
  alternatives: Command[];
}

const SHOWN = 3;

/** Entities that refer to each: how many entities do (fewer is a more particular relation). */
let referrers: Map<string, Set<string>> | undefined;
function referrersOf(entity: string): Set<string> {
  if (!referrers) {
    referrers = new Map();
    for (const def of ENTITIES) {
      for (const fd of Object.values(def.fields)) {
        if (!fd.ref || fd.ref === def.name) continue;
        referrers.set(fd.ref, (referrers.get(fd.ref) ?? new Set()).add(def.name));
      }
    }
  }
  return referrers.get(entity) ?? new Set();
}

/** The entities a reference joins to `entity`, either way, with how particular each relation is (lower: more). */
function related(entity: string): Map<string, number> {
  const out = new Map<string, number>();
  const def = entityByName(entity);
  for (const fd of Object.values(def?.fields ?? {})) if (fd.ref && fd.ref !== entity) out.set(fd.ref, referrersOf(fd.ref).size);
  for (const other of referrersOf(entity)) if (!out.has(other)) out.set(other, referrersOf(entity).size);
  return out;
}

export function withheldAnswer(cmd: Command, available: readonly Command[], role: Role | null): Withheld {
  const entity = cmd.access && entityByName(cmd.access.resource) ? cmd.access.resource : undefined;
  const group = cmd.menu?.group ?? (entity ? entityByName(entity)?.nav?.group : undefined);
  const kin = entity ? related(entity) : new Map<string, number>();
  const scored = available
    .filter((c) => c.href && isAllowed(c, role))
    .map((c, order) => {
      const about = c.access?.resource;
      const sameGroup = group !== undefined && c.menu?.group === group;
      const named = entity !== undefined && (c.keywords ?? []).includes(entity);
      const relation = about !== undefined ? kin.get(about) : undefined;
      // Group, then keyword, then the most particular relation; ties in registry order.
      const rank = sameGroup ? 0 : named ? 1 : relation !== undefined ? 2 + relation : Infinity;
      return { c, rank, order };
    })
    .filter((x) => x.rank < Infinity)
    .sort((a, b) => a.rank - b.rank || a.order - b.order);
  return { cmd, entity, alternatives: scored.slice(0, SHOWN).map((x) => x.c) };
}

/**
 * What the palette tells a role whose query names a command it may not run better than any line it may list (`best`,
 * the first of its own ranking): undefined when its own lines match as well.
 */
export function refusalOf(withheld: Index<Result>, best: Ranked<Result> | undefined, query: string, available: readonly Command[], role: Role | null): Withheld | undefined {
  const named = rankResults(withheld, [], query, { limit: 1 })[0];
  if (named?.item.kind !== 'command' || (best && best.score >= named.score)) return undefined;
  return withheldAnswer(named.item.cmd, available, role);
}
