/** Lists that make people records look real: insurers, examination remarks, clinic timings, fees. */
export const INSURERS = ['Star Health', 'HDFC ERGO', 'ICICI Lombard', 'Niva Bupa', 'Care Health', 'New India Assurance', 'Aditya Birla Health', 'Tata AIG'];

export const CONSULTATION_FEES = [300, 400, 500, 600, 700, 800, 1000, 1200, 1500];

export const CLINIC_TIMINGS = ['Mon–Sat 10:00–13:00, 17:00–20:00', 'Mon–Fri 09:00–14:00', 'Mon–Sat 18:00–21:00', 'Tue–Sun 10:00–16:00', 'Mon, Wed, Fri 16:00–20:00'];

export const DOCTOR_BIOS = [
  'Special interest in preventive care and the management of lifestyle diseases.',
  'Trained at a government medical college; consults in person and by video.',
  'Focuses on evidence-based treatment and clear explanations for families.',
  'Has run health camps for railway staff and their families.',
  'Visiting consultant at two multi-speciality hospitals.',
];

export const DENTAL_REMARKS = [
  'Scaling and polishing advised.', 'Restoration of lower molar advised.', 'Oral hygiene instructions given.',
  'Review after six months.', 'Root canal treatment advised for upper premolar.', 'No active caries.',
];

export const EYE_REMARKS = [
  'Fit for duty.', 'Refraction advised; spectacles prescribed.', 'Early cataract in the left eye; review in 6 months.',
  'Colour vision test repeated with Ishihara plates.', 'Dry eye; lubricant drops advised.', 'Refer to ophthalmologist for fundus examination.',
];

export const CALIBRATION_AGENCIES = ['In-house biomedical team', 'Precision Calibration Labs (NABL)', 'MediCal Services', 'Accurate Instruments Pvt Ltd'];

export const DEVICE_MAKERS: [string, string][] = [
  ['Arogya Devices Pvt Ltd', 'AK-500'], ['MediKiosk Systems', 'MK-3'], ['Sanjeevani Health Tech', 'SH Pro 2'], ['VitalCheck India', 'VC-220'],
];
