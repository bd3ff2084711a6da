import { http } from './transport';
import { keys, type KeysetPage, type Pages } from './keys';
import { queryString, withoutBlanks } from './query-string';

export interface SeenRow { appointment: number; doctor: { id: number; title: string }; patient: { id: number; title: string }; visits: number; lastVisit: string }

/** A page of patients seen, with the doctor shown (the server picks the user's own when none is asked for). */
export interface SeenPage extends KeysetPage<SeenRow> { doctor: { id: number; title: string } | null; ownDoctor: number | null }

/** The patients doctors have seen at the user's centres, newest visit first; `doctor`: an id, or `all`. */
export function patientsSeen(params: { doctor?: string; q?: string }): Pages<SeenPage> {
  const asked = withoutBlanks(params);
  return {
    key: keys.screen('drpatient', asked),
    fetch: (cursor, signal) => http.get<SeenPage>(`/api/fmc/drpatient?${queryString({ ...asked, cursor })}`, { signal }),
  };
}
