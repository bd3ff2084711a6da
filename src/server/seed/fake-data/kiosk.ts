/** Health ATM data: the tests a kiosk performs, test packages, reference ranges, calibration items. */
export const KIOSK_TESTS: { name: string; code: string; unit: string | null; price: number }[] = [
  { name: 'Blood pressure (systolic)', code: 'BPSYS', unit: 'mmHg', price: 30 },
  { name: 'Blood pressure (diastolic)', code: 'BPDIA', unit: 'mmHg', price: 0 },
  { name: 'Pulse rate', code: 'PULSE', unit: 'bpm', price: 20 },
  { name: 'Oxygen saturation (SpO2)', code: 'SPO2', unit: '%', price: 30 },
  { name: 'Body temperature', code: 'TEMP', unit: '°F', price: 20 },
  { name: 'Height', code: 'HT', unit: 'cm', price: 10 },
  { name: 'Weight', code: 'WT', unit: 'kg', price: 10 },
  { name: 'Body mass index', code: 'BMI', unit: 'kg/m²', price: 20 },
  { name: 'Random blood glucose', code: 'RBS', unit: 'mg/dL', price: 60 },
  { name: 'Haemoglobin', code: 'HB', unit: 'g/dL', price: 80 },
  { name: 'Total cholesterol', code: 'CHOL', unit: 'mg/dL', price: 120 },
  { name: 'Serum uric acid', code: 'URIC', unit: 'mg/dL', price: 100 },
  { name: 'Body fat', code: 'FAT', unit: '%', price: 30 },
  { name: 'Peak expiratory flow', code: 'PEF', unit: 'L/min', price: 50 },
  { name: 'ECG (single lead)', code: 'ECG', unit: null, price: 150 },
  { name: 'Hearing screening', code: 'HEAR', unit: 'dB HL', price: 50 },
];

export const KIOSK_PACKAGES: { name: string; description: string; tests: string[]; price: number }[] = [
  { name: 'Basic vitals', description: 'Blood pressure, pulse, SpO2, temperature, height, weight and BMI.', tests: ['BPSYS', 'BPDIA', 'PULSE', 'SPO2', 'TEMP', 'HT', 'WT', 'BMI'], price: 99 },
  { name: 'Diabetes check', description: 'Random blood glucose with vitals and BMI.', tests: ['RBS', 'BPSYS', 'BPDIA', 'WT', 'BMI'], price: 149 },
  { name: 'Heart health', description: 'ECG, blood pressure, pulse and total cholesterol.', tests: ['ECG', 'BPSYS', 'BPDIA', 'PULSE', 'CHOL'], price: 299 },
  { name: 'Senior citizen check', description: 'Vitals, glucose, haemoglobin, ECG and hearing screening.', tests: ['BPSYS', 'BPDIA', 'PULSE', 'SPO2', 'RBS', 'HB', 'ECG', 'HEAR'], price: 449 },
  { name: "Women's wellness", description: 'Haemoglobin, BMI, body fat, blood pressure and glucose.', tests: ['HB', 'BMI', 'FAT', 'BPSYS', 'BPDIA', 'RBS'], price: 249 },
  { name: 'Railway staff annual check', description: 'The annual kiosk screening for running staff.', tests: ['BPSYS', 'BPDIA', 'PULSE', 'SPO2', 'HT', 'WT', 'BMI', 'RBS', 'HB', 'ECG', 'HEAR', 'PEF'], price: 499 },
  { name: 'Lung check', description: 'Peak expiratory flow and SpO2.', tests: ['PEF', 'SPO2', 'PULSE'], price: 99 },
  { name: 'Full body kiosk check', description: 'Every test the kiosk performs.', tests: ['BPSYS', 'BPDIA', 'PULSE', 'SPO2', 'TEMP', 'HT', 'WT', 'BMI', 'RBS', 'HB', 'CHOL', 'URIC', 'FAT', 'PEF', 'ECG', 'HEAR'], price: 699 },
];

export interface RangeRow {
  label: string; test: string; unit: string; gender: 'any' | 'male' | 'female'; ageMin: number; ageMax: number;
  low: number; high: number; criticalLow: number | null; criticalHigh: number | null;
}

