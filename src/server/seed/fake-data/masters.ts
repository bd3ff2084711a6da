/** Master lists as an Indian healthcare platform keeps them. */
export const RELATIONSHIPS = ['Spouse', 'Son', 'Daughter', 'Father', 'Mother', 'Brother', 'Sister', 'Grandfather', 'Grandmother', 'Father-in-law', 'Mother-in-law', 'Guardian'];

export const QUALIFICATIONS: [string, 'undergraduate' | 'postgraduate' | 'diploma' | 'superspeciality' | 'fellowship'][] = [
  ['MBBS', 'undergraduate'], ['BDS', 'undergraduate'], ['BAMS', 'undergraduate'], ['BHMS', 'undergraduate'],
  ['MD', 'postgraduate'], ['MS', 'postgraduate'], ['MDS', 'postgraduate'], ['DNB', 'postgraduate'],
  ['DM', 'superspeciality'], ['MCh', 'superspeciality'],
  ['DCH', 'diploma'], ['DGO', 'diploma'], ['D.Ortho', 'diploma'], ['DOMS', 'diploma'],
  ['FNB', 'fellowship'], ['MRCP', 'fellowship'], ['FRCS', 'fellowship'],
];

export const DEPARTMENTS: [string, string][] = [
  ['Cardiology', 'CARD'], ['General Medicine', 'GENMED'], ['General Surgery', 'GENSURG'], ['Orthopaedics', 'ORTHO'],
  ['Paediatrics', 'PAED'], ['Obstetrics and Gynaecology', 'OBGYN'], ['Radiology', 'RAD'], ['Pathology', 'PATH'],
  ['Emergency Medicine', 'ER'], ['Anaesthesiology', 'ANAES'], ['Dermatology', 'DERM'], ['ENT', 'ENT'],
  ['Ophthalmology', 'OPHTH'], ['Dental Surgery', 'DENT'], ['Psychiatry', 'PSY'], ['Physiotherapy', 'PHYSIO'],
  ['Nephrology', 'NEPH'], ['Neurology', 'NEURO'], ['Oncology', 'ONCO'], ['Pulmonology', 'PULM'],
];

/** [speciality name (reference-data.ts), sub-speciality]. */
export const SUB_SPECIALITIES: [string, string][] = [
  ['Cardiology', 'Interventional cardiology'], ['Cardiology', 'Electrophysiology'], ['Cardiology', 'Paediatric cardiology'],
  ['Orthopaedics', 'Joint replacement'], ['Orthopaedics', 'Spine surgery'], ['Orthopaedics', 'Sports medicine'],
  ['Paediatrics', 'Neonatology'], ['Paediatrics', 'Paediatric neurology'],
  ['Dermatology', 'Cosmetic dermatology'], ['Dermatology', 'Trichology'],
  ['Gynaecology', 'Reproductive medicine (IVF)'], ['Gynaecology', 'Maternal-fetal medicine'],
  ['Ophthalmology', 'Retina'], ['Ophthalmology', 'Cornea'], ['Ophthalmology', 'Glaucoma'],
  ['ENT', 'Otology'], ['ENT', 'Rhinology'],
  ['Neurology', 'Epileptology'], ['Neurology', 'Stroke medicine'],
  ['Endocrinology', 'Diabetology'], ['Endocrinology', 'Thyroid disorders'],
  ['Dentistry', 'Orthodontics'], ['Dentistry', 'Endodontics'], ['Dentistry', 'Periodontics'],
  ['Psychiatry', 'Child and adolescent psychiatry'], ['Psychiatry', 'Addiction psychiatry'],
  ['Gastroenterology', 'Hepatology'], ['Nephrology', 'Dialysis and transplant'], ['Urology', 'Andrology'],
  ['Pulmonology', 'Sleep medicine'], ['General Medicine', 'Geriatric medicine'], ['General Medicine', 'Infectious diseases'],
];

