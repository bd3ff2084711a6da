/** Real Indian brands with their generic names, forms, strengths, makers, packs, MRPs (₹, approximate) and schedules. */
export interface MedicineRow {
  name: string; genericName: string; form: 'tablet' | 'capsule' | 'syrup' | 'injection' | 'ointment' | 'drops';
  strength: string; manufacturer: string; packSize: string; price: number; schedule: 'otc' | 'schedule_h' | 'schedule_h1' | 'schedule_x';
}

const m = (name: string, genericName: string, form: MedicineRow['form'], strength: string, manufacturer: string, packSize: string, price: number, schedule: MedicineRow['schedule']): MedicineRow =>
  ({ name, genericName, form, strength, manufacturer, packSize, price, schedule });

export const MEDICINES: MedicineRow[] = [
  m('Dolo 650', 'Paracetamol', 'tablet', '650 mg', 'Micro Labs', '15 tablets', 33.6, 'otc'),
  m('Crocin Advance', 'Paracetamol', 'tablet', '500 mg', 'GSK', '20 tablets', 30, 'otc'),
  m('Augmentin 625 Duo', 'Amoxicillin + Clavulanic acid', 'tablet', '500 mg + 125 mg', 'GSK', '10 tablets', 223.4, 'schedule_h'),
  m('Azithral 500', 'Azithromycin', 'tablet', '500 mg', 'Alembic', '5 tablets', 119.5, 'schedule_h'),
  m('Pan 40', 'Pantoprazole', 'tablet', '40 mg', 'Alkem', '15 tablets', 155, 'schedule_h'),
  m('Glycomet 500', 'Metformin', 'tablet', '500 mg', 'USV', '20 tablets', 26.5, 'schedule_h'),
  m('Telma 40', 'Telmisartan', 'tablet', '40 mg', 'Glenmark', '30 tablets', 229, 'schedule_h'),
  m('Amlong 5', 'Amlodipine', 'tablet', '5 mg', 'Micro Labs', '30 tablets', 52, 'schedule_h'),
  m('Ecosprin 75', 'Aspirin', 'tablet', '75 mg', 'USV', '14 tablets', 5.5, 'schedule_h'),
  m('Atorva 10', 'Atorvastatin', 'tablet', '10 mg', 'Zydus', '15 tablets', 98, 'schedule_h'),
  m('Thyronorm 50', 'Levothyroxine', 'tablet', '50 mcg', 'Abbott', '120 tablets', 190, 'schedule_h'),
  m('Montair LC', 'Montelukast + Levocetirizine', 'tablet', '10 mg + 5 mg', 'Cipla', '15 tablets', 260, 'schedule_h'),
  m('Allegra 120', 'Fexofenadine', 'tablet', '120 mg', 'Sanofi', '10 tablets', 210, 'schedule_h'),
  m('Zifi 200', 'Cefixime', 'tablet', '200 mg', 'FDC', '10 tablets', 105, 'schedule_h1'),
  m('Alprax 0.25', 'Alprazolam', 'tablet', '0.25 mg', 'Torrent', '15 tablets', 35, 'schedule_h1'),
  m('Ritalin 10', 'Methylphenidate', 'tablet', '10 mg', 'Novartis', '10 tablets', 120, 'schedule_x'),
  m('Omez 20', 'Omeprazole', 'capsule', '20 mg', "Dr. Reddy's", '20 capsules', 58, 'schedule_h'),
  m('Becosules', 'Vitamin B complex with vitamin C', 'capsule', 'Multivitamin', 'Pfizer', '20 capsules', 47, 'otc'),
  m('Tramazac 50', 'Tramadol', 'capsule', '50 mg', 'Zydus', '10 capsules', 60, 'schedule_h1'),
  m('Calpol 250', 'Paracetamol', 'syrup', '250 mg/5 ml', 'GSK', '60 ml', 42, 'otc'),
  m('Benadryl Cough Formula', 'Diphenhydramine + Ammonium chloride', 'syrup', '14.08 mg/5 ml', 'Johnson & Johnson', '150 ml', 125, 'otc'),
  m('Ascoril LS', 'Ambroxol + Levosalbutamol + Guaifenesin', 'syrup', '30 mg + 1 mg + 50 mg/10 ml', 'Glenmark', '100 ml', 118, 'schedule_h'),
  m('Human Mixtard 30/70', 'Insulin human (premixed)', 'injection', '40 IU/ml', 'Novo Nordisk', '10 ml vial', 172, 'schedule_h'),
  m('Monocef 1g', 'Ceftriaxone', 'injection', '1 g', 'Aristo', '1 vial', 62, 'schedule_h'),
  m('Betadine 5%', 'Povidone-iodine', 'ointment', '5% w/w', 'Win-Medicare', '20 g', 120, 'otc'),
  m('Soframycin', 'Framycetin', 'ointment', '1% w/w', 'Sanofi', '30 g', 65, 'otc'),
  m('Volini Gel', 'Diclofenac', 'ointment', '1.16% w/w', 'Sun Pharma', '30 g', 140, 'otc'),
  m('Moxicip', 'Moxifloxacin', 'drops', '0.5% w/v', 'Cipla', '5 ml', 98, 'schedule_h'),
  m('Ciplox Eye/Ear Drops', 'Ciprofloxacin', 'drops', '0.3% w/v', 'Cipla', '10 ml', 20, 'schedule_h'),
  m('Refresh Tears', 'Carboxymethylcellulose', 'drops', '0.5% w/v', 'Allergan', '10 ml', 185, 'otc'),
];
