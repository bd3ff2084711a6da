import { describe, expect, it } from 'vitest';
import * as chronoEn from 'chrono-node/en';
import * as chronoEs from 'chrono-node/es';
import * as chronoFr from 'chrono-node/fr';
import * as chronoIt from 'chrono-node/it';
import * as chronoZh from 'chrono-node/zh';
import type { Language } from '../../../registry';
import { findDates } from './dates';
import { periodRange } from './periods';
import { readQuery } from './read';
import { translate as tr } from './test-i18n';
import { vocabulary } from './vocabulary';

/** The reading as the address would carry it: entity, values, period range, words. */
function read(lang: Language, query: string, role: 'superadmin' | 'fmc' = 'superadmin') {
  const vocab = vocabulary(role, lang, tr(lang), tr('en'));
  const r = readQuery(query, vocab);
  if (!r) return null;
  return {
    entity: r.entity,
    values: Object.fromEntries(r.values.map((v) => [v.field, v.value])),
    period: r.period && `${r.period.field}=${periodRange(r.period.period, '2026-11-26', 1)}`,
    words: r.words.map((w) => `${w.field ?? w.target ?? ''}:${w.text}`),
  };
}

const WEEK = '2026-11-23..2026-11-29';
const SENTENCES: Record<string, Record<Language, string>> = {
  missed: { en: 'missed appointments sharma this week', fr: 'rendez-vous manqués sharma cette semaine', es: 'citas perdidas sharma esta semana', it: 'appuntamenti saltati sharma questa settimana', zh: '本周未到预约 sharma' },
  pending: { en: 'pending upi payments last 30 days', fr: 'paiements upi en attente 30 derniers jours', es: 'pagos upi pendientes últimos 30 días', it: 'pagamenti upi in attesa ultimi 30 giorni', zh: '待审批 UPI 付款 最近30天' },
  rejected: { en: 'payments rejected dr deshpande', fr: 'paiements refusés dr deshpande', es: 'pagos rechazados dr deshpande', it: 'pagamenti rifiutati dr deshpande', zh: '已拒绝付款 deshpande医生' },
  urgent: { en: 'urgent open tickets', fr: 'tickets urgents ouverts', es: 'tickets urgentes abiertos', it: 'ticket urgenti aperti', zh: '紧急开放工单' },
  verification: { en: 'verification pending', fr: 'vérification en attente', es: 'verificación pendiente', it: 'verifica in attesa', zh: '认证 待审批' },
  void: { en: 'void invoices november', fr: 'factures annulées novembre', es: 'facturas anuladas noviembre', it: 'fatture annullate novembre', zh: '作废发票 十一月' },
  slots: { en: 'slots tomorrow dharampeth', fr: 'créneaux demain dharampeth', es: 'franjas horarias mañana dharampeth', it: 'fasce orarie domani dharampeth', zh: '明天 预约时段 dharampeth' },
};
const EXPECTED = {
  missed: { entity: 'appointments', values: { status: 'missed' }, period: `scheduledAt=${WEEK}`, words: [':sharma'] },
  pending: { entity: 'payment', values: { status: 'pending', method: 'upi' }, period: 'initiatedAt=2026-10-28..2026-11-26', words: [] },
  rejected: { entity: 'payment', values: { status: 'rejected' }, period: undefined, words: ['doctor:deshpande'] },
  urgent: { entity: 'supportTicket', values: { priority: 'urgent', status: 'open' }, period: undefined, words: [] },
  verification: { entity: 'requestVerification', values: { status: 'pending' }, period: undefined, words: [] },
  void: { entity: 'invoices', values: { status: 'void' }, period: 'issuedAt=2026-11-01..2026-11-30', words: [] },
  slots: { entity: 'fmcslots', values: {}, period: 'date=2026-11-27..2026-11-27', words: [':dharampeth'] },
};

describe('a query read as a list and its filters', () => {
  for (const [name, byLang] of Object.entries(SENTENCES)) {
    for (const [lang, sentence] of Object.entries(byLang)) {
      it(`${lang}: “${sentence}”`, () => {
        expect(read(lang as Language, sentence)).toEqual(EXPECTED[name as keyof typeof EXPECTED]);
      });
    }
  }
});

describe('what the reader leaves alone', () => {
  it('reads no entity the role may not list, nor its words', () => {
    expect(read('en', 'pending upi payments', 'railway' as 'fmc')).toBeNull();
    expect(read('en', 'missed appointments', 'railway' as 'fmc')).toBeNull();
  });

  it('a query that names no list is no reading: the palette ranks it as before', () => {
    expect(read('en', 'sharma')).toBeNull();
    expect(read('en', 'add doctor')?.entity).toBe('doctor');
  });

  it('words it cannot read are left, a field’s name saying which reference they are', () => {
    expect(read('en', 'appointments patient kali prajapat last week')).toEqual({
      entity: 'appointments', values: {}, period: 'scheduledAt=2026-11-16..2026-11-22', words: ['patient:kali prajapat'],
    });
  });

  it('an entity is known by the values only it has', () => {
    expect(read('en', 'missed this week')?.entity).toBe('appointments');
  });

  it('a day chrono-node reads, "since" making it open-ended, a day to come without a year being last year’s', () => {
    const vocab = vocabulary('superadmin', 'en', tr('en'), tr('en'));
    const now = new Date('2026-11-26T10:00:00Z');
    const q = 'payments since 1 Dec';
    const r = readQuery(q, vocab, findDates(chronoEn.GB, q, now));
    expect(r?.period && periodRange(r.period.period, '2026-11-26', 1)).toBe('2025-12-01..');
    const q2 = 'appointments 3 Nov sharma';
    const r2 = readQuery(q2, vocab, findDates(chronoEn.GB, q2, now));
    expect(r2?.period && periodRange(r2.period.period, '2026-11-26', 1)).toBe('2026-11-03..2026-11-03');
    expect(r2?.words).toEqual([{ text: 'sharma' }]);
  });

  it('the sentences read the same with the days each language’s chrono-node finds in them ("last 30 days" is a period)', () => {
    const readers: Record<Language, unknown> = { en: chronoEn.GB, fr: chronoFr, es: chronoEs, it: chronoIt, zh: chronoZh.hans };
    const now = new Date('2026-11-26T10:00:00Z');
    for (const lang of ['en', 'fr', 'es', 'it', 'zh'] as const) {
      const vocab = vocabulary('superadmin', lang, tr(lang), tr('en'));
      for (const [name, sentences] of Object.entries(SENTENCES)) {
        const q = sentences[lang];
        expect(readQuery(q, vocab, findDates(readers[lang], q, now)), `${lang} ${name}`).toEqual(readQuery(q, vocab));
      }
    }
    const vocab = vocabulary('superadmin', 'en', tr('en'), tr('en'));
    const q = 'payments last 30 days';
    expect(readQuery(q, vocab, findDates(chronoEn.GB, q, now))?.period?.period).toEqual({ kind: 'lastDays', days: 30 });
  });
});
