/** Reference data loaded on first start, whatever DEMO_DATA says: roles, states, languages, specialities. */
export const ROLE_ROWS = [
  { key: 'superadmin', name: 'Super admin', description: 'Everything, including the fmc-only and kiosk areas' },
  { key: 'admin', name: 'Admin', description: 'Everything except the fmc-only areas' },
  { key: 'doctor', name: 'Doctor', description: 'Family medical centre areas for doctors' },
  { key: 'fmc', name: 'FMC staff', description: 'Family medical centre areas' },
  { key: 'railway', name: 'Railway staff', description: 'Medicine, imaging, UDC, dentist and ophthalmology tests' },
] as const;

/** Name, letter code and GST state code (the first two digits of a GSTIN registered there). */
export const STATES: [string, string, string][] = [
  ['Andhra Pradesh', 'AP', '37'], ['Arunachal Pradesh', 'AR', '12'], ['Assam', 'AS', '18'], ['Bihar', 'BR', '10'], ['Chhattisgarh', 'CG', '22'],
  ['Goa', 'GA', '30'], ['Gujarat', 'GJ', '24'], ['Haryana', 'HR', '06'], ['Himachal Pradesh', 'HP', '02'], ['Jharkhand', 'JH', '20'],
  ['Karnataka', 'KA', '29'], ['Kerala', 'KL', '32'], ['Madhya Pradesh', 'MP', '23'], ['Maharashtra', 'MH', '27'], ['Manipur', 'MN', '14'],
  ['Meghalaya', 'ML', '17'], ['Mizoram', 'MZ', '15'], ['Nagaland', 'NL', '13'], ['Odisha', 'OD', '21'], ['Punjab', 'PB', '03'],
  ['Rajasthan', 'RJ', '08'], ['Sikkim', 'SK', '11'], ['Tamil Nadu', 'TN', '33'], ['Telangana', 'TS', '36'], ['Tripura', 'TR', '16'],
  ['Uttar Pradesh', 'UP', '09'], ['Uttarakhand', 'UK', '05'], ['West Bengal', 'WB', '19'], ['Delhi', 'DL', '07'], ['Jammu and Kashmir', 'JK', '01'],
  ['Ladakh', 'LA', '38'], ['Puducherry', 'PY', '34'], ['Chandigarh', 'CH', '04'],
];

/** A few real cities per state code, with a real pincode each, for demo data and realistic selects. */
export const CITIES: [string, string, string, string][] = [
  ['Mumbai', 'MH', '400001', 'Fort'], ['Pune', 'MH', '411001', 'Camp'], ['Nagpur', 'MH', '440001', 'Sitabuldi'],
  ['Bengaluru', 'KA', '560001', 'MG Road'], ['Mysuru', 'KA', '570001', 'Chamarajapuram'],
  ['Chennai', 'TN', '600001', 'Parrys'], ['Coimbatore', 'TN', '641001', 'Town Hall'],
  ['Hyderabad', 'TS', '500001', 'Abids'], ['New Delhi', 'DL', '110001', 'Connaught Place'],
  ['Kolkata', 'WB', '700001', 'BBD Bagh'], ['Ahmedabad', 'GJ', '380001', 'Bhadra'], ['Jaipur', 'RJ', '302001', 'MI Road'],
  ['Lucknow', 'UP', '226001', 'Hazratganj'], ['Kochi', 'KL', '682001', 'Fort Kochi'], ['Bhopal', 'MP', '462001', 'Jahangirabad'],
  ['Patna', 'BR', '800001', 'Gandhi Maidan'], ['Bhubaneswar', 'OD', '751001', 'Old Town'], ['Guwahati', 'AS', '781001', 'Pan Bazaar'],
  ['Chandigarh', 'CH', '160017', 'Sector 17'], ['Visakhapatnam', 'AP', '530001', 'One Town'],
];

export const LANGUAGES: [string, string, string][] = [
  ['English', 'en', 'English'], ['Hindi', 'hi', 'हिन्दी'], ['Bengali', 'bn', 'বাংলা'], ['Marathi', 'mr', 'मराठी'],
  ['Telugu', 'te', 'తెలుగు'], ['Tamil', 'ta', 'தமிழ்'], ['Gujarati', 'gu', 'ગુજરાતી'], ['Kannada', 'kn', 'ಕನ್ನಡ'],
  ['Malayalam', 'ml', 'മലയാളം'], ['Odia', 'or', 'ଓଡ଼ିଆ'], ['Punjabi', 'pa', 'ਪੰਜਾਬੀ'], ['Urdu', 'ur', 'اردو'],
];

export const SPECIALITIES: [string, string][] = [
  ['General Medicine', 'Diagnosis and non-surgical treatment of adult illness'],
  ['Paediatrics', 'Care of infants, children and adolescents'],
  ['Cardiology', 'Heart and blood vessel disorders'],
  ['Dermatology', 'Skin, hair and nail conditions'],
  ['Orthopaedics', 'Bones, joints, ligaments and muscles'],
  ['Gynaecology', "Women's reproductive health"],
  ['ENT', 'Ear, nose and throat'],
  ['Ophthalmology', 'Eye care and vision'],
  ['Psychiatry', 'Mental health'],
  ['Dentistry', 'Teeth and oral health'],
  ['Neurology', 'Brain, spine and nerves'],
  ['Endocrinology', 'Diabetes, thyroid and hormone disorders'],
  ['Pulmonology', 'Lungs and breathing'],
  ['Gastroenterology', 'Digestive system'],
  ['Nephrology', 'Kidney disorders'],
  ['Urology', 'Urinary tract and male reproductive organs'],
];
