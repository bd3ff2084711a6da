import type { LogRow as SharedLogRow, RefTitles } from '../../registry';
import { http } from './transport';
import { keys, type KeysetPage, type Pages } from './keys';
import { queryString, withoutBlanks } from './query-string';

/** An activity log entry as the screen shows it: with the titles its page was answered with. */
export interface LogRow extends Omit<SharedLogRow, 'fmc'> {
  titles: RefTitles;
}

export interface LogFilter { actor?: string; fmc?: string; entity?: string; record?: string; from?: string; to?: string; action?: string; reads?: string; tz: string;
  /** One import's or bulk action's rows (the log otherwise folds them under the unit's one entry). */
  import?: string; bulk?: string }

/** The audit log, newest first, filtered by who, centre, record, days (in the browser's time zone) and action; reads with `reads=1`. */
export function fmcLogs(filter: LogFilter): Pages<KeysetPage<LogRow>> {
  const params = withoutBlanks({ ...filter });
  return {
    key: keys.screen('fmclogs', params),
    fetch: async (cursor, signal) => {
      const page = await http.get<KeysetPage<Omit<LogRow, 'titles'>> & { titles?: LogRow['titles'] }>(`/api/fmc/fmclogs?${queryString({ ...params, cursor })}`, { signal });
      return { ...page, data: page.data.map((r) => ({ ...r, titles: page.titles ?? {} })) };
    },
  };
}
