import { http } from './transport';
import { keys, type KeysetPage, type Pages } from './keys';

/** One entry of a patient's access report: a read or a change of their data, by whom, when and how. */
export interface AccessEntry {
  id: number;
  at: string;
  action: string;
  entity: string;
  recordId: number | null;
  /** How many records the entry covers (a list page names several). */
  records: number;
  kind: 'read' | 'change';
  actor: { id: number; name: string } | null;
  address: string | null;
}

/** Who read or changed a patient's data, newest first (the superadmin's, from the patient's timeline). */
export function patientAccess(patientsApi: string, id: number): Pages<KeysetPage<AccessEntry>> {
  return {
    key: keys.screen('patient-access', { id }),
    fetch: (cursor, signal) => http.get<KeysetPage<AccessEntry>>(`/api/${patientsApi}/${id}/access${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal }),
  };
}
