import type { z } from 'zod';

/** A cross-field rule of an entity's `refine`: shared by the form resolver and the server's validator. */
export type Rule = (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;

const present = (v: unknown): v is number | string => typeof v === 'number' || (typeof v === 'string' && v !== '');

/**
 * `later` must come after `earlier` (strictly, or at least equal when `strict` is false), checked only when
 * both are given. Numbers compare as numbers; ISO dates and HH:MM times compare as text, which orders them.
 * The issue is reported on `later`, the field a user would correct.
 */
export function ordered(earlier: string, later: string, message: string, strict = false): Rule {
  return (v, ctx) => {
    const a = v[earlier];
    const b = v[later];
    if (!present(a) || !present(b) || typeof a !== typeof b) return;
    if (strict ? b <= a : b < a) ctx.addIssue({ code: 'custom', message, path: [later] });
  };
}

export function allOf(...rules: Rule[]): Rule {
  return (v, ctx) => { for (const r of rules) r(v, ctx); };
}
