import { http } from './client';

/** One figure of home: how many records of an entity the role may list (capped counts are estimates). */
export interface Figure { entity: string; count: number; estimate: boolean }

/**
 * Home's figures. A plain call, not a query: home is part of the first load (the sign-in page, then home), which
 * the data layer would push past its budget; the screens after it load with TanStack Query.
 */
export const homeFigures = () => http.get<{ data: { figures: Figure[] } }>('/api/home').then((r) => r.data.figures);
