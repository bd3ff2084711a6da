/** The five staff roles of spec §1. Read by the policy, the server's guard, the seed and the sign-up form. */
export const ROLES = ['superadmin', 'admin', 'doctor', 'fmc', 'railway'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
