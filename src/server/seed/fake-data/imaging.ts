/** Imaging modalities and tests with Indian prices (₹, approximate) and the preparation patients are told. */
export const IMAGING_TYPES: { name: string; code: string; description: string }[] = [
  { name: 'X-ray', code: 'XR', description: 'Plain radiography.' },
  { name: 'CT scan', code: 'CT', description: 'Computed tomography, plain or contrast-enhanced.' },
  { name: 'MRI', code: 'MRI', description: 'Magnetic resonance imaging.' },
  { name: 'Ultrasound (USG)', code: 'USG', description: 'Ultrasonography.' },
  { name: 'Doppler', code: 'DOPPLER', description: 'Doppler ultrasound of blood vessels.' },
  { name: 'Mammography', code: 'MAMMO', description: 'Low-dose X-ray of the breasts.' },
  { name: 'DEXA scan', code: 'DEXA', description: 'Bone mineral density.' },
  { name: 'Fluoroscopy', code: 'FLUORO', description: 'Real-time X-ray studies such as barium swallow.' },
  { name: 'PET-CT', code: 'PETCT', description: 'Positron emission tomography with CT.' },
  { name: 'Dental OPG', code: 'OPG', description: 'Panoramic dental X-ray.' },
];

const NONE = 'No preparation needed. Remove metal objects and jewellery.';
const FAST = 'Fast for 4–6 hours. Bring a kidney function report from the last 30 days (contrast study).';
const MRI = 'Remove all metal. Tell the staff about pacemakers, implants or claustrophobia.';

export const IMAGING_TESTS: { name: string; type: string; price: number; preparation: string }[] = [
  { name: 'Chest X-ray PA view', type: 'XR', price: 400, preparation: NONE },
  { name: 'X-ray knee AP and lateral', type: 'XR', price: 500, preparation: NONE },
  { name: 'X-ray lumbosacral spine', type: 'XR', price: 650, preparation: NONE },
  { name: 'CT brain (plain)', type: 'CT', price: 2500, preparation: NONE },
  { name: 'HRCT chest', type: 'CT', price: 4000, preparation: NONE },
  { name: 'CECT abdomen and pelvis', type: 'CT', price: 6500, preparation: FAST },
  { name: 'MRI brain', type: 'MRI', price: 6500, preparation: MRI },
  { name: 'MRI lumbar spine', type: 'MRI', price: 7000, preparation: MRI },
  { name: 'MRI knee', type: 'MRI', price: 7000, preparation: MRI },
  { name: 'USG abdomen and pelvis', type: 'USG', price: 1200, preparation: 'Fast for 6 hours. Drink 4–5 glasses of water an hour before and do not pass urine.' },
  { name: 'USG obstetric anomaly scan', type: 'USG', price: 2000, preparation: 'Bring earlier scan reports. No fasting needed.' },
  { name: 'USG thyroid', type: 'USG', price: 1100, preparation: NONE },
  { name: 'Carotid Doppler', type: 'DOPPLER', price: 2500, preparation: NONE },
  { name: 'Venous Doppler, lower limb', type: 'DOPPLER', price: 2800, preparation: NONE },
  { name: 'Mammography, both breasts', type: 'MAMMO', price: 2200, preparation: 'Do not use deodorant or talc on the day. Best a week after the period.' },
  { name: 'DEXA bone density', type: 'DEXA', price: 2500, preparation: 'Stop calcium supplements 24 hours before.' },
  { name: 'Barium swallow', type: 'FLUORO', price: 1800, preparation: 'Nothing to eat or drink for 6 hours.' },
  { name: 'PET-CT whole body', type: 'PETCT', price: 22000, preparation: 'Fast for 6 hours; diabetics bring their glucose readings.' },
  { name: 'OPG dental X-ray', type: 'OPG', price: 450, preparation: NONE },
];

export const IMAGING_CENTRE_SUFFIXES = ['Imaging Centre', 'Scan Centre', 'Diagnostics', 'Radiology', 'MRI and CT Centre'];
