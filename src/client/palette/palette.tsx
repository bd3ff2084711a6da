import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { COMMANDS, isAllowed, repeatCommand, type Command, type CommandArgs } from '../../../commands';
import { canPickFrom, canReadRecord, entityByName, getEntity, viewActionFor, can, LANGUAGES, type EntityDef, type Language, type Role } from '../../registry';
import { tEnglish } from '../i18n';
import { prefs } from '../state/prefs';
import { noteUse } from '../api/recents';
import { byFrecency, frecency } from '../state/recents';
import { currentRole, session } from '../state/session';
import { useCommands } from '../state/saved-views';
import { closePalette, typedBeforePalette, ui } from '../state/ui';
import { ComboKeys } from '../ui/combo';
import { commandContext } from './command-context';
import { commandKeymap, roleCommands } from './role-commands';
import { holdTypingForForm } from '../ui/type-ahead';
import { Highlight } from './highlight';
import { PaletteEmpty, PaletteGroup, PaletteInput, PaletteItem, PaletteList, PaletteLoading, PaletteRoot } from './listbox';
import { lineTexts } from './line-texts';
import { PaletteFrame } from './palette-frame';
import { rank, type Ranked } from '../text/rank';
import { commandIndex, commandSaysIt, narrowBox, NO_COMMANDS, rankResults, recentBoost, resultKey, type Result } from './results';
import { useRecordOptions, useSearchHits } from './use-palette-data';
import { missOf } from './miss';
import { namedChoice } from './named-choice';
import { refusalOf } from './withheld';
import { sectionsOf, type Section } from './record-groups';
import { addressOf } from './reading/list-of-reading';
import { todayIn } from './reading/periods';
import { lineKey, selectedAddress } from './palette-keys';
import { PaletteHelp } from './palette-help';
import { toast } from 'sonner';
import { READING_LINE, ReadingLine, readingLineValue } from './reading/reading-line';
import { useReading } from './reading/use-reading';
import type { SearchHit } from '../api/search';
import { hitAddress } from '../api/hit-address';

/** A step of the palette: the root list, or a command waiting for its parameter number `index`. */
interface Page { cmd: Command; index: number; args: CommandArgs }

/** Lines listed while typing: enough to look down, few enough to paint within a frame. */
const RESULTS_SHOWN = 30;
/** With the box empty: the recently used first, then the role's commands in registry order. */
const RECENT_SHOWN = 8;
const COMMANDS_SHOWN = 24;
/**
 * Lines rendered in the frame of the key that changed the list (or of the opening): about what the list shows at once
 * on a laptop. The rest follow right after that frame is painted (issue 10: a keystroke paints within a frame).
 */
const FIRST_SHOWN = 12;
/** Keys that move the selection: after one, the selection stays where the user put it. */
const MOVES = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp']);

/** Ctrl/Cmd+K: the role's commands and the records found, ranked together by how well they match what is typed. */
export function Palette() {
  const snap = useSnapshot(ui);
  if (!snap.paletteOpen) return null;
  return <PaletteDialog initial={snap.palettePage} />;
}

const isLanguage = (l: string): l is Language => (LANGUAGES as readonly string[]).includes(l);

/** A record the role may open from the palette (its page, else its list). */
function mayOpen(role: Role | null, entity: string): boolean {
  const def = entityByName(entity);
  return Boolean(role && def && (viewActionFor(def, (a) => can(role, def.name, a)) || can(role, def.name, 'list')));
}

