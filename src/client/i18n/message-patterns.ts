/**
 * Messages of the server that carry a value ("This appointment is on 18 Dec 2026 (Asia/Kolkata): …"). The API messages
 * are translated by their English text (locales/api-messages); one with values is keyed by its English text with
 * `{{name}}` where each value goes, and a message is matched against those keys when no key is its whole text. The
 * values are put back into the translation as they came, but for a day in the server's words ("18 Dec 2026"), which
 * is said the reader's way (Intl, in the console's language).
 */
const cache = new Map<string, { re: RegExp; names: string[] }>();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The key as a pattern: its text word for word, each `{{name}}` any text. */
function compiled(key: string) {
  let found = cache.get(key);
  if (!found) {
    const names: string[] = [];
    const source = key.split(/(\{\{\w+\}\})/).map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return '(.+?)';
    }).join('');
    found = { re: new RegExp(`^${source}$`), names };
    cache.set(key, found);
  }
  return found;
}

/** The first key with values that `message` is an instance of, and the values it carries. */
export function matchMessage(message: string, keys: Iterable<string>): { key: string; values: Record<string, string> } | null {
  for (const key of keys) {
    if (!key.includes('{{')) continue;
    const { re, names } = compiled(key);
    const m = re.exec(message);
    if (m) return { key, values: Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) };
  }
  return null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day as the server writes it ("18 Dec 2026", PostgreSQL's `FMDD Mon YYYY`) said in `lang`; anything else as it is. */
export function localDay(text: string, lang: string): string {
  const m = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]) : -1;
  if (!m || month < 0) return text;
  const at = new Date(Date.UTC(Number(m[3]), month, Number(m[1])));
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at);
}
