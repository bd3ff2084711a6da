import i18n, { translateMessage } from '../i18n';
import { ApiError } from './client';

/**
 * What a failed call says to the user, in their language, wherever it is shown: the API's message (the server
 * speaks English; its messages are translated by their text, locales/api-messages), the client's own words for no
 * answer at all and for a bare HTTP status, and for anything else (a bug, the browser refusing) `otherwise` or a
 * general sentence, never the error's own English. Screens that act on a failure (409 stale, field errors) read the ApiError's code and
 * fields first; what they show in words comes from here.
 */
export function errorText(err: unknown, otherwise?: string): string {
  if (err instanceof ApiError) return translateMessage(err.message);
  return otherwise ?? i18n.t('errors.server');
}