function PaletteDialog({ initial }: { initial: string | null }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const p = useSnapshot(prefs);
  useSnapshot(session);
  const role = currentRole();
  // What was typed while the palette's code was still on its way (state/ui.ts).
  const [query, setQuery] = useState(typedBeforePalette);
  const [page, setPage] = useState<Page | null>(() => {
    const cmd = initial ? COMMANDS.get(initial) : undefined;
    return cmd ? { cmd, index: 0, args: {} } : null;
  });
  const close = closePalette;
  // The record in view as the palette opened: its actions are listed first, and the top says so.
  const [scope] = useState(() => ({ entity: ui.inView.entity, record: ui.inView.record }));
  const [help, setHelp] = useState(false);
  // The user's saved views are commands too (commands/saved-views.ts), with shortcuts of their own.
  const commands = useCommands();
  const keymap = useMemo(() => commandKeymap(commands, p.keymap as Record<string, string>), [commands, p.keymap]);
  const allowed = useMemo(() => roleCommands(commands, role), [commands, role]);
  // What applies here and now (the record in view, the screen): asked at each opening.
  const available = useMemo(() => {
    const ctx = commandContext();
    return allowed.filter((c) => (!c.when || c.when(ctx)) && (!c.offered || c.offered(ctx)));
  }, [allowed]);
  // The commands' words are indexed on the first keystroke (kept for the page's life), not while the palette opens.
  const index = useMemo(() => {
    let built: ReturnType<typeof commandIndex> | undefined;
    return () => (built ??= commandIndex(available, t, tEnglish, lang));
  }, [available, t, lang]);
  // The commands the role may not run, indexed only when nothing else matched: to say so rather than blame the spelling.
  const withheld = useMemo(() => {
    let built: ReturnType<typeof commandIndex> | undefined;
    return () => (built ??= commandIndex([...COMMANDS.values()].filter((c) => !isAllowed(c, role)), t, tEnglish, lang));
  }, [role, t, lang]);
  const typed = !page && query.trim() !== '';
  // `>` commands only, `@` people, `#` numbers (results.ts).
  const box = useMemo(() => narrowBox(query), [query]);
  const hits = useSearchHits(page || !box.records ? '' : box.text);
  const { keep } = box;
  const found = useMemo(() => (keep ? hits.items.filter(keep) : hits.items), [keep, hits.items]);
  // The query read as a list and its filters (reading/): its line comes first, and Enter opens that list.
  const reads = useReading(page ? '' : query, role, lang, t, tEnglish);
  const read = reads.at(0);
  const boost = useMemo(() => recentBoost(p.recent ?? [], (u) => frecency(u)), [p.recent]);
  const results = useMemo(
    // Every record found is ranked (the server sends a few of each kind): the list shows three of a kind (sectionsOf).
    () => (typed ? rankResults(box.commands ? index() : NO_COMMANDS, found, box.text, { limit: RESULTS_SHOWN + found.length, boost }) : []),
    [typed, index, found, box, boost],
  );

  // A query that names what the role may not open, better than anything it may: said so, with what it can do instead.
  const refused = useMemo(() => (typed && box.commands ? refusalOf(withheld(), results[0], box.text, available, role) : undefined), [typed, box, withheld, results, available, role]);
  const insteadLines = useMemo(() => refused?.alternatives.map((cmd): Ranked<Result> => ({ item: { kind: 'command', cmd }, score: 0, ranges: [] })) ?? [], [refused]);
  const listed = useMemo(() => {
    if (!insteadLines.length) return results;
    const shown = new Set(insteadLines.map((l) => resultKey(l.item)));
    return results.filter((r) => !shown.has(resultKey(r.item)));
  }, [results, insteadLines]);
  // Below the first line: the commands, and the records by kind, a few each, with a line for the rest of each kind.
  const sections = useMemo(() => sectionsOf(listed[0], listed.slice(1), hits.groups), [listed, hits.groups]);
  // Nothing at all matches: what was understood, and the nearest lines ("Did you mean …").
  const missed = typed && !results.length && !read && !refused && !hits.loading && !hits.error;
  const miss = useMemo(() => (missed ? missOf(box.commands ? index() : NO_COMMANDS, box.text) : undefined), [missed, box, index]);
  const nearLines = useMemo(() => miss?.nearest.map((r): Ranked<Result> => ({ item: r, score: 0, ranges: [] })) ?? [], [miss]);

  // What the list is for now: a new text or page, or the server's answer to it, renders its first lines at once and the
  // rest after they are painted (an answer rendered whole took 12-14 ms from its arrival to its paint).
  const stage = page ? `${page.cmd.id}\u0000${page.index}` : query;
  const answer = hits.items;
  const [fullFor, setFullFor] = useState<{ stage: string; answer: SearchHit[] } | null>(null);
  const full = fullFor?.stage === stage && fullFor.answer === answer;
  useEffect(() => {
    if (full) return;
    let timer = 0;
    // A task after the next frame: requestAnimationFrame runs before it is painted, its timeout after.
    const frame = requestAnimationFrame(() => { timer = window.setTimeout(() => setFullFor({ stage, answer })); });
    return () => { cancelAnimationFrame(frame); clearTimeout(timer); };
  }, [full, stage, answer]);
  const limit = full ? Infinity : FIRST_SHOWN;

  // With the box empty: what this user used most and last (the role may still run or open it), then commands.
  const idle = useMemo(() => {
    if (page || typed) return { first: [], onRecord: [], recent: [], views: [], rest: [] };
    const byId = new Map(available.map((c) => [c.id, c]));
    const line = (cmd: Command): Ranked<Result> => ({ item: { kind: 'command', cmd }, score: 0, ranges: [] });
    // What `.` would do here comes first ("Repeat: Mark appointment missed"), then what applies to the record in
    // view (its moves, its history), then the recent, then the saved views.
    const first = byId.has(repeatCommand.id) ? [line(byId.get(repeatCommand.id)!)] : [];
    const onRecord = scope.record ? available.filter((c) => c.id !== repeatCommand.id && c.when && !c.params?.length
      && (c.access?.resource === scope.entity || c.id === 'record.history')).map(line) : [];
    const recent: Ranked<Result>[] = [];
    for (const use of byFrecency(p.recent ?? [])) {
      if (recent.length >= RECENT_SHOWN) break;
      if (use.kind === 'command' && byId.has(use.id)) recent.push({ item: { kind: 'command', cmd: byId.get(use.id)! }, score: 0, ranges: [] });
      if (use.kind === 'record') {
        const [entity, id] = use.id.split(':');
        if (mayOpen(role, entity) && Number(id) > 0) recent.push({ item: { kind: 'record', hit: { entity, id: Number(id), title: use.title ?? `#${id}`, subtitle: '' } }, score: 0, ranges: [] });
      }
    }
    const shown = new Set([...first, ...onRecord, ...recent].map((r) => resultKey(r.item)));
    const viewLines = available.filter((c) => c.category === 'views' && !shown.has(c.id)).map(line);
    for (const v of viewLines) shown.add(resultKey(v.item));
    const rest = available.filter((c) => !shown.has(c.id)).slice(0, COMMANDS_SHOWN).map(line);
    return { first, onRecord, recent: recent.filter((r) => !onRecord.some((o) => resultKey(o.item) === resultKey(r.item))), views: viewLines, rest };
  }, [page, typed, available, p.recent, role, scope]);

  // The selection follows the best line, also when records arrive after the commands, until the user moves it.
  const best = typed ? (insteadLines[0] ?? listed[0] ?? nearLines[0]) : (idle.first[0] ?? idle.onRecord[0] ?? idle.recent[0] ?? idle.views[0] ?? idle.rest[0]);
  // The reading comes first when it read every word, unless the best line is a command that says them all.
  const readFirst = !refused && Boolean(read?.complete) && !commandSaysIt(results[0], query, t, tEnglish);
  const top = page ? undefined : typed && readFirst ? READING_LINE : best ? resultKey(best.item) : typed && hits.error ? RETRY : undefined;
  const [chosen, setSelected] = useState('');
  const [follow, setFollow] = useState(true);
  // Worked out, not set during the render: a state set there rendered the whole palette twice on each key that
  // changed the best line.
  const selected = follow && top ? top : chosen;
  // On a parameter's page a new text selects its first line again (there is no best match to follow).
  const type = (text: string) => { setFollow(true); setQuery(text); setHelp(false); if (page) setSelected(''); };

  const run = (cmd: Command, args: CommandArgs) => {
    close();
    // A form opens next: what is typed before it has the focus is kept for its first field (type-ahead.ts). A command
    // with a page of its own (`href`: the slot calendar, guarded by the right to edit slots) opens no form, and its
    // page's fields must get what is typed.
    if (!cmd.href && (cmd.access?.action === 'add' || cmd.access?.action === 'edit')) holdTypingForForm();
    void cmd.run(commandContext(), args);
  };
  const choose = (cmd: Command, args: CommandArgs = {}) => {
    if (!page) noteUse({ kind: 'command', id: cmd.id });
    // A choice the words named is taken ("switch theme to dark"): its page is not asked.
    const named = !page && cmd.params?.length ? namedChoice(cmd, query, role, t, tEnglish) : undefined;
    const given = named ? { ...args, [cmd.params![0].name]: named } : args;
    const next = named ? 1 : 0;
    if (cmd.params && cmd.params.length > next) { setFollow(true); setPage({ cmd, index: next, args: given }); setQuery(''); setSelected(''); return; }
    run(cmd, given);
  };
  const advance = (args: CommandArgs) => {
    if (!page) return;
    if (page.index + 1 < page.cmd.params!.length) { setPage({ ...page, index: page.index + 1, args }); setQuery(''); setSelected(''); }
    else run(page.cmd, args);
  };
  const supply = (value: string | number, label: string) => {
    if (!page) return;
    advance({ ...page.args, [page.cmd.params![page.index].name]: { value, label } });
  };
  /** "Any" on an optional parameter's page: the argument is left out. */
  const skip = () => {
    if (!page) return;
    const { [page.cmd.params![page.index].name]: _left, ...args } = page.args;
    advance(args);
  };
  const openReading = useCallback((address: string) => { closePalette(); commandContext().navigate(address); }, []);
  const openHit = (hit: SearchHit) => {
    const def = getEntity(hit.entity);
    noteUse({ kind: 'record', id: `${hit.entity}:${hit.id}`, title: hit.title });
    close();
    commandContext().navigate(hitAddress(def, hit.id, hit.parts?.values ?? {}, (a) => can(role, def.name, a)));
  };
  // One callback for every line, the same across renders, so a line whose result is unchanged is not rendered again.
  const latest = useRef({ choose, openHit });
  useLayoutEffect(() => { latest.current = { choose, openHit }; });
  const pick = useCallback((item: Result) => (item.kind === 'command' ? latest.current.choose(item.cmd) : latest.current.openHit(item.hit)), []);
  /** The sections' lines, `room` at most (the first frame's), each kind under its name with its line for the rest. */
  const sectionLines = (parts: Section[], room: number) => parts.map((part) => {
    const lines = part.lines.slice(0, Math.max(0, room));
    room -= lines.length;
    if (!part.entity) return lines.map(line);
    const def = getEntity(part.entity);
    const more = part.more && can(role, def.name, 'list') && room-- > 0 ? part.more : undefined;
    if (!lines.length && !more) return null;
    const name = t(`${def.name}.other`, { ns: 'entities' });
    return (
      <PaletteGroup key={part.entity} heading={name}>
        {lines.map(line)}
        {more && (
          <PaletteItem key={moreValue(def.name)} value={moreValue(def.name)} address={moreAddress(def, box.text.trim())} onSelect={() => openReading(moreAddress(def, box.text.trim()))}>
            <span className="grow">{t(more.atLeast ? 'palette.moreThan' : 'palette.moreOf', { count: more.count, name })}</span>
          </PaletteItem>
        )}
      </PaletteGroup>
    );
  });
  // Enter pressed right after the last letter, before the records (or the names a sentence holds) for the whole text
  // have come: it waits for them and then chooses the best line for that text, never a line of an earlier one.
  const [enterFor, setEnterFor] = useState<string | null>(null);
  // Keys typed after that Enter, while it waits: they belong to what it opens (a sub-page's box, a form's first field),
  // never to the text it was pressed on.
  const afterEnter = useRef<string | null>(null);
  const settled = !hits.loading && !read?.pending;
  const enterLatest = useRef({ top, best, reads, openReading, pick, type });
  useLayoutEffect(() => { enterLatest.current = { top, best, reads, openReading, pick, type }; });
  useEffect(() => {
    if (enterFor !== null && enterFor !== query) { setEnterFor(null); afterEnter.current = null; return; }
    if (enterFor === null || !settled) return;
    setEnterFor(null);
    const { top: now, best: line, reads: read, openReading: open, pick: choose } = enterLatest.current;
    const typedOn = enterFor;
    let chose = true;
    if (now === READING_LINE && read[0]) open(read[0].address);
    else if (line) choose(line.item);
    else chose = false;
    // The palette closed (a form opens: its type-ahead, ui/type-ahead.ts, listens on the window and holds keys for the
    // first field from now): the held keys go there first, before any typed after. Anywhere else they are dropped,
    // never shortcuts.
    const replay = (text: string) => { for (const key of text) window.dispatchEvent(new KeyboardEvent('keydown', { key, cancelable: true })); };
    if (!ui.paletteOpen) { replay(afterEnter.current ?? ''); afterEnter.current = null; return; }
    // A sub-page: keys are still held until it has rendered, then they are its text, in the order typed.
    setTimeout(() => {
      const rest = afterEnter.current ?? '';
      afterEnter.current = null;
      if (!rest) return;
      // Nothing was chosen: they go on with the text Enter was pressed on.
      if (ui.paletteOpen) enterLatest.current.type(chose ? rest : typedOn + rest);
      else replay(rest);
    });
  }, [enterFor, query, settled]);
  const readingLines = () => reads.map((r, i) => <ReadingLine key={readingLineValue(i)} read={r} index={i} onOpen={openReading} />);
  const line = (r: Ranked<Result>) => (
    <ResultLine key={resultKey(r.item)} result={r} t={t} lang={lang} combo={r.item.kind === 'command' ? keymap.get(r.item.cmd.id) : undefined}
      address={lineAddress(r.item, role)} onPick={pick} />
  );

  const param = page?.cmd.params?.[page.index];
  return (
    <PaletteFrame title={t('palette.label')} onClose={close}>
      <PaletteRoot label={t('palette.label')} value={selected}
        onValueChange={(v) => { if (v !== top) setFollow(false); setSelected(v); }}
        onKeyDown={(e) => {
          if (afterEnter.current !== null) {
            // An Enter is waiting for the whole text's lines: what is typed meanwhile is held for what it opens.
            if (e.key === 'Escape') { setEnterFor(null); afterEnter.current = null; }
            else if ((e.key.length === 1 || e.key === 'Backspace') && !e.ctrlKey && !e.metaKey && !e.altKey) {
              e.preventDefault();
              afterEnter.current = e.key === 'Backspace' ? afterEnter.current.slice(0, -1) : afterEnter.current + e.key;
              return;
            }
          }
          // The line followed stays selected until the move's own change of line (none at an end the move cannot pass).
          if (MOVES.has(e.key) || ((e.ctrlKey || e.metaKey) && 'jknp'.includes(e.key))) { setFollow(false); setSelected(selected); }
          // A command that says every word typed stays first whatever records come: it runs at once (what is typed next is
          // its form's: ui/type-ahead.ts). Otherwise Enter waits for the whole text's lines.
          if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && typed && follow && !settled && !commandSaysIt(results[0], query, t, tEnglish)) {
            e.preventDefault();
            setEnterFor(query);
            afterEnter.current = '';
            return;
          }
          if (e.key === 'Backspace' && !query && page) { e.preventDefault(); setFollow(true); setPage(null); }
          // `?` with nothing typed: what the palette reads and its keys; again, or Esc, back to the list.
          if (e.key === '?' && !query && !page) { e.preventDefault(); setHelp((h) => !h); return; }
          if (help && e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setHelp(false); return; }
          const key = lineKey(e, e.currentTarget.querySelector<HTMLInputElement>('[data-palette-input]'));
          if (!key) return;
          // Before the listbox, which would take Ctrl+Enter for Enter.
          e.preventDefault();
          const address = selectedAddress(e.currentTarget);
          if (!address) { toast(t('palette.noAddress')); return; }
          if (key === 'newTab') window.open(address, '_blank', 'noopener');
          else void navigator.clipboard.writeText(address).then(() => toast.success(t('palette.linkCopied')), () => toast.error(t('palette.linkNotCopied')));
        }}>
        {/* What the palette acts on: the record in view's actions first, or everything. */}
        <div className="palette-scope" data-palette-scope="">{scope.record ? t('palette.scopeRecord') : t('palette.scopeAll')}</div>
        {page && <div className="crumb">{page.cmd.title(t)} › {param?.prompt(t)}</div>}
        {/* Focused by the frame as it opens: React's autoFocus would focus it once more, each a style and layout. */}
        <PaletteInput value={query} onValueChange={type} placeholder={param ? param.prompt(t) : t('palette.placeholder')} />
        {/* Beside the list, not in it: a listbox holds options only. */}
        {help && !page && !typed && <PaletteHelp />}
        <PaletteList busy={!full}>
          {!help && !page && !typed && (
            <>
              {idle.first.length > 0 && <PaletteGroup heading={t('palette.repeat')}>{idle.first.map(line)}</PaletteGroup>}
              {idle.onRecord.length > 0 && <PaletteGroup heading={t('palette.scopeRecord')}>{idle.onRecord.map(line)}</PaletteGroup>}
              {idle.recent.length > 0 && <PaletteGroup heading={t('palette.recent')}>{idle.recent.slice(0, limit).map(line)}</PaletteGroup>}
              {idle.views.length > 0 && <PaletteGroup heading={t('palette.views')}>{idle.views.slice(0, Math.max(0, limit - idle.recent.length)).map(line)}</PaletteGroup>}
              <PaletteGroup heading={t('palette.commands')}>{idle.rest.slice(0, Math.max(0, limit - idle.recent.length - idle.views.length)).map(line)}</PaletteGroup>
            </>
          )}
          {typed && refused && (
            <>
              <div className="palette-note" role="status">{withheldText(t, refused.cmd, refused.entity, role)}</div>
              {insteadLines.length > 0 && <PaletteGroup heading={t('palette.instead')}>{insteadLines.map(line)}</PaletteGroup>}
            </>
          )}
          {typed && (
            <>
              {readFirst && readingLines()}
              {listed.slice(0, 1).map(line)}
              {!readFirst && readingLines()}
              {sectionLines(sections, limit - 1)}
              {hits.error && (
                <>
                  <div className="palette-note palette-error" role="alert">{t('palette.searchFailed', { message: hits.error })}</div>
                  <PaletteItem value={RETRY} onSelect={hits.retry}><span className="grow">{t('palette.retry')}</span></PaletteItem>
                </>
              )}
              {miss && (nearLines.length ? (
                <>
                  <div className="palette-note" role="status">{missText(t, query, miss.understood)}</div>
                  <PaletteGroup heading={t('palette.didYouMean')}>{nearLines.map(line)}</PaletteGroup>
                </>
              ) : <PaletteEmpty>{missText(t, query, miss.understood)}</PaletteEmpty>)}
            </>
          )}
          {param?.kind === 'choice' && (
            <ChoiceItems choices={param.choices()} query={query} onPick={supply} />
          )}
          {param?.kind === 'record' && (
            <RecordItems entity={param.entity} statuses={param.statuses} query={query} onPick={supply} onAny={param.optional ? skip : undefined} />
          )}
        </PaletteList>
        {/* Under the list, not in it: a listbox holds options only, and the loading line is a progressbar. */}
        {typed && hits.loading && <PaletteLoading label={t('palette.searching')}>{t('palette.searching')}</PaletteLoading>}
        <div className="foot">{t('palette.hint')}</div>
      </PaletteRoot>
    </PaletteFrame>
  );
}

