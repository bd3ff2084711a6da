import { http } from './client';
import { keys, type KeysetPage, type Pages } from './keys';
import { queryString, withoutBlanks } from './query-string';

export interface LogRow {
  id: number;
  at: string;
  actor: { id: number; name: string } | null;
  entity: string;
  record: { id: number; title: string | null } | null;
  action: string;
  changes: Record<string, unknown> | null;
  address: string | null;
}

export interface LogFilter { actor?: string; entity?: string; record?: string; from?: string; to?: string; action?: string; tz: string }

/** The audit log, newest first, filtered by who, record, days (in the browser's time zone) and action. */
export function fmcLogs(filter: LogFilter): Pages<KeysetPage<LogRow>> {
  const params = withoutBlanks({ ...filter });
  return {
    key: keys.screen('fmclogs', params),
    fetch: (cursor, signal) => http.get<KeysetPage<LogRow>>(`/api/fmc/fmclogs?${queryString({ ...params, cursor })}`, { signal }),
  };
}
