import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A SIM card fitted in a kiosk device. The ICCID is 19–20 digits and unique. PIN and PUK are write-only:
 * stored, never sent back (the record says only whether they are set). `operator` is an enum of the
 * Indian mobile operators rather than free text, so that the list can filter by it.
 */
export const simirapin = defineEntity({
  name: 'simirapin',
  api: 'simirapin',
  table: 'sim_card',
  fields: {
    iccid: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^[0-9]{19,20}$/, message: 'Enter the 19 or 20 digits of the ICCID' }),
    mobileNumber: f.phone({ sortable: true, searchable: true }),
    operator: f.enum(['jio', 'airtel', 'vi', 'bsnl'], { required: true, sortable: true }),
    pin: f.secret({ pattern: /^[0-9]{4,8}$/ }),
    puk: f.secret({ pattern: /^[0-9]{8}$/ }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['iccid'],
  subtitleFields: ['mobileNumber', 'operator'],
  columns: ['iccid', 'mobileNumber', 'operator', 'status'],
  defaultSort: { field: 'iccid', dir: 'asc' },
  nav: { group: 'atm', order: 60 },
});
