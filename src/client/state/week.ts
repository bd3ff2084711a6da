import { firstDayOfWeek } from '../../registry';
import { prefs } from './prefs';

/**
 * The signed-in user's first day of the week (1 Monday … 7 Sunday): the one they chose in their preferences, else
 * their language's (registry/days.ts). The palette's typed periods, the list filters' weeks and the calendars all
 * count weeks from it, and the server reads `@thisWeek` from the same two settings.
 */
export const userFirstDay = (): number => firstDayOfWeek(prefs.lang, prefs.weekStart);
