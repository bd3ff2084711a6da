import { describe, expect, it } from 'vitest';
import { readQuery } from './read';
import { translate } from './test-i18n';
import { lookupsOf } from './use-reading';
import { vocabulary } from './vocabulary';

describe('the words left of a sentence are looked up among the people who have records of the kind asked for', () => {
  it('"payments varman": the patients and doctors some payment refers to', () => {
    const reading = readQuery('payments varman', vocabulary('superadmin', 'en', translate('en'), translate('en')))!;
    expect(lookupsOf(reading, 'superadmin')).toEqual([
      { run: 0, field: 'patient', entity: 'patients', q: 'varman', referredBy: 'payment.patient' },
      { run: 0, field: 'doctor', entity: 'doctor', q: 'varman', referredBy: 'payment.doctor' },
    ]);
  });

  it('"appointments dr deshpande": the doctors some appointment refers to', () => {
    const reading = readQuery('appointments dr deshpande', vocabulary('admin', 'en', translate('en'), translate('en')))!;
    expect(lookupsOf(reading, 'admin')).toEqual([{ run: 0, field: 'doctor', entity: 'doctor', q: 'deshpande', referredBy: 'appointments.doctor' }]);
  });
});
