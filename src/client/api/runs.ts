import { http } from './transport';
import { keys, type Read } from './keys';
import { queryString, withoutBlanks } from './query-string';

/** The states of a run of the scheduler (server/scheduler/runs.ts), in the order the filter offers them. */
export const RUN_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** One run of the scheduler, as `GET /api/system/runs` answers it. */
export interface Run {
  id: number;
  job: string;
  key: string;
  state: RunState;
  dueAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  attempts: number;
  maxAttempts: number;
  messages: number;
  lastError: string | null;
}

/** `rule`: one rule's runs (a rule's page shows its last ones, `limit`); the server keeps at most 500. */
export interface RunFilters { job?: string; state?: RunState; rule?: number; limit?: number }

/** The superadmin's Runs screen: the runs newest first, narrowed by job, state or rule; retry and cancel one. */
export const runs = {
  list: (filters: RunFilters): Read<{ data: Run[]; jobs: string[] }> => ({
    key: keys.screen('runs', withoutBlanks({ ...filters })),
    fetch: (signal) => {
      const qs = queryString({ ...filters });
      return http.get<{ data: Run[]; jobs: string[] }>(`/api/system/runs${qs ? `?${qs}` : ''}`, { signal });
    },
  }),
  retry: (id: number) => http.post<{ data: { id: number; retried: true } }>(`/api/system/runs/${id}/retry`, {}),
  cancel: (id: number) => http.post<{ data: { id: number; cancelled: true } }>(`/api/system/runs/${id}/cancel`, {}),
};
