import sanitizeHtml from 'sanitize-html';
import type { EntityDef, FieldDef } from '../../registry';
import { isLoadableImage } from '../../registry/image-addresses';
import { fail } from '../http';

export const EXTERNAL_IMAGE = 'Upload the image, or use an address from an allowed image host';

/**
 * Rich text without images the console would not load (their addresses are dropped with them). This pass keeps every
 * other tag as it is (hence allowVulnerableTags, which only silences sanitize-html's warning): the rich-text sanitiser
 * (write.ts sanitizeRichText) runs on the result before anything is stored.
 */
function dropForeignImages(html: string, origins: readonly string[]): string {
  if (!/<img/i.test(html)) return html;
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    exclusiveFilter: (frame) => frame.tag === 'img' && !isLoadableImage(String(frame.attribs.src ?? ''), origins),
  });
}

function screenFields(fields: Record<string, FieldDef>, input: Record<string, unknown>, origins: readonly string[], path: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input };
  for (const [k, v] of Object.entries(input)) {
    const fd = fields[k];
    if (!fd) continue;
    if (fd.kind === 'image' && typeof v === 'string' && v && !isLoadableImage(v, origins)) {
      throw fail(400, EXTERNAL_IMAGE, { field: `${path}${k}`, code: 'external_image' });
    }
    if (fd.kind === 'richText' && typeof v === 'string') out[k] = dropForeignImages(v, origins);
    if (fd.kind === 'list' && fd.item && Array.isArray(v)) {
      out[k] = v.map((item, i) => (item && typeof item === 'object' ? screenFields(fd.item!, item as Record<string, unknown>, origins, `${path}${k}.${i}.`) : item));
    }
  }
  return out;
}

/**
 * What a user writes may not make the console load images from elsewhere (registry/image-addresses.ts): an image
 * field must hold an upload or an address from an allowed origin (400 naming the field otherwise), and rich text loses
 * the images it cannot show. Seeding (system data) does not pass here.
 */
export function screenImages(def: EntityDef, input: Record<string, unknown>, origins: readonly string[]): Record<string, unknown> {
  return screenFields(def.fields, input, origins, '');
}
