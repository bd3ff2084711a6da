/** Laboratory tests as an Indian diagnostic centre lists them: codes, sample, unit, adult reference range, price (₹), turnaround. */
export interface LabTestRow {
  name: string; code: string; category: 'haematology' | 'biochemistry' | 'immunology' | 'microbiology' | 'clinical_pathology' | 'hormones';
  sampleType: 'blood' | 'serum' | 'plasma' | 'urine' | 'stool' | 'swab' | 'sputum'; unit: string | null; referenceRange: string; price: number; turnaroundHours: number;
}

const t = (name: string, code: string, category: LabTestRow['category'], sampleType: LabTestRow['sampleType'], unit: string | null, referenceRange: string, price: number, turnaroundHours: number): LabTestRow =>
  ({ name, code, category, sampleType, unit, referenceRange, price, turnaroundHours });

export const LAB_TESTS: LabTestRow[] = [
  t('Haemoglobin', 'HB', 'haematology', 'blood', 'g/dL', 'Men 13.0–17.0; women 12.0–15.0', 100, 4),
  t('Complete blood count', 'CBC', 'haematology', 'blood', null, 'See report', 350, 6),
  t('Erythrocyte sedimentation rate', 'ESR', 'haematology', 'blood', 'mm/h', 'Men 0–15; women 0–20', 120, 4),
  t('Platelet count', 'PLT', 'haematology', 'blood', '×10³/µL', '150–410', 150, 4),
  t('HbA1c (glycated haemoglobin)', 'HBA1C', 'biochemistry', 'blood', '%', 'Below 5.7 (prediabetes 5.7–6.4)', 450, 12),
  t('Fasting blood sugar', 'FBS', 'biochemistry', 'plasma', 'mg/dL', '70–99', 80, 2),
  t('Post-prandial blood sugar', 'PPBS', 'biochemistry', 'plasma', 'mg/dL', 'Below 140', 80, 2),
  t('Lipid profile', 'LIPID', 'biochemistry', 'serum', 'mg/dL', 'Total cholesterol < 200; LDL < 100; HDL > 40; triglycerides < 150', 600, 12),
  t('Liver function test', 'LFT', 'biochemistry', 'serum', null, 'See report', 650, 12),
  t('Kidney function test', 'KFT', 'biochemistry', 'serum', null, 'See report', 600, 12),
  t('Serum creatinine', 'CREAT', 'biochemistry', 'serum', 'mg/dL', '0.7–1.3', 200, 6),
  t('Blood urea', 'UREA', 'biochemistry', 'serum', 'mg/dL', '15–40', 180, 6),
  t('Serum uric acid', 'URIC', 'biochemistry', 'serum', 'mg/dL', 'Men 3.5–7.2; women 2.6–6.0', 220, 6),
  t('Vitamin D (25-hydroxy)', 'VITD', 'biochemistry', 'serum', 'ng/mL', '30–100', 1200, 24),
  t('Vitamin B12', 'B12', 'biochemistry', 'serum', 'pg/mL', '211–911', 900, 24),
  t('Serum ferritin', 'FERR', 'biochemistry', 'serum', 'ng/mL', 'Men 24–336; women 11–307', 700, 24),
  t('Thyroid stimulating hormone', 'TSH', 'hormones', 'serum', 'µIU/mL', '0.4–4.0', 300, 12),
  t('Thyroid profile (T3, T4, TSH)', 'THY3', 'hormones', 'serum', null, 'See report', 550, 12),
  t('Prolactin', 'PRL', 'hormones', 'serum', 'ng/mL', 'Men 4–15; women 5–23', 500, 24),
  t('Beta hCG', 'BHCG', 'hormones', 'serum', 'mIU/mL', 'Below 5 (not pregnant)', 650, 12),
  t('C-reactive protein', 'CRP', 'immunology', 'serum', 'mg/L', 'Below 5', 400, 6),
  t('Dengue NS1 antigen', 'DENNS1', 'immunology', 'serum', null, 'Negative', 600, 6),
  t('Widal test', 'WIDAL', 'immunology', 'serum', null, 'Titre below 1:80', 200, 6),
  t('HIV 1 and 2 antibodies', 'HIV', 'immunology', 'serum', null, 'Non-reactive', 500, 24),
  t('Hepatitis B surface antigen', 'HBSAG', 'immunology', 'serum', null, 'Non-reactive', 400, 24),
  t('Urine routine and microscopy', 'URM', 'clinical_pathology', 'urine', null, 'See report', 150, 4),
  t('Stool routine examination', 'STOOL', 'clinical_pathology', 'stool', null, 'See report', 200, 24),
  t('Urine culture and sensitivity', 'UCS', 'microbiology', 'urine', 'CFU/mL', 'Below 10⁵', 800, 72),
  t('Blood culture and sensitivity', 'BCS', 'microbiology', 'blood', null, 'No growth', 1100, 120),
  t('Sputum for AFB', 'AFB', 'microbiology', 'sputum', null, 'Negative', 300, 48),
  t('Throat swab culture', 'TSC', 'microbiology', 'swab', null, 'No pathogens isolated', 700, 72),
];
