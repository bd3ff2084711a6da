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

/** An address inside the console itself: a content-store path (relative, no scheme, not protocol-relative). */
export function isOwnAddress(address: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(address) && !address.startsWith('//') && !address.startsWith('\\');
}

/** True when the console may load the image at this address, given the allowed origins. */
export function isLoadableImage(address: string, origins: readonly string[]): boolean {
  if (isOwnAddress(address)) return true;
  const origin = httpsOrigin(address);
  return origin !== null && origins.includes(origin);
}

/** IMAGE_HOSTS ("https://a.example, https://b.example") and an absolute CONTENT_BASE, as origins; anything else is ignored. */
export function parseImageOrigins(list: string | undefined, contentBase?: string): string[] {
  const named = (list ?? '').split(',').map((s) => s.trim()).filter(Boolean).map(httpsOrigin);
  const base = contentBase ? httpsOrigin(contentBase) : null;
  return [...new Set([...named, base].filter((o): o is string => o !== null))];
}
