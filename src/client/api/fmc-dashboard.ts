import { http } from './transport';
import { keys, type Read } from './keys';
import { queryString, withoutBlanks } from './query-string';

/** One day of the dashboard's chart. */
export interface DayPoint { day: string; appointments: number; completed: number; missed: number }

export interface Dashboard {
  today: string;
  fmc: number | null;
  centres: { id: number; name: string }[];
  appointmentsToday: { total: number; byStatus: Record<string, number> };
  openSlotsToday: { slots: number; places: number };
  patientsSeen: { today: number; last30Days: number };
  openTickets: { total: number; open: number; inProgress: number; capped: boolean };
  series: DayPoint[];
}

/** The fmc dashboard of one centre (or all the user's), "today" counted in the browser's time zone `tz`. */
export function fmcDashboard(params: { fmc?: number; tz: string }): Read<Dashboard> {
  return {
    key: keys.screen('fmcDashboard', withoutBlanks(params)),
    fetch: (signal) => http.get<{ data: Dashboard }>(`/api/fmc/dashboard?${queryString(params)}`, { signal }).then((r) => r.data),
  };
}

/** The rows a figure of the dashboard counts: records of `entity`, in `columns` (those the caller may read). */
export interface TileRows { tile: string; entity: string; today: string; columns: string[]; rows: Record<string, unknown>[]; truncated: boolean }

export function fmcDashboardRows(params: { tile: string; fmc?: number; tz: string }): Read<TileRows> {
  return {
    key: keys.screen('fmcDashboardRows', withoutBlanks(params)),
    fetch: (signal) => http.get<{ data: TileRows }>(`/api/fmc/dashboard/rows?${queryString(params)}`, { signal }).then((r) => r.data),
  };
}