export const REFERENCE_RANGES: RangeRow[] = [
  { label: 'Systolic pressure, adult', test: 'BPSYS', unit: 'mmHg', gender: 'any', ageMin: 18, ageMax: 120, low: 90, high: 120, criticalLow: 70, criticalHigh: 180 },
  { label: 'Diastolic pressure, adult', test: 'BPDIA', unit: 'mmHg', gender: 'any', ageMin: 18, ageMax: 120, low: 60, high: 80, criticalLow: 40, criticalHigh: 120 },
  { label: 'Pulse, adult', test: 'PULSE', unit: 'bpm', gender: 'any', ageMin: 18, ageMax: 120, low: 60, high: 100, criticalLow: 40, criticalHigh: 130 },
  { label: 'Pulse, child', test: 'PULSE', unit: 'bpm', gender: 'any', ageMin: 6, ageMax: 17, low: 70, high: 110, criticalLow: 50, criticalHigh: 150 },
  { label: 'SpO2, all ages', test: 'SPO2', unit: '%', gender: 'any', ageMin: 0, ageMax: 120, low: 95, high: 100, criticalLow: 88, criticalHigh: null },
  { label: 'Body temperature', test: 'TEMP', unit: '°F', gender: 'any', ageMin: 0, ageMax: 120, low: 97, high: 99, criticalLow: 95, criticalHigh: 103 },
  { label: 'BMI, adult (Asian cut-offs)', test: 'BMI', unit: 'kg/m²', gender: 'any', ageMin: 18, ageMax: 120, low: 18.5, high: 22.9, criticalLow: 16, criticalHigh: 40 },
  { label: 'Random glucose, adult', test: 'RBS', unit: 'mg/dL', gender: 'any', ageMin: 18, ageMax: 120, low: 70, high: 140, criticalLow: 54, criticalHigh: 300 },
  { label: 'Haemoglobin, adult male', test: 'HB', unit: 'g/dL', gender: 'male', ageMin: 18, ageMax: 120, low: 13, high: 17, criticalLow: 7, criticalHigh: 20 },
  { label: 'Haemoglobin, adult female', test: 'HB', unit: 'g/dL', gender: 'female', ageMin: 18, ageMax: 120, low: 12, high: 15, criticalLow: 7, criticalHigh: 20 },
  { label: 'Haemoglobin, child', test: 'HB', unit: 'g/dL', gender: 'any', ageMin: 6, ageMax: 17, low: 11.5, high: 15.5, criticalLow: 7, criticalHigh: 20 },
  { label: 'Total cholesterol, adult', test: 'CHOL', unit: 'mg/dL', gender: 'any', ageMin: 18, ageMax: 120, low: 125, high: 200, criticalLow: null, criticalHigh: 300 },
  { label: 'Uric acid, adult male', test: 'URIC', unit: 'mg/dL', gender: 'male', ageMin: 18, ageMax: 120, low: 3.5, high: 7.2, criticalLow: null, criticalHigh: 12 },
  { label: 'Uric acid, adult female', test: 'URIC', unit: 'mg/dL', gender: 'female', ageMin: 18, ageMax: 120, low: 2.6, high: 6, criticalLow: null, criticalHigh: 12 },
  { label: 'Body fat, adult male', test: 'FAT', unit: '%', gender: 'male', ageMin: 18, ageMax: 120, low: 8, high: 20, criticalLow: null, criticalHigh: null },
  { label: 'Body fat, adult female', test: 'FAT', unit: '%', gender: 'female', ageMin: 18, ageMax: 120, low: 21, high: 33, criticalLow: null, criticalHigh: null },
  { label: 'Peak flow, adult male', test: 'PEF', unit: 'L/min', gender: 'male', ageMin: 18, ageMax: 120, low: 450, high: 650, criticalLow: 150, criticalHigh: null },
  { label: 'Peak flow, adult female', test: 'PEF', unit: 'L/min', gender: 'female', ageMin: 18, ageMax: 120, low: 320, high: 470, criticalLow: 100, criticalHigh: null },
];

export const CALIBRATION_ITEMS: { name: string; intervalDays: number; description: string }[] = [
  { name: 'Blood pressure module calibration', intervalDays: 180, description: 'Cuff pressure checked against a reference manometer at 0, 100, 200 and 300 mmHg.' },
  { name: 'Pulse oximeter verification', intervalDays: 365, description: 'SpO2 and pulse checked with a patient simulator.' },
  { name: 'Glucometer control solution check', intervalDays: 30, description: 'Low and high control solutions read within their printed ranges.' },
  { name: 'Weighing scale calibration', intervalDays: 180, description: 'Checked with certified test weights of 20, 50 and 100 kg.' },
  { name: 'Stadiometer check', intervalDays: 365, description: 'Height rod checked against a certified rule.' },
  { name: 'Thermometer calibration', intervalDays: 180, description: 'Infrared thermometer checked against a black-body reference.' },
  { name: 'ECG simulator test', intervalDays: 180, description: 'Lead signal, gain and paper speed checked with an ECG simulator.' },
  { name: 'Haemoglobin meter QC', intervalDays: 30, description: 'Low, normal and high controls read within range.' },
  { name: 'Lipid analyser QC', intervalDays: 90, description: 'Control strips read within range.' },
  { name: 'Spirometer calibration', intervalDays: 90, description: 'Volume checked with a 3-litre calibration syringe.' },
];
