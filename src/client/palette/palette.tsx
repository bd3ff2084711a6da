import { useMemo, useState } from 'react';
import { Command as Cmdk } from 'cmdk';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { COMMANDS, effectiveKeymap, isAllowed, type Command, type CommandArgs } from '../../../commands';
import { canPickFrom, canReadRecord, entityByName, entityPath, getEntity, viewActionFor, can } from '../../registry';
import { tEnglish } from '../i18n';
import { prefs } from '../state/prefs';
import { currentRole, session } from '../state/session';
import { ui } from '../state/ui';
import { Combo } from '../shell/combo';
import { commandContext } from '../shell/command-context';
import { Modal } from '../shell/modal';
import { rank } from './rank';
import { commandTexts } from './command-texts';
import { useRecordOptions, useSearchHits } from './use-palette-data';

/** A step of the palette: the root list, or a command waiting for its parameter number `index`. */
interface Page { cmd: Command; index: number; args: CommandArgs }

/** Ctrl/Cmd+K: every command the role may run, ranked by our scorer, with record matches mixed in. */
export function Palette() {
  const snap = useSnapshot(ui);
  if (!snap.paletteOpen) return null;
  return <PaletteDialog initial={snap.palettePage} />;
}

function PaletteDialog({ initial }: { initial: string | null }) {
  const { t } = useTranslation();
  const p = useSnapshot(prefs);
  useSnapshot(session);
  const role = currentRole();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<Page | null>(() => {
    const cmd = initial ? COMMANDS.get(initial) : undefined;
    return cmd ? { cmd, index: 0, args: {} } : null;
  });
  const close = () => { ui.paletteOpen = false; ui.palettePage = null; };
  const keymap = useMemo(() => effectiveKeymap(COMMANDS.keys(), p.keymap as Record<string, string>), [p.keymap]);

  const available = useMemo(() => {
    const ctx = commandContext();
    return [...COMMANDS.values()].filter((c) => isAllowed(c, role) && (!c.when || c.when(ctx)));
  }, [role]);
  const commands = page ? [] : rank(available, query, (c) => commandTexts(c, t, tEnglish));
  const hits = useSearchHits(page ? '' : query);

  const run = (cmd: Command, args: CommandArgs) => {
    close();
    void cmd.run(commandContext(), args);
  };
  const choose = (cmd: Command, args: CommandArgs = {}) => {
    if (cmd.params?.length) { setPage({ cmd, index: 0, args }); setQuery(''); return; }
    run(cmd, args);
  };
  const advance = (args: CommandArgs) => {
    if (!page) return;
    if (page.index + 1 < page.cmd.params!.length) { setPage({ ...page, index: page.index + 1, args }); setQuery(''); }
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
  const openHit = (entity: string, id: number) => {
    const def = getEntity(entity);
    const action = viewActionFor(def, (a) => can(role, def.name, a));
    close();
    commandContext().navigate(action ? entityPath(def, action, id) : entityPath(def));
  };

  const param = page?.cmd.params?.[page.index];
  return (
    <Modal title={t('palette.label')} onClose={close} className="palette" hideHeader>
      <Cmdk label={t('palette.label')} shouldFilter={false} loop onKeyDown={(e) => {
        if (e.key === 'Backspace' && !query && page) { e.preventDefault(); setPage(null); }
      }}>
        {page && <div className="crumb">{page.cmd.title(t)} › {param?.prompt(t)}</div>}
        <Cmdk.Input autoFocus value={query} onValueChange={setQuery} placeholder={param ? param.prompt(t) : t('palette.placeholder')} />
        <Cmdk.List>
          {!page && (
            <>
              {commands.length > 0 && (
                <Cmdk.Group heading={t('palette.label')}>
                  {commands.map((c) => (
                    <Cmdk.Item key={c.id} value={c.id} onSelect={() => choose(c)}>
                      <span className="grow">{c.title(t)}</span>
                      <span className="sub">{t(`category.${c.category}`)}</span>
                      {keymap.get(c.id) && <Combo combo={keymap.get(c.id)!} />}
                    </Cmdk.Item>
                  ))}
                </Cmdk.Group>
              )}
              {hits.items.length > 0 && (
                <Cmdk.Group heading={t('category.records')}>
                  {hits.items.map((h) => (
                    <Cmdk.Item key={`${h.entity}:${h.id}`} value={`${h.entity}:${h.id}`} onSelect={() => openHit(h.entity, h.id)}>
                      <span className="grow">{h.title}{h.subtitle && <span className="sub"> · {h.subtitle}</span>}</span>
                      <span className="sub">{entityByName(h.entity) ? t(`${h.entity}.one`, { ns: 'entities' }) : h.entity}</span>
                    </Cmdk.Item>
                  ))}
                </Cmdk.Group>
              )}
              {hits.loading && <Cmdk.Loading>{t('palette.searching')}</Cmdk.Loading>}
              {!commands.length && !hits.items.length && !hits.loading && <Cmdk.Empty>{t('palette.empty')}</Cmdk.Empty>}
            </>
          )}
          {param?.kind === 'choice' && (
            <ChoiceItems choices={param.choices()} query={query} onPick={supply} />
          )}
          {param?.kind === 'record' && (
            <RecordItems entity={param.entity} query={query} onPick={supply} onAny={param.optional ? skip : undefined} />
          )}
        </Cmdk.List>
        <div className="foot">{t('palette.hint')}</div>
      </Cmdk>
    </Modal>
  );
}

function ChoiceItems({ choices, query, onPick }: { choices: ReturnType<Extract<NonNullable<Command['params']>[number], { kind: 'choice' }>['choices']>; query: string; onPick: (v: string, label: string) => void }) {
  const { t } = useTranslation();
  const ranked = rank(choices, query, (c) => [c.label(t), c.label(tEnglish), c.value]);
  if (!ranked.length) return <Cmdk.Empty>{t('palette.empty')}</Cmdk.Empty>;
  return <>{ranked.map((c) => <Cmdk.Item key={c.value} value={c.value} onSelect={() => onPick(c.value, c.label(t))}>{c.label(t)}</Cmdk.Item>)}</>;
}

/**
 * The records of a record parameter's page. An optional parameter (`optional: true`: "Filter payments…"'s doctor)
 * offers "Any" first, which leaves the argument out. Once something is typed only the matching records are listed,
 * so Enter picks the record being looked for (cmdk keeps its selection on an item that stays listed, and records
 * arrive after the keystroke); clearing the text brings "Any" back.
 */
function RecordItems({ entity, query, onPick, onAny }: { entity: string; query: string; onPick: (v: number, label: string) => void; onAny?: () => void }) {
  const { t } = useTranslation();
  const def = getEntity(entity);
  const options = useRecordOptions(def, query, canPickFrom(currentRole(), def.name) || canReadRecord(currentRole(), def.name));
  // Until the server answers for what is typed now, the last answer is narrowed here, so Enter never picks a stale row.
  const items = rank(options.items, query, (o) => [o.title, o.subtitle]);
  const any = onAny && query.trim() === '' && <Cmdk.Item key="_any" value="_any" onSelect={onAny}><span className="grow">{t('cmd.anyValue')}</span></Cmdk.Item>;
  if (options.loading && !items.length) return <>{any}<Cmdk.Loading>{t('palette.searching')}</Cmdk.Loading></>;
  // cmdk's Empty shows only when no item is listed; beside "Any" the note is said as a status of its own.
  if (!items.length) return any ? <>{any}<div className="palette-note" role="status">{options.error ?? t('palette.empty')}</div></> : <Cmdk.Empty>{options.error ?? t('palette.empty')}</Cmdk.Empty>;
  return <>{any}{items.map((o) => <Cmdk.Item key={o.id} value={String(o.id)} onSelect={() => onPick(o.id, o.title)}><span className="grow">{o.title}</span><span className="sub">{o.subtitle}</span></Cmdk.Item>)}</>;
}

