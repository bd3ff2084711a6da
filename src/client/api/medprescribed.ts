import { http } from './transport';
import { keys, type Read } from './keys';
import { queryString, withoutBlanks } from './query-string';

export interface MedicineRow { medicine: number; name: string; times: number; patients: number; lastPrescribed: string }
export interface MedicinesAnswer { data: MedicineRow[]; from: string; to: string; total: number; truncated: boolean }

/** Medicines on the prescriptions of completed appointments in a range of days (the last 30 without one). */
export function medicinesPrescribed(params: { from?: string; to?: string; q?: string; sort?: string; tz: string }): Read<MedicinesAnswer> {
  const asked = withoutBlanks(params);
  return {
    key: keys.screen('medprescribed', asked),
    fetch: (signal) => http.get<MedicinesAnswer>(`/api/fmc/medprescribed?${queryString(asked)}`, { signal }),
  };
}
