import { can, type Action, type Role } from '../src/registry';
import type { RecordRef, ScreenAccess } from './screen';

/**
 * A command is data: every action of the console is one, and the palette, the sidebar, the keyboard
 * shortcuts and the `?` sheet all read the same registry (VS Code's commands, menus and keybindings by id).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface Choice {
  value: string;
  label: (t: Translate) => string;
  /** Offered only to the roles the policy gives this (a list to export: those who may list it). */
  access?: { resource: string; action: Action };
}

export type CommandParam =
  /** `optional`: the sub-page offers "any" first, which leaves the argument out. */
  /** `statuses`: only records in these states of the entity's workflow are offered (a move's `from`). */
  | { name: string; kind: 'record'; entity: string; prompt: (t: Translate) => string; optional?: boolean; statuses?: readonly string[] }
  | { name: string; kind: 'choice'; choices: () => Choice[]; prompt: (t: Translate) => string };

export interface CommandContext {
  navigate: (to: string) => void;
  /** The current location, for commands that act on the screen in view. */
  location: () => string;
  session: { role: Role | null; signOut: () => Promise<void> };
  ui: {
    toggleSidebar: () => void;
    openNotifications: () => void;
    openShortcuts: () => void;
    openPalette: () => void;
    openPreferences: () => void;
    openPassword: () => void;
    /** "Remind me when?" for a record (commands/follow-ups.ts), and the person's own follow-ups. */
    openFollowUp: (entity: string, id: number) => void;
    openFollowUps: () => void;
    setTheme: (theme: string) => void;
    setLanguage: (lang: string) => void;
    confirmDelete: (entity: string, id: number) => void;
    /** The form of a record the caller raises (a support ticket), and the records they raised with their threads. */
    openRaise: (entity: string) => void;
    openMine: (entity: string) => void;
    /** The import of a file of records (CSV or .xlsx) into an entity. */
    openImport: (entity: string) => void;
    /** Says something to the user (a toast), the text by its key in the user's language. */
    notice: (key: string, options?: Record<string, unknown>) => void;
    /** The "Save this view…" dialog: for the list in view, or (`id`) to rename or re-share one's own saved view. */
    saveView: (id?: number) => void;
    deleteView: (id: number) => void;
  };
  /** What the screen in view shows: its entity, the record it shows (with its status), and how many rows are selected. */
  inView: () => InView;
  /** What the screens in view contribute, by kind: a list's selection and controls, the record shown (screen.ts). */
  screen: ScreenAccess;
  /** The data layer's writes, on records named by entity and RecordRef (the version a write names). */
  data: {
    /**
     * A workflow move on `rows`, made where the move asks its questions and gives its answers: the record's move bar
     * or the list's bulk bar (its dialog, the confirm-first of a move that cannot be taken back, the undo toast, each
     * row's answer); waits a few seconds for that screen on this page when it is not there yet. With no rows, or a
     * screen that cannot take them, the user is told the key did nothing (false with no rows).
     */
    transition: (entity: string, move: string, rows: RecordRef[]) => boolean;
    /** One field set to a value on each of `rows`, each said in a toast (what `.` does after an edit of one field). */
    setField: (entity: string, rows: RecordRef[], field: string, value: unknown, label: string) => void;
  };
  /** The user's language, for what a command words itself (a notice naming an action). */
  translate?: Translate;
}

export interface InView {
  entity?: string;
  record?: { id: number; status?: string };
  selected: number;
  /** On a list, the row the keyboard is on (moves and repeat act on it while no row is selected). */
  focused?: { id: number; status?: string };
}

export type CommandArgs = Record<string, { value: string | number; label?: string }>;

export interface Command {
  id: string;
  /** The title, translated at the time it is shown; the palette matches it in the chosen language and in English. */
  title: (t: Translate) => string;
  category: 'navigation' | 'entity' | 'settings' | 'session' | 'list' | 'workflow' | 'views';
  /**
   * What the title says besides the language, for a title that changes while the page lives (a saved view renamed,
   * the action "Repeat" would repeat): the palette keeps each command's words by id, language and this.
   */
  revision?: () => string;
  /** Its name where keys are listed (the `?` sheet, the preferences), when the title changes with what it would do. */
  keyLabel?: (t: Translate) => string;
  /** Extra words the palette matches (English). */
  keywords?: string[];
  /**
   * Everyday phrases that name what the command does, in the language of `t` ("dark mode", "switch theme" for Change
   * theme…): the palette matches their words whole, above an entity's name, in the chosen language and in English.
   */
  phrases?: (t: Translate) => string[];
  /** The value of its entity's field that a list command lists ("Appointments: Completed"): found by its label in any language. */
  lists?: { field: string; value: string };
  /** What the command opens, in the policy's terms: its roles are the policy's, never a second list. */
  access?: { resource: string; action: Action };
  /** Only offered where it applies (a list's create, on a list; a transition, on a record whose status allows it). */
  when?: (ctx: Pick<CommandContext, 'location' | 'inView' | 'session'>) => boolean;
  /**
   * Why it does not apply here, when its key is pressed where `when` says no (a move on a record whose status does not
   * allow it): said to the user, so a key never does nothing in silence. null: nothing to say about what is in view.
   */
  whyNot?: (ctx: Pick<CommandContext, 'location' | 'inView' | 'session'>, t: Translate) => string | null;
  /**
   * Listed in the palette only where this holds, while its shortcut runs it anywhere: `.` says why it cannot repeat
   * rather than do nothing (commands/repeat.ts).
   */
  offered?: (ctx: Pick<CommandContext, 'location' | 'inView' | 'session'>) => boolean;
  params?: CommandParam[];
  /** Sidebar placement: a group of menu.ts and an order within it. */
  menu?: { group: string; order: number };
  /** The sidebar's shorter label ("Specialities" rather than "Open Specialities"). */
  menuLabel?: (t: Translate) => string;
  /** Where the command goes, for commands that only navigate: the sidebar renders these as links. */
  href?: string;
  run: (ctx: CommandContext, args: CommandArgs) => void | Promise<void>;
}

/** A command's phrases from a `|`-separated list of the interface strings (`words.theme`). */
export const phrasesOf = (key: string) => (t: Translate) => t(key).split('|').map((p) => p.trim()).filter(Boolean);

/** A command's name where keys are listed: its key label, else its title. */
export const keyLabel = (cmd: Command, t: Translate) => (cmd.keyLabel ?? cmd.title)(t);

export function isAllowed(cmd: Command, role: Role | null | undefined): boolean {
  if (!role) return false;
  return cmd.access ? can(role, cmd.access.resource, cmd.access.action) : true;
}

/** Builds the registry; a duplicate id is a programming error and throws at start-up. */
export function createRegistry(commands: Command[]): ReadonlyMap<string, Command> {
  const map = new Map<string, Command>();
  for (const c of commands) {
    if (map.has(c.id)) throw new Error(`duplicate command id ${c.id}`);
    map.set(c.id, c);
  }
  return map;
}
