import type { TFunction } from 'i18next';
import type { EntityDef, Transition } from '../../registry';
import { ApiError } from '../api/client';
import { entities, type Row } from '../api/entities';
import { errorText } from '../api/error-text';
import { readNow } from '../api/query-client';
import { writes } from '../api/writes';
import { valueLabel } from '../../../commands';
import i18n, { translateMessage } from '../i18n';
import { serverFieldMessage } from '../i18n/zod-messages';

/** What the move's dialog gathers: the reason and the move's input fields (already in payload form). */
export interface MoveInput { reason?: string; values?: Record<string, unknown> }

/**
 * The answer to one move (the entity API's `transition`), sorted by what the screen does with it: the moved record;
 * `stale` (the version moved on: offer Reload); `illegal` (the status no longer allows the move: name the status it
 * has now, read back from the server); `invalid` (400: the field's message); `failed` (403, 404, network…).
 */
export type MoveOutcome =
  | { ok: true; record: Row }
  | { ok: false; kind: 'stale' }
  | { ok: false; kind: 'illegal'; status?: string }
  | { ok: false; kind: 'invalid'; fields: { field: string; message: string }[]; message: string }
  | { ok: false; kind: 'failed'; message: string };

/** `values.scheduledAt` (the server's path into the body) → `scheduledAt`, the form's field. */
const formField = (field: string) => field.replace(/^values\./, '');

/**
 * Moves one record; the moved record replaces it wherever it shows (api/writes.ts). `lists: false` leaves its lists
 * to be refetched by the caller, once for many moves.
 */
export async function postTransition(def: EntityDef, id: number, version: number, move: Transition, input: MoveInput = {}, opts: { lists?: boolean } = {}): Promise<MoveOutcome> {
  try {
    return { ok: true, record: await writes.transition(def, id, { to: move.to, version, ...input }, opts) };
  } catch (err) {
    if (!(err instanceof ApiError)) return { ok: false, kind: 'failed', message: errorText(err) };
    if (err.status === 409 && err.code === 'stale') return { ok: false, kind: 'stale' };
    if (err.status === 409 && err.code === 'illegal_transition') {
      // The refusal names the status in English; the record itself says it in a form we can translate.
      const status = await readNow(entities.get(def, id)).then((r) => String(r[def.workflow!.field]), () => undefined);
      return { ok: false, kind: 'illegal', status };
    }
    if (err.status === 400) {
      // The server speaks English: a value of the move is said again in the user's language, naming its field.
      const fields = err.fieldErrors().map((e) => ({ field: formField(e.field!), message: e.field!.startsWith('values.')
        ? serverFieldMessage(def, 'create', { field: formField(e.field!), code: e.code, message: e.message }, input.values ?? {}, i18n.t, i18n.language, translateMessage)
        : translateMessage(e.message) }));
      return { ok: false, kind: 'invalid', fields, message: errorText(err) };
    }
    return { ok: false, kind: 'failed', message: errorText(err) };
  }
}

/** The move's label: "Reschedule appointment…" on a button, "Reschedule appointment" as a title. */
export function moveLabel(t: TFunction, def: EntityDef, move: Transition, bare = false): string {
  const label = t(`transition.${def.name}.${move.name}`);
  return bare ? label.replace(/…$/, '') : label;
}

/** Why a move was refused, in the user's language. */
export function refusalText(t: TFunction, def: EntityDef, move: Transition, outcome: Exclude<MoveOutcome, { ok: true }>): string {
  // Said mid-sentence ("This appointment is cancelled now"): lower case, where the language has cases.
  const lower = (s: string) => s.toLocaleLowerCase();
  const name = lower(t(`${def.name}.one`, { ns: 'entities' }));
  const m = moveLabel(t, def, move, true);
  switch (outcome.kind) {
    case 'stale': return t('workflow.stale');
    case 'illegal': return outcome.status
      ? t('workflow.illegal', { name, status: lower(valueLabel(t, def.name, def.workflow!.field, outcome.status)), move: m })
      : t('workflow.illegalUnknown', { move: m });
    case 'invalid': return outcome.fields.map((f) => f.message).join(' ') || outcome.message;
    case 'failed': return outcome.message;
  }
}

/** Whether a move asks for something first (a reason, a new time, a reference): it opens the move's dialog. */
export const needsDialog = (move: Transition) => Boolean(move.reason || move.input?.length);
