import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { entityByName, shownKind, type EntityDef, type FieldDef } from '../../registry';
import { resolveUrl } from '../api/client';
import { knownImageOrigins, useImageOrigins, useLoadableImage } from '../api/image-origins';
import { httpsOrigin, isLoadableImage } from '../../registry/image-addresses';
import { valueLabel } from '../../../commands';
import { formatsFor, useFormat } from '../i18n/format';
import { shownText, shownTitle } from '../i18n/shown-text';

/** Rupees in the language given (English as in India: ₹1,00,000.00); blank for what is not a number. */
export function formatMoney(v: unknown, lang = 'en'): string {
  return typeof v === 'number' ? formatsFor(lang).money(v) : '';
}

// Images from elsewhere are dropped as text written before the server's rule (image-screen.ts) is shown.
DOMPurify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'img' && !isLoadableImage((node as Element).getAttribute('src') ?? '', knownImageOrigins())) node.parentNode?.removeChild(node);
});

/** Rich text is sanitised again when shown, whatever the server stored. */
export function RichText({ html }: { html: string }) {
  useImageOrigins();
  return <div className="rich" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] }) }} />;
}

/** An image the console may load is shown; one from a host it may not load is a link naming that host (not fetched). */
export function ImageValue({ address, size }: { address: string; size: number }) {
  const { t } = useTranslation();
  const loadable = useLoadableImage();
  const url = resolveUrl(address);
  if (loadable(url)) return <img src={url} alt="" style={{ maxWidth: size, maxHeight: size }} />;
  return <a href={url} target="_blank" rel="noopener noreferrer">{t('value.externalImage', { host: httpsOrigin(url)?.replace(/^https:\/\//, '') ?? url })}</a>;
}

/** One value, shown as its kind says: labels for references and enums, INR for money, masks for secrets; numbers and dates in the user's language (format.ts). */
export function FieldValue({ def, field, row, full = false }: { def: EntityDef; field: string; row: Record<string, unknown>; full?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const fd: FieldDef = def.fields[field];
  const value = row[field];
  const labels = row._labels as Record<string, string | string[] | null> | undefined;
  const target = fd.ref ? entityByName(fd.ref) : undefined;
  if (fd.writeOnly) {
    const set = (row._set as Record<string, boolean> | undefined)?.[field];
    return <span>{set ? t('value.masked') : t('form.secretUnset')}</span>;
  }
  if (value === null || value === undefined || value === '') return <span className="hint">{t('details.none')}</span>;
  switch (shownKind(fd)) {
    // A reference by its title, whose dates and times read as the screen writes them (a slot's day and hour).
    case 'ref': return <span>{labels?.[field] ? shownTitle(target, labels[field] as string, t, f) : `#${value}`}</span>;
    case 'refs': return <span>{((labels?.[field] as string[] | undefined)?.map((l) => shownTitle(target, l, t, f)) ?? (value as number[]).map((v) => `#${v}`)).join(', ')}</span>;
    case 'enum': return <span className={`status status-${value}`}>{valueLabel(t, def.name, field, String(value))}</span>;
    case 'bool': case 'money': case 'int': case 'decimal': case 'date': case 'datetime':
      return <span>{shownText(def, field, value, t, f) ?? String(value)}</span>;
    case 'richText': return full ? <RichText html={String(value)} /> : <span>{String(value).replace(/<[^>]*>/g, ' ').slice(0, 120)}</span>;
    case 'image': return full ? <ImageValue address={String(value)} size={160} /> : <span className="badge">IMG</span>;
    case 'file': return <a href={resolveUrl(String(value))} target="_blank" rel="noreferrer">{String(value).split('/').pop()}</a>;
    case 'list': {
      const items = value as Record<string, unknown>[];
      // An empty list reads as nothing given, like any other empty value (not as a blank line).
      if (full && !items.length) return <span className="hint">{t('details.none')}</span>;
      if (!full) return <span>{items.length}</span>;
      const itemLabels = (labels?.[field] as unknown as Record<string, string | string[] | null>[] | undefined) ?? [];
      const shown = (i: number, k: string, v: unknown) => {
        const l = itemLabels[i]?.[k];
        const itemTarget = fd.item?.[k]?.ref ? entityByName(fd.item[k].ref) : undefined;
        if (l !== undefined && l !== null) return (Array.isArray(l) ? l : [l]).map((one) => shownTitle(itemTarget, one, t, f)).join(', ');
        const ifd = fd.item?.[k];
        if (ifd?.kind === 'enum') return valueLabel(t, def.name, `${field}.${k}`, String(v));
        if (ifd?.kind === 'money' && typeof v === 'number') return f.money(v);
        if (ifd?.kind === 'date') return f.date(String(v));
        // A stored file by its name: the folders of the content store say nothing to a reader.
        if (ifd?.kind === 'file' || ifd?.kind === 'image') return String(v).split('/').pop() ?? String(v);
        return Array.isArray(v) ? v.join(', ') : String(v);
      };
      return (
        <ol>
          {items.map((item, i) => (
            // In the declared order of the item's fields (the database keeps JSON keys in its own order).
            <li key={i}>{Object.keys(fd.item ?? item).map((k) => [k, item[k]] as const).filter(([, v]) => v !== null && v !== undefined && v !== '').map(([k, v]) => `${t(`${def.name}.items.${field}.${k}`, { ns: 'entities' })}: ${shown(i, k, v)}`).join(' · ')}</li>
          ))}
        </ol>
      );
    }
    default: return <span>{String(value)}</span>;
  }
}
