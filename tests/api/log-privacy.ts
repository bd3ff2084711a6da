/**
 * What no log line may hold (src/server/ops/logger.ts): an e-mail address, a phone number, a bearer token. Looked for
 * in every string of a line (the request id aside: a client's own id is echoed as sent when it is plain).
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
/** Ten digits or more, as phone numbers are written (+91 98765 43210, 098-7654-3210). */
const PHONE = /\+?\d[\d\s().-]{8,}\d/;
/** A session or reset token: 32 random bytes in base64url. */
const TOKEN = /[A-Za-z0-9_-]{43}/;
/** Hex digits of a hash (the audit chain's head, its first 16 digits): no phone number has 16 digits. */
const HASH = /\b[0-9a-f]{16,}\b/g;

function strings(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return key === 'requestId' ? [] : [[key, value]];
  if (Array.isArray(value)) return value.flatMap((v) => strings(v, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, k));
  return [];
}

/** Why `line` (one line of the log) breaks the rule, or null. */
export function personalDataIn(line: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return `not a JSON line: ${line.slice(0, 200)}`;
  }
  for (const [key, text] of strings(parsed)) {
    if (PHONE.test(text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '').replace(/\d+(\.\d+)? (s|ms)\b/g, '').replace(HASH, ''))) return `a phone number in ${key}: ${line.slice(0, 300)}`;
    for (const [what, re] of [['an e-mail address', EMAIL], ['a token', TOKEN]] as const) if (re.test(text)) return `${what} in ${key}: ${line.slice(0, 300)}`;
  }
  return null;
}
