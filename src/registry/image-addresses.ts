/**
 * Which images the console loads (issue 9, Low: "rich text and image fields load any https image"). An image from a
 * host of somebody's choosing is a beacon: opening a patient's or doctor's page would tell that host who looked, from
 * where and when. So the console loads images from its own content store and from the origins the operator names
 * (IMAGE_HOSTS, e.g. the CDN that holds avatars; CONTENT_BASE when it is absolute), and nowhere else — the server
 * refuses other addresses in image fields, drops them from rich text, and the CSP's img-src names the same origins.
 * Addresses already stored (spec §3 lets an avatar be "a full address") are shown as a link, not loaded.
 */

/** An https origin ("https://cdn.example.in") from an address, or null when it is not an absolute https address. */
export function httpsOrigin(address: string): string | null {
  if (!/^https:\/\//i.test(address)) return null;
  try { return new URL(address).origin; } catch { return null; }
}

/** Where a relative address is resolved: an origin no address can name, so that "own" means relative to the console. */
const HERE = 'https://console.invalid';

/**
 * True when the console may load the image at this address, given the allowed origins. The address is resolved as a
 * browser resolves it (blanks and control characters around it trimmed, `\` read as `/`), so that `/\host/x` or
 * ` https://host/x` are seen as the other host's they are, not as paths of the console's own.
 */
export function isLoadableImage(address: string, origins: readonly string[]): boolean {
  let url: URL;
  try { url = new URL(address, `${HERE}/`); } catch { return false; }
  if (url.origin === HERE) return true;
  return url.protocol === 'https:' && origins.includes(url.origin);
}

/** IMAGE_HOSTS ("https://a.example, https://b.example") and an absolute CONTENT_BASE, as origins; anything else is ignored. */
export function parseImageOrigins(list: string | undefined, contentBase?: string): string[] {
  const named = (list ?? '').split(',').map((s) => s.trim()).filter(Boolean).map(httpsOrigin);
  const base = contentBase ? httpsOrigin(contentBase) : null;
  return [...new Set([...named, base].filter((o): o is string => o !== null))];
}