/** [name, short name, state code (blank = national), website]. */
export const COUNCILS: [string, string, string | null, string | null][] = [
  ['National Medical Commission', 'NMC', null, 'https://www.nmc.org.in'],
  ['Dental Council of India', 'DCI', null, 'https://dciindia.gov.in'],
  ['Maharashtra Medical Council', 'MMC', 'MH', null], ['Karnataka Medical Council', 'KMC', 'KA', null],
  ['Tamil Nadu Medical Council', 'TNMC', 'TN', null], ['Delhi Medical Council', 'DMC', 'DL', null],
  ['West Bengal Medical Council', 'WBMC', 'WB', null], ['Gujarat Medical Council', 'GMC', 'GJ', null],
  ['Rajasthan Medical Council', 'RMC', 'RJ', null], ['Uttar Pradesh Medical Council', 'UPMC', 'UP', null],
  ['Travancore-Cochin Medical Council', 'TCMC', 'KL', null], ['Telangana State Medical Council', 'TSMC', 'TS', null],
  ['Andhra Pradesh Medical Council', 'APMC', 'AP', null], ['Madhya Pradesh Medical Council', 'MPMC', 'MP', null],
  ['Bihar Council of Medical Registration', 'BCMR', 'BR', null], ['Odisha Council of Medical Registration', 'OCMR', 'OD', null],
  ['Punjab Medical Council', 'PMC', 'PB', null], ['Haryana Medical Council', 'HMC', 'HR', null], ['Assam Medical Council', 'AMC', 'AS', null],
];

/** [label, minYears, maxYears (null = open-ended)]. */
export const EXPERIENCE_RANGES: [string, number, number | null][] = [
  ['0–2 years', 0, 2], ['2–5 years', 2, 5], ['5–10 years', 5, 10], ['10–15 years', 10, 15], ['15–20 years', 15, 20], ['20+ years', 20, null],
];

export const FOLLOWUP_PERIODS: [string, number][] = [
  ['3 days', 3], ['1 week', 7], ['10 days', 10], ['2 weeks', 14], ['3 weeks', 21], ['1 month', 30],
  ['6 weeks', 42], ['2 months', 60], ['3 months', 90], ['6 months', 180], ['1 year', 365],
];

/**
 * Kinds of add-on service: name, description, SAC and GST rate. Health care services are exempt (9993 at 0%); a
 * dietitian is not a medical practitioner under GST and a delivery is a courier service, so those two are taxed.
 */
export const ADDON_SERVICE_TYPES: [string, string, string, number][] = [
  ['Home sample collection', 'A phlebotomist collects blood and urine samples at home.', '9993', 0],
  ['Physiotherapy at home', 'Sessions with a registered physiotherapist at home.', '9993', 0],
  ['Nursing care at home', 'Injections, dressings and post-operative care by a nurse.', '9993', 0],
  ['Ambulance', 'Basic or advanced life support ambulance within city limits.', '9993', 0],
  ['ECG at home', 'A 12-lead ECG recorded at home and reported by a cardiologist.', '9993', 0],
  ['Vaccination', 'Adult and child vaccines as per the national schedule.', '9993', 0],
  ['Dietitian consultation', 'A personal diet plan from a qualified dietitian.', '9993', 18],
  ['Medicine home delivery', 'Prescribed medicines delivered the same day.', '9968', 18],
  ['Elderly care visit', 'A weekly check on vitals, medicines and wellbeing for senior citizens.', '9993', 0],
  ['Teleconsultation follow-up', 'A video follow-up with the treating doctor.', '9993', 0],
];

export interface DietRow { name: string; condition: string; calories: number; breakfast: string; lunch: string; dinner: string; snacks: string; notes: string }

