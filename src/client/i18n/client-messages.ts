/**
 * The client's own messages when the server's answer has none: the API client writes them into its errors, and
 * translateMessage (index.ts) says them in the user's language. Kept here, under the API client, so the translations
 * need nothing of it.
 */
export const NETWORK_MESSAGE = 'The server cannot be reached';
export const statusMessage = (status: number) => `Request failed (${status})`;
export const STATUS_MESSAGE = /^Request failed \((\d+)\)$/;
