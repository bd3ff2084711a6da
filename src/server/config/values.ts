/**
 * Numbers and switches read from the environment, strictly: a value that is not what the setting takes stops the
 * console at start with a message naming the setting, what was given and what it takes. Read leniently,
 * `SESSION_IDLE_MINUTES=30m` was NaN and turned idle sign-out off, and `DEMO_DATA=false` seeded the demo data.
 * Unset or empty: the default.
 */

export interface NumberRule {
  /** Whole numbers only (a count, a port). */
  integer?: boolean;
  min: number;
  max: number;
  /** What the setting is, for the message: "minutes", "processes". */
  unit?: string;
}

const given = (env: NodeJS.ProcessEnv, name: string) => {
  const text = env[name]?.trim();
  return text ? text : undefined;
};

export function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, rule: NumberRule): number {
  const text = given(env, name);
  if (text === undefined) return fallback;
  // Number('') and Number(' ') are 0, Number('0x10') 16, Number('1e3') 1000: only plain decimals are taken.
  const n = /^[+]?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  const what = `${rule.integer ? 'a whole number' : 'a number'} from ${rule.min} to ${rule.max}${rule.unit ? ` (${rule.unit})` : ''}`;
  if (!Number.isFinite(n) || (rule.integer && !Number.isInteger(n))) throw new Error(`${name}="${text}" is not ${what}.`);
  if (n < rule.min || n > rule.max) throw new Error(`${name}=${text} is out of range: give ${what}.`);
  return n;
}

const ON = new Set(['1', 'true', 'yes', 'on']);
const OFF = new Set(['0', 'false', 'no', 'off']);

/** A switch: 1/true/yes/on or 0/false/no/off. */
export function flagFrom(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const text = given(env, name)?.toLowerCase();
  if (text === undefined) return fallback;
  if (ON.has(text)) return true;
  if (OFF.has(text)) return false;
  throw new Error(`${name}="${env[name]}" is not a switch: give 1 (on) or 0 (off).`);
}

/** An http(s) address (PUBLIC_URL), without a trailing slash. */
export function httpAddressFrom(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const text = given(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name}="${text}" is not an address: give the console's http(s) address as its users reach it, e.g. https://console.example.in.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) address.`);
  if (url.search || url.hash) throw new Error(`${name} must be an address without a query or a fragment.`);
  return url.href.replace(/\/+$/, '');
}
