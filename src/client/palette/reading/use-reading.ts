import { useEffect, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { Translate } from '../../../../commands';
import { getEntity, type Language, type Role } from '../../../registry';
import { entities, type RecordOption } from '../../api/entities';
import { queryClient } from '../../api/query-client';
import { loadReader, readerOf } from '../../text/date-text';
import { useDebounced } from '../../use-debounced';
import { userFirstDay } from '../../state/week';
import { findDates } from './dates';
import { readQuery, type Reading } from './read';
import { nameableRefs, vocabulary } from './vocabulary';
import { readingsOf, type ReadList } from './list-of-reading';

const NONE: RecordOption[] = [];
const NO_READING: readonly ReadList[] = [];

/** A pause in typing before the words left are looked up as people or centres (each lookup is a request per field). */
const LOOKUP_PAUSE = 150;
/** Enough of a lookup's answer to pick the record the words name. */
const LOOKUP_LIMIT = 5;
const DIGIT = /\d/;

/**
 * One lookup: the words of a run looked up in the target of one reference field, among the records some record of
 * the list's kind refers to through it (`referredBy`): "payments varman" names the Varmans who have payments, not
 * the five doctors of that name with none.
 */
export interface Lookup { run: number; field: string; entity: string; q: string; referredBy?: string }

/**
 * The reading of what is typed, as it is typed: the words read at once (vocabulary), and the words left looked up as
 * references through each candidate field's `/options?q=` after a pause. Every answer is kept under its own words, and
 * a run is resolved only from the answers for the words typed now: a slow answer for earlier words is never shown.
 * Several readings when the words name several people (readingsOf); none when the query tells no more than a name.
 */
export function useReading(query: string, role: Role | null, lang: Language, t: Translate, tEnglish: Translate): readonly ReadList[] {
  // A day with its number ("1 Dec") is read by chrono-node, whose reader is fetched with the first digit typed.
  const wantsDates = DIGIT.test(query);
  const [parser, setParser] = useState<unknown>(() => readerOf(lang));
  useEffect(() => {
    if (!wantsDates) return;
    let live = true;
    void loadReader(lang).then((r) => { if (live) setParser(r); });
    return () => { live = false; };
  }, [wantsDates, lang]);
  const reading = useMemo(() => {
    const trimmed = query.trim();
    if (!trimmed || /^[>@#]/.test(trimmed)) return null;
    // Built on the first key rather than as the palette opens (then kept for the role and language).
    const vocab = vocabulary(role, lang, t, tEnglish);
    return readQuery(trimmed, vocab, parser && wantsDates ? datesIn(parser, trimmed) : []);
  }, [query, role, lang, t, tEnglish, parser, wantsDates]);

  const lookups = useMemo(() => (reading ? lookupsOf(reading, role) : []), [reading, role]);
  const asked = useDebounced(lookups, LOOKUP_PAUSE);
  const answers = useQueries({
    queries: asked.map((l) => {
      const read = entities.options(getEntity(l.entity), { q: l.q, limit: LOOKUP_LIMIT, referredBy: l.referredBy });
      return { queryKey: read.key, queryFn: ({ signal }: { signal: AbortSignal }) => read.fetch(signal), staleTime: 30_000 };
    }),
    // One answer per lookup (a failed one as none found), shared structurally: the same array while nothing changes.
    combine: (results) => results.map((r) => r.data ?? (r.isError ? NONE : undefined)),
  }, queryClient);

  return useMemo(() => {
    if (!reading) return NO_READING;
    // The answer for each lookup of the words typed now, if it has come (else the run is still being looked up).
    const answerOf = (l: Lookup): RecordOption[] | undefined => {
      const at = asked.findIndex((a) => a.entity === l.entity && a.q === l.q && a.referredBy === l.referredBy);
      return at < 0 ? undefined : answers[at];
    };
    const reads = readingsOf(reading, lookups, answerOf, { role, lang, t, firstDay: userFirstDay() });
    return reads[0].telling ? reads : NO_READING;
  }, [reading, lookups, asked, answers, role, lang, t]);
}

/** The days named in the text, counted from now (the query is read anew on every key). */
const datesIn = (parser: unknown, text: string) => findDates(parser, text, new Date());

/** The fields each run of words is looked up in: the one its marker named, else every field that names a person or centre. */
export function lookupsOf(reading: Reading, role: Role | null): Lookup[] {
  const def = getEntity(reading.entity);
  const fields = nameableRefs(def, role);
  return reading.words.flatMap((w, run) => {
    if ([...w.text].length < 3) return [];
    const named = w.field ? [w.field] : w.target ? fields.filter((f) => def.fields[f].ref === w.target) : fields;
    return named.filter((f) => fields.includes(f)).map((field) => ({
      run, field, entity: def.fields[field].ref!, q: w.text,
      // A single reference the server can follow back (crud/option-filters.ts); the role may list the list's kind.
      ...(def.fields[field].kind === 'ref' ? { referredBy: `${def.name}.${field}` } : {}),
    }));
  });
}
