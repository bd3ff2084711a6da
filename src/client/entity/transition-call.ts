import type { TFunction } from 'i18next';
import type { EntityDef, Transition } from '../../registry';
import { api, ApiError } from '../api/client';
import { translateMessage } from '../i18n';
import type { Row } from './use-infinite-list';

/** What the move's dialog gathers: the reason and the move's input fields (already in payload form). */
export interface MoveInput { reason?: string; values?: Record<string, unknown> }

/**
 * The answer to one POST /api/{resource}/{id}/transition, sorted by what the screen does with it: the moved record;
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

export async function postTransition(def: EntityDef, id: number, version: number, move: Transition, input: MoveInput = {}): Promise<MoveOutcome> {
  try {
    const res = await api.post<{ data: Row }>(`/api/${def.api}/${id}/transition`, { to: move.to, version, ...input });
    return { ok: true, record: res.data };
  } catch (err) {
    if (!(err instanceof ApiError)) return { ok: false, kind: 'failed', message: String(err) };
    const code = err.errors[0]?.code;
    if (err.status === 409 && code === 'stale') return { ok: false, kind: 'stale' };
    if (err.status === 409 && code === 'illegal_transition') {
      // The refusal names the status in English; the record itself says it in a form we can translate.
      const status = await api.get<{ data: Row }>(`/api/${def.api}/${id}`).then((r) => String(r.data[def.workflow!.field]), () => undefined);
      return { ok: false, kind: 'illegal', status };
    }
    if (err.status === 400) {
      const fields = err.fieldErrors().map((e) => ({ field: formField(e.field!), message: translateMessage(e.message) }));
      return { ok: false, kind: 'invalid', fields, message: translateMessage(err.message) };
    }
    return { ok: false, kind: 'failed', message: translateMessage(err.message) };
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
      ? t('workflow.illegal', { name, status: lower(t(outcome.status, { ns: 'enums' })), move: m })
      : t('workflow.illegalUnknown', { move: m });
    case 'invalid': return outcome.fields.map((f) => f.message).join(' ') || outcome.message;
    case 'failed': return outcome.message;
  }
}

/** Whether a move asks for something first (a reason, a new time, a reference): it opens the move's dialog. */
export const needsDialog = (move: Transition) => Boolean(move.reason || move.input?.length);