const RETRY = '_retry';

/** Where a line goes, for Ctrl+Enter and Ctrl+C: a command's page, a record's page (or its list narrowed to it). */
function lineAddress(item: Result, role: Role | null): string | undefined {
  if (item.kind === 'command') return item.cmd.href;
  const def = entityByName(item.hit.entity);
  return def && mayOpen(role, def.name) ? hitAddress(def, item.hit.id, item.hit.parts?.values ?? {}, (a) => can(role, def.name, a)) : undefined;
}
/** The value of a kind's line for the rest of its records ("12 more in Payments…"). */
const moreValue = (entity: string) => `_more:${entity}`;

/**
 * Where a kind's line for the rest goes: its list searched by the text. A list that only lists recent days (payments)
 * is asked for all its days up to today: the count the line said was of them all.
 */
function moreAddress(def: EntityDef, text: string): string {
  const open = (def.views ?? []).filter((v) => !Object.keys(v.filters ?? {}).length);
  const recent = open.length > 0 && open.every((v) => v.recent) ? open[0].recent : undefined;
  return addressOf(def, recent ? { [recent.field]: `..${todayIn(undefined, Date.now())}` } : {}, text);
}

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Said when nothing matches: what was typed, so a typo shows. */
const nothingMatches = (t: T, query: string) =>
  (query.trim() ? t('palette.nothingFor', { query: query.trim() }) : t('palette.empty'));

