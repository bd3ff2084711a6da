import { defineEntity, type EntityDef } from '../entity';
import { f } from '../fields';

/**
 * One shape for the five content pages (about, vision, privacy policy, cancellation and refund policy,
 * kiosk terms): a rich-text body (sanitised on save and on show) for an audience, in force from a date.
 * Several versions may exist; the apps show the latest published one in force for their audience.
 */
export function contentPage(o: { name: string; table: string; order: number }): EntityDef {
  return defineEntity({
    name: o.name,
    api: o.name,
    table: o.table,
    fields: {
      title: f.text({ required: true, max: 160, sortable: true, searchable: true }),
      body: f.richText({ required: true }),
      audience: f.enum(['all', 'patient', 'doctor'], { required: true, sortable: true }),
      effectiveFrom: f.date({ sortable: true }),
      published: f.bool({ sortable: true }),
    },
    titleFields: ['title'],
    subtitleFields: ['effectiveFrom'],
    columns: ['title', 'audience', 'effectiveFrom', 'published'],
    defaultSort: { field: 'effectiveFrom', dir: 'desc' },
    nav: { group: 'content', order: o.order },
  });
}

export const about = contentPage({ name: 'about', table: 'about_page', order: 10 });
export const vision = contentPage({ name: 'vision', table: 'vision_page', order: 20 });
export const privacyPolicy = contentPage({ name: 'privacyPolicy', table: 'privacy_policy', order: 50 });
export const cancelRefundPolicy = contentPage({ name: 'cancelRefundPolicy', table: 'cancel_refund_policy', order: 60 });
export const atmterms = contentPage({ name: 'atmterms', table: 'atm_terms', order: 70 });