export const DIET_SHEETS: DietRow[] = [
  { name: 'Diabetic diet, 1600 kcal', condition: 'Type 2 diabetes', calories: 1600, breakfast: 'Vegetable oats upma, one boiled egg or a bowl of sprouts, tea without sugar.', lunch: 'Two multigrain rotis, dal, mixed vegetable sabzi, salad, curd.', dinner: 'Two rotis or one cup brown rice, paneer or chicken curry, sautéed vegetables.', snacks: 'Roasted chana, one guava or apple, buttermilk.', notes: 'No sugar, sweets, fruit juices or maida. Eat at fixed times.' },
  { name: 'Low-salt diet', condition: 'Hypertension', calories: 1800, breakfast: 'Poha with peas and peanuts (no added salt), a glass of milk.', lunch: 'Rice, dal, lauki sabzi, cucumber salad with lemon.', dinner: 'Two rotis, moong dal, palak sabzi.', snacks: 'Fresh fruit, unsalted nuts.', notes: 'Under 5 g salt a day. Avoid pickles, papad, chips and processed foods.' },
  { name: 'Renal diet', condition: 'Chronic kidney disease', calories: 1800, breakfast: 'Rice flakes with a little milk, one apple.', lunch: 'Rice, leached vegetables, small portion of dal.', dinner: 'Two rotis, leached bottle gourd, egg white.', snacks: 'Rice puffs, pear.', notes: 'Limit potassium, phosphorus and fluids as advised by the nephrologist.' },
  { name: 'Weight-loss diet, 1400 kcal', condition: 'Obesity', calories: 1400, breakfast: 'Moong dal chilla with mint chutney, green tea.', lunch: 'One roti, dal, large salad, vegetable raita.', dinner: 'Grilled fish or tofu, stir-fried vegetables, clear soup.', snacks: 'Cucumber and carrot sticks, buttermilk.', notes: 'Walk 45 minutes a day. No fried food or sugary drinks.' },
  { name: 'High-protein diet', condition: 'Recovery after surgery', calories: 2200, breakfast: 'Two eggs or paneer bhurji, two slices of whole-wheat bread, milk.', lunch: 'Rice, rajma or chole, curd, salad.', dinner: 'Two rotis, chicken or soya curry, vegetables.', snacks: 'Sprouts chaat, a handful of nuts, milk.', notes: 'Protein at every meal; plenty of fluids.' },
  { name: 'Pregnancy diet, second trimester', condition: 'Pregnancy', calories: 2200, breakfast: 'Vegetable paratha with curd, one banana.', lunch: 'Rice, dal, green leafy sabzi, salad, buttermilk.', dinner: 'Two rotis, paneer or fish curry, vegetables.', snacks: 'Dates and nuts, fruit, a glass of milk.', notes: 'Iron and folic acid as prescribed. Avoid raw papaya and unpasteurised milk.' },
  { name: 'Heart-healthy diet', condition: 'Coronary artery disease', calories: 1800, breakfast: 'Oats porridge with skimmed milk and walnuts.', lunch: 'Two rotis, dal, vegetable curry, salad.', dinner: 'Brown rice, grilled fish or dal, vegetables.', snacks: 'Fruit, roasted flax seeds.', notes: 'Use mustard or groundnut oil sparingly; no ghee, butter or fried snacks.' },
  { name: 'Thyroid-friendly diet', condition: 'Hypothyroidism', calories: 1700, breakfast: 'Idli with sambar, coconut chutney.', lunch: 'Rice, dal, beans sabzi, curd.', dinner: 'Two rotis, egg curry or paneer, vegetables.', snacks: 'Fruit, a handful of Brazil nuts or almonds.', notes: 'Take thyroxine on an empty stomach, an hour before breakfast.' },
  { name: 'Iron-rich diet', condition: 'Iron-deficiency anaemia', calories: 2000, breakfast: 'Ragi dosa, peanut chutney, orange juice.', lunch: 'Rice, masoor dal, palak paneer, salad with lemon.', dinner: 'Bajra roti, chicken liver or rajma, vegetables.', snacks: 'Jaggery and roasted chana, dates.', notes: 'Vitamin C with meals helps iron absorption; no tea within an hour of meals.' },
  { name: 'Gluten-free diet', condition: 'Coeliac disease', calories: 1900, breakfast: 'Besan chilla, curd.', lunch: 'Rice, dal, vegetable curry, salad.', dinner: 'Jowar roti, paneer or chicken curry, vegetables.', snacks: 'Makhana, fruit.', notes: 'No wheat, barley, rye or foods made from them; check labels.' },
  { name: 'Low-purine diet', condition: 'Gout', calories: 1800, breakfast: 'Vegetable upma, low-fat milk.', lunch: 'Rice, moong dal, vegetables, curd.', dinner: 'Two rotis, vegetable curry, salad.', snacks: 'Cherries or other fruit, buttermilk.', notes: 'Avoid red meat, organ meat, seafood and alcohol; drink 3 litres of water.' },
  { name: 'Soft diet', condition: 'Elderly, chewing difficulty', calories: 1700, breakfast: 'Dalia porridge with milk.', lunch: 'Khichdi with curd, mashed vegetables.', dinner: 'Soft rotis soaked in dal, vegetable stew.', snacks: 'Banana, custard, soup.', notes: 'Small frequent meals; keep well hydrated.' },
];
