import type { EntityDef, HitParts } from '../../registry';
import i18n from '../i18n';
import { http } from './transport';
import { hitSentence, recordName } from './hit-sentence';
import { keys, type Read } from './keys';

/** A record found; `title` and `subtitle` as the user reads them (hit-sentence.ts), from the server's `parts`. */
export interface SearchHit { entity: string; id: number; title: string; subtitle: string; parts?: HitParts }

/** A kind of record found: how many matched, up to the server's cap (`more`: past it). */
export interface SearchGroup { entity: string; count: number; more: boolean }

/** The server's answer: a few records of each kind, best kinds first, and each kind's count. */
export interface SearchAnswer { hits: SearchHit[]; groups: SearchGroup[] }

/** The language's `t`, as a plain function (hit-sentence.ts reads enum labels and the people's sentence through it). */
export const translate = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

/** Hits said in the language in use: the sentence is made once, as the answer arrives (the language is in the key). */
export const sayHits = <H extends { title: string; subtitle: string; parts?: HitParts }>(entity: (h: H) => string, hits: H[]): H[] =>
  hits.map((h) => ({ ...h, ...hitSentence(entity(h), h, translate, i18n.language) }));

/** Record matches across every entity the caller may read, filtered by the server to what they may see, by kind. */
export const searchHits = (q: string, opts: { beforeSend?: (signal: AbortSignal) => Promise<void> } = {}): Read<SearchAnswer> => ({
  key: [...keys.search(q), i18n.language],
  fetch: async (signal) => {
    await opts.beforeSend?.(signal);
    const r = await http.get<{ data: SearchHit[]; groups?: SearchGroup[] }>(`/api/search?q=${encodeURIComponent(q)}`, { signal });
    return { hits: sayHits((h) => h.entity, r.data), groups: r.groups ?? [] };
  },
});

/** A record named in a notice, in the language in use (hit-sentence.ts recordName). */
export const sayRecord = (def: EntityDef, row: Record<string, unknown>) => recordName(def, row, translate, i18n.language);