/** Nothing matches, and which of the words typed were understood. */
const missText = (t: T, query: string, understood: string[]) =>
  [nothingMatches(t, query), understood.length ? t('palette.understood', { words: understood.map((w) => t('palette.quoted', { text: w })).join(' ') }) : ''].filter(Boolean).join(' ');

/** "Appointments are not available to the Doctor role." (a list's entity), else the command by its title. */
const withheldText = (t: T, cmd: Command, entity: string | undefined, role: Role | null) => {
  const roleName = role ? t(role, { ns: 'enums' }) : '';
  return entity ? t('palette.withheldList', { name: t(`${entity}.other`, { ns: 'entities' }), role: roleName }) : t('palette.withheldCommand', { name: cmd.title(t), role: roleName });
};

/**
 * One line: the title with the typed letters marked, the text it was found by when not the title, what kind it is.
 * No hook of its own (t comes from the list), texts worked out once (line-texts.ts), and not rendered again while its
 * result, marks and shortcut stay the same: thirty of these are listed on every keystroke.
 */
const ResultLine = memo(function ResultLine({ result, t, lang, combo, address, onPick }: { result: Ranked<Result>; t: TFunction; lang: Language; combo?: string; address?: string; onPick: (item: Result) => void }) {
  const { item, ranges, via } = result;
  const { title, kind } = lineTexts(item, t, lang);
  return (
    <PaletteItem value={resultKey(item)} address={address} onSelect={() => onPick(item)}>
      <span className="grow">
        <Highlight text={title} ranges={ranges} />
        {via && <span className="sub"> · <span className="sr-only">{t('palette.foundAs')} </span><Highlight text={via.text} ranges={via.ranges} /></span>}
        {item.kind === 'record' && item.hit.subtitle && <span className="sub"> · {item.hit.subtitle}</span>}
      </span>
      <span className="sub">{kind}</span>
      {combo && <ComboKeys combo={combo} t={t} />}
    </PaletteItem>
  );
}, (a, b) => a.result.item === b.result.item && a.t === b.t && a.lang === b.lang && a.combo === b.combo && a.address === b.address && a.onPick === b.onPick
  && sameNumbers(a.result.ranges, b.result.ranges) && a.result.via?.text === b.result.via?.text && sameNumbers(a.result.via?.ranges, b.result.via?.ranges));

