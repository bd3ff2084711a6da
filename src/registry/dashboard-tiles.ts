/**
 * The fmc dashboard's figure tiles, each opening the rows it counts (GET /api/fmc/dashboard/rows?tile=): the entity
 * the rows are records of and the columns shown, in order. The server reads these columns and no others; a reference
 * column whose records the caller may not read (a patient, for fmc staff and doctors) is left out of the answer.
 */
export const DASHBOARD_TILES = [
  { id: 'appointmentsToday', entity: 'appointments', columns: ['scheduledAt', 'number', 'patient', 'doctor', 'status'] },
  { id: 'openSlots', entity: 'fmcslots', columns: ['startTime', 'endTime', 'doctor', 'capacity', 'booked'] },
  // One row a patient: their latest completed appointment today.
  { id: 'patientsSeen', entity: 'appointments', columns: ['scheduledAt', 'patient', 'doctor', 'number'] },
  { id: 'openTickets', entity: 'supportTicket', columns: ['subject', 'priority', 'status', 'fmc'] },
] as const;

export type DashboardTileId = (typeof DASHBOARD_TILES)[number]['id'];

/** The most rows a tile opens: the figure says how many there are; the first ones are listed. */
export const DASHBOARD_TILE_ROWS = 200;
