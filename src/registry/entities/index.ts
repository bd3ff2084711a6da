import type { EntityDef } from '../entity';
import { addonservices } from './addonservices';
import { appointments } from './appointments';
import { automationEntity } from './automation';
import { fmctests } from './fmctests';
import { invoices } from './invoices';
import { payment } from './payment';
import { payout } from './payout';
import { requestVerification } from './request-verification';
import { reviews } from './reviews';
import { supportTicket } from './support-ticket';
import { addonservicesmaster } from './addonservicesmaster';
import { adminUser } from './admin-user';
import { atm } from './atm';
import { atmdevice } from './atmdevice';
import { atmgroup } from './atmgroup';
import { atmgroupmaster } from './atmgroupmaster';
import { atmmaster } from './atmmaster';
import { callibrationInventory } from './callibration-inventory';
import { callibrationInventoryMaster } from './callibration-inventory-master';
import { city } from './city';
import { contactUs } from './contact-us';
import { about, atmterms, cancelRefundPolicy, privacyPolicy, vision } from './content-page';
import { dentisttest } from './dentisttest';
import { department } from './department';
import { dietsheet } from './dietsheet';
import { doctor } from './doctor';
import { ecgkey } from './ecgkey';
import { educationalCategory } from './educational-category';
import { experience } from './experience';
import { faq } from './faq';
import { features } from './features';
import { fmc } from './fmc';
import { fmcslots } from './fmcslots';
import { followupPeriod } from './followup-period';
import { g4sfmc } from './g4sfmc';
import { imagingmaster } from './imagingmaster';
import { imglocation } from './imglocation';
import { imgtesttype } from './imgtesttype';
import { languages } from './languages';
import { medicine } from './medicine';
import { membershipcard } from './membershipcard';
import { notification } from './notification';
import { opthlmotest } from './opthlmotest';
import { patients } from './patients';
import { rangemaster } from './rangemaster';
import { pincode } from './pincode';
import { registerCouncil } from './register-council';
import { relationships } from './relationships';
import { roles } from './roles';
import { simirapin } from './simirapin';
import { speciality } from './speciality';
import { specialitys } from './specialitys';
import { state } from './state';
import { udctest } from './udctest';

/** Every declared entity but the rules. Adding an entity is adding its file and one line here. */
const RECORDS: readonly EntityDef[] = [
  // foundation
  speciality, languages, roles, state, city, pincode, adminUser,
  // master data
  specialitys, experience, registerCouncil, followupPeriod, relationships, department, educationalCategory, features,
  // people
  doctor, patients,
  // family medical centres
  fmc, fmcslots, g4sfmc, addonservicesmaster, addonservices,
  // medicine and tests
  medicine, udctest, dentisttest, opthlmotest,
  // kiosks and inventory
  simirapin, atm, atmdevice, ecgkey, atmmaster, atmgroupmaster, atmgroup, callibrationInventoryMaster, callibrationInventory, rangemaster, dietsheet,
  // imaging
  imgtesttype, imglocation, imagingmaster,
  // membership, campaigns, content
  membershipcard, notification, about, vision, faq, contactUs, privacyPolicy, cancelRefundPolicy, atmterms,
  // care and money, and the centres' operations
  appointments, payment, payout, invoices, reviews, requestVerification, fmctests, supportTicket,
];

/** Every entity: the records, and the rules that watch them (made from them: entities/automation.ts). */
export const ENTITIES: readonly EntityDef[] = [...RECORDS, automationEntity(RECORDS)];