function sameNumbers(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function ChoiceItems({ choices, query, onPick }: { choices: ReturnType<Extract<NonNullable<Command['params']>[number], { kind: 'choice' }>['choices']>; query: string; onPick: (v: string, label: string) => void }) {
  const { t } = useTranslation();
  const role = currentRole();
  const ranked = rank(choices.filter((c) => !c.access || can(role, c.access.resource, c.access.action)), query, (c) => [c.label(t), c.label(tEnglish), c.value]);
  if (!ranked.length) return <PaletteEmpty>{nothingMatches(t, query)}</PaletteEmpty>;
  return <>{ranked.map((c) => <PaletteItem key={c.value} value={c.value} onSelect={() => onPick(c.value, c.label(t))}>{c.label(t)}</PaletteItem>)}</>;
}

/**
 * The records of a record parameter's page. An optional parameter (`optional: true`: "Filter payments…"'s doctor)
 * offers "Any" first, which leaves the argument out. Once something is typed only the matching records are listed,
 * so Enter picks the record being looked for (a new text selects the first line, and records arrive after the
 * keystroke); clearing the text brings "Any" back.
 */
function RecordItems({ entity, statuses, query, onPick, onAny }: { entity: string; statuses?: readonly string[]; query: string; onPick: (v: number, label: string) => void; onAny?: () => void }) {
  const { t } = useTranslation();
  const def = getEntity(entity);
  const options = useRecordOptions(def, query, canPickFrom(currentRole(), def.name) || canReadRecord(currentRole(), def.name), 0, statuses);
  // Until the server answers for what is typed now, the last answer is narrowed here, so Enter never picks a stale row.
  const items = rank(options.items, query, (o) => [o.title, o.subtitle]);
  const any = onAny && query.trim() === '' && <PaletteItem key="_any" value="_any" onSelect={onAny}><span className="grow">{t('cmd.anyValue')}</span></PaletteItem>;
  if (options.loading && !items.length) return <>{any}<PaletteLoading label={t('palette.searching')}>{t('palette.searching')}</PaletteLoading></>;
  // Beside "Any" the note is said as a status of its own (the empty note is for a list with no line).
  const none = options.error ?? nothingMatches(t, query);
  if (!items.length) return any ? <>{any}<div className="palette-note" role="status">{none}</div></> : <PaletteEmpty>{none}</PaletteEmpty>;
  return <>{any}{items.map((o) => <PaletteItem key={o.id} value={String(o.id)} onSelect={() => onPick(o.id, o.title)}><span className="grow">{o.title}</span><span className="sub">{o.subtitle}</span></PaletteItem>)}</>;
}
