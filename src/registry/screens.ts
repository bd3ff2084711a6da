/**
 * Screens that are not an entity's list, form or details: the fmc operations screens and the notification
 * worklists of the spec's route table. Each is one route, one sidebar entry and one command, with the roles of
 * its policy row. Read by derive/routes.ts (routes), commands/workflow.ts (commands and menu) and the server.
 */
export interface ScreenDef {
  id: string;
  /** Path under /dashboard. */
  path: string;
  resource: string;
  action: string;
  nav: { group: string; order: number };
}

/**
 * The six worklists of spec §2 (notifications/…), computed from the data: who is missing what. Each names the
 * entity it lists and the rule that puts a record on it; the server turns the rule into SQL (server/screens/worklist-rules.ts).
 * A record is on the list when any part of its rule holds:
 *   missing: any of these fields is blank · emptyList: this list field has no items ·
 *   incompleteItems: an item of the list lacks one of these fields ·
 *   via: a record of `via.entity` in `via.status` refers to it through `via.field` and its `via.emptyList` has no items
 *   (a completed appointment without prescription lines).
 */
export interface WorklistDef {
  id: string;
  entity: 'doctor' | 'patients';
  missing?: readonly string[];
  emptyList?: string;
  incompleteItems?: { list: string; fields: readonly string[] };
  via?: { entity: string; field: string; status: string; emptyList: string };
}

export const WORKLISTS: readonly WorklistDef[] = [
  { id: 'doctorInCompleteProfile', entity: 'doctor', missing: ['photo', 'bio', 'qualification', 'registrationCouncil', 'registrationNumber', 'consultationFee'] },
  { id: 'doctorClinicInCompleteProfile', entity: 'doctor', emptyList: 'clinics', incompleteItems: { list: 'clinics', fields: ['pincode', 'timings'] } },
  { id: 'patientInCompleteProfile', entity: 'patients', missing: ['email', 'dateOfBirth', 'bloodGroup', 'addressLine', 'emergencyContactPhone'] },
  { id: 'doctorNotAddedPrescription', entity: 'doctor', via: { entity: 'appointments', field: 'doctor', status: 'completed', emptyList: 'prescription' } },
  { id: 'patientNotAddedFamilyMember', entity: 'patients', emptyList: 'familyMembers' },
  { id: 'patientNotAddedInsuranceDetails', entity: 'patients', missing: ['insuranceProvider', 'insurancePolicyNumber'] },
];

export const SCREENS: readonly ScreenDef[] = [
  { id: 'fmcDashboard', path: 'fmc/dashboard', resource: 'fmc', action: 'dashboard', nav: { group: 'fmc', order: 5 } },
  { id: 'drpatient', path: 'fmc/drpatient', resource: 'fmc', action: 'drpatient', nav: { group: 'fmc', order: 40 } },
  { id: 'medprescribed', path: 'fmc/medprescribed', resource: 'medprescribed', action: 'list', nav: { group: 'fmc', order: 50 } },
  { id: 'fmclogs', path: 'fmc/fmclogs', resource: 'fmclogs', action: 'list', nav: { group: 'fmc', order: 70 } },
  // Booking takes a seat (POST fmcslots/:id/book), so the slot calendar is for who may edit slots.
  { id: 'slotCalendar', path: 'fmc/slots/calendar', resource: 'fmcslots', action: 'edit', nav: { group: 'fmc', order: 21 } },
  // A view of the appointments lists by time: who may list appointments.
  { id: 'appointmentCalendar', path: 'appointments/calendar', resource: 'appointments', action: 'list', nav: { group: 'appointments', order: 30 } },
  // Every live session of every person, and ending one with a reason (server/routes/signed-in.ts).
  { id: 'signedIn', path: 'sessions', resource: 'sessions', action: 'list', nav: { group: 'people', order: 40 } },
  // The scheduler's runs (server/routes/runs.ts): what ran, when, how long, what failed; retried and cancelled here.
  { id: 'runs', path: 'system/runs', resource: 'runs', action: 'list', nav: { group: 'campaigns', order: 20 } },
  ...WORKLISTS.map((w, i) => ({ id: w.id, path: `notifications/${w.id}`, resource: 'notifications', action: 'worklist', nav: { group: 'notifications', order: 10 + i } })),
];

/**
 * The change stream's name for "a run of the scheduler moved" (queued, started, ended, retried, cancelled): an event
 * of this entity, with the run's id, told only to those who may list runs.
 */
export const RUNS_STREAM = 'job_run';

export function screenById(id: string): ScreenDef | undefined {
  return SCREENS.find((s) => s.id === id);
}
