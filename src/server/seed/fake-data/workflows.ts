/**
 * The words of the care-and-money demo records: why patients come, what the doctor prescribes for it (brand names
 * of fake-data/medicines.ts), which test the visit may add (names of lab-tests.ts, kiosk.ts, imaging.ts), what
 * patients write in reviews, and what centres raise in support tickets.
 */

export type TestKind = 'kiosk' | 'lab' | 'imaging';

export interface VisitReason {
  reason: string;
  /** Brand name, dose, days. */
  medicines: [string, string, number][];
  advice: string;
  /** A test the doctor may order at the visit. */
  test?: { kind: TestKind; name: string };
  /** Seen by video as often as in person. */
  remote?: boolean;
}

export const VISIT_REASONS: VisitReason[] = [
  {
    reason: 'Fever and body ache for three days', test: { kind: 'lab', name: 'Complete blood count' }, remote: true,
    medicines: [['Dolo 650', '1 tablet three times a day after food', 3]],
    advice: 'Drink plenty of fluids and rest. Come back if the fever lasts beyond three more days.',
  },
  {
    reason: 'Cough and cold', remote: true,
    medicines: [['Ascoril LS', '10 ml three times a day', 5], ['Montair LC', '1 tablet at night', 7]],
    advice: 'Steam inhalation twice a day; avoid cold drinks.',
  },
  {
    reason: 'Acidity and heartburn after meals', remote: true,
    medicines: [['Pan 40', '1 tablet before breakfast', 14]],
    advice: 'Small, regular meals; avoid spicy and oily food and late dinners.',
  },
  {
    reason: 'Diabetes follow-up', test: { kind: 'lab', name: 'HbA1c (glycated haemoglobin)' },
    medicines: [['Glycomet 500', '1 tablet twice a day after meals', 30]],
    advice: 'Walk 30 minutes a day; check fasting sugar once a week and bring the readings.',
  },
  {
    reason: 'Blood pressure review', test: { kind: 'kiosk', name: 'ECG (single lead)' },
    medicines: [['Telma 40', '1 tablet every morning', 30], ['Amlong 5', '1 tablet at night', 30]],
    advice: 'Cut down on salt; record the blood pressure twice a week.',
  },
  {
    reason: 'Thyroid follow-up', test: { kind: 'lab', name: 'Thyroid stimulating hormone' }, remote: true,
    medicines: [['Thyronorm 50', '1 tablet on an empty stomach every morning', 90]],
    advice: 'Take the tablet 30 minutes before tea or breakfast. Repeat TSH after three months.',
  },
  {
    reason: 'Sore throat and difficulty swallowing', remote: true,
    medicines: [['Azithral 500', '1 tablet once a day', 3], ['Dolo 650', '1 tablet when needed for fever', 3]],
    advice: 'Warm salt-water gargles three times a day.',
  },
  {
    reason: 'Sneezing and a runny nose every morning', remote: true,
    medicines: [['Allegra 120', '1 tablet once a day', 10]],
    advice: 'Keep the bedroom free of dust; wash pillow covers weekly.',
  },
  {
    reason: 'Knee pain while climbing stairs', test: { kind: 'imaging', name: 'X-ray knee AP and lateral' },
    medicines: [['Volini Gel', 'Apply thinly three times a day', 10]],
    advice: 'Quadriceps strengthening exercises daily; avoid squatting and sitting cross-legged.',
  },
  {
    reason: 'Burning while passing urine', test: { kind: 'lab', name: 'Urine routine and microscopy' },
    medicines: [['Zifi 200', '1 tablet twice a day', 7]],
    advice: 'Drink at least three litres of water a day; complete the course of antibiotics.',
  },
  {
    reason: 'Child with fever since last night', remote: true,
    medicines: [['Calpol 250', '5 ml every six hours when needed', 3]],
    advice: 'Sponge with lukewarm water if the fever is high; bring the child back if drowsy or not feeding.',
  },
  {
    reason: 'Red and itchy eyes',
    medicines: [['Moxicip', '1 drop four times a day', 7], ['Refresh Tears', '1 drop when needed', 14]],
    advice: 'Do not rub the eyes; wash hands often and use a separate towel.',
  },
  {
    reason: 'Cholesterol review', test: { kind: 'lab', name: 'Lipid profile' },
    medicines: [['Atorva 10', '1 tablet at night', 30], ['Ecosprin 75', '1 tablet after lunch', 30]],
    advice: 'Less fried food and red meat; brisk walking five days a week.',
  },
  {
    reason: 'Tiredness and weakness', test: { kind: 'lab', name: 'Vitamin D (25-hydroxy)' }, remote: true,
    medicines: [['Becosules', '1 capsule once a day', 30]],
    advice: 'Fifteen minutes of morning sun; green leafy vegetables and pulses every day.',
  },
  {
    reason: 'Cut on the hand while cooking',
    medicines: [['Betadine 5%', 'Apply twice a day after cleaning', 5], ['Soframycin', 'Apply at night', 5]],
    advice: 'Keep the wound dry; come back if it turns red, swollen or painful.',
  },
  {
    reason: 'Trouble sleeping and feeling anxious', remote: true,
    medicines: [['Alprax 0.25', '1 tablet at bedtime', 7]],
    advice: 'No screens an hour before bed; a fixed time to sleep and wake. Follow up in one week.',
  },
  {
    reason: 'Annual health check-up', test: { kind: 'kiosk', name: 'Random blood glucose' },
    medicines: [['Becosules', '1 capsule once a day', 15]],
    advice: 'Results are within normal limits. Repeat the check-up in a year.',
  },
  {
    reason: 'Chest congestion with wheezing', test: { kind: 'imaging', name: 'Chest X-ray PA view' },
    medicines: [['Ascoril LS', '10 ml three times a day', 7], ['Augmentin 625 Duo', '1 tablet twice a day', 5]],
    advice: 'Steam inhalation; come back at once if breathless at rest.',
  },
];

/** What a test's `values` say when done: a plausible result line per test name. */
export const TEST_RESULTS: Record<string, (n: (min: number, max: number, digits?: number) => string) => string> = {
  'Complete blood count': (n) => `Hb ${n(11, 16, 1)} g/dL; WBC ${n(4, 13, 1)} ×10³/µL; platelets ${n(150, 420)} ×10³/µL`,
  'HbA1c (glycated haemoglobin)': (n) => `HbA1c ${n(5.4, 9.8, 1)} %`,
  'Thyroid stimulating hormone': (n) => `TSH ${n(0.6, 7.5, 2)} µIU/mL`,
  'Urine routine and microscopy': (n) => `Pus cells ${n(2, 25)}/hpf; RBC ${n(0, 4)}/hpf; nitrite ${Number(n(0, 1)) ? 'positive' : 'negative'}`,
  'Lipid profile': (n) => `Total cholesterol ${n(150, 260)}; LDL ${n(80, 180)}; HDL ${n(32, 60)}; triglycerides ${n(90, 280)} mg/dL`,
  'Vitamin D (25-hydroxy)': (n) => `25-OH vitamin D ${n(8, 42, 1)} ng/mL`,
  'ECG (single lead)': (n) => `Sinus rhythm, rate ${n(62, 96)} bpm; no ST changes`,
  'Random blood glucose': (n) => `Random glucose ${n(82, 210)} mg/dL`,
  'Blood pressure (systolic)': (n) => `${n(106, 162)} mmHg`,
  'Pulse rate': (n) => `${n(58, 104)} bpm`,
  'Oxygen saturation (SpO2)': (n) => `${n(93, 100)} %`,
  'Body mass index': (n) => `${n(18, 33, 1)} kg/m²`,
  Haemoglobin: (n) => `${n(9.5, 16.5, 1)} g/dL`,
  'Total cholesterol': (n) => `${n(140, 260)} mg/dL`,
  'X-ray knee AP and lateral': () => 'Mild reduction of the medial joint space; small osteophytes. Early osteoarthritis.',
  'Chest X-ray PA view': () => 'Bronchovascular markings prominent in both lower zones. No consolidation or effusion.',
};

/** Tests people walk in for at a centre's kiosk, without a consultation. */
export const WALK_IN_TESTS = ['Blood pressure (systolic)', 'Pulse rate', 'Oxygen saturation (SpO2)', 'Body mass index', 'Random blood glucose', 'Haemoglobin', 'Total cholesterol', 'ECG (single lead)'];

export const CANCELLATION_REASONS = [
  'Patient is travelling that day', 'Patient felt better and no longer needs the visit', 'Doctor on leave',
  'Booked the wrong doctor by mistake', 'Clash with office hours', 'Family emergency', 'Centre closed for maintenance',
];

export const REVIEW_COMMENTS: Record<number, string[]> = {
  5: [
    'Very patient doctor, listened to everything and explained the medicines clearly.',
    'Excellent consultation. Fever came down in two days.',
    'On time, friendly staff, clean centre. Highly recommended.',
    'Explained the reports in simple words. Thank you, doctor.',
    'The video call was smooth and the prescription came on the app at once.',
  ],
  4: [
    'Good doctor, but the wait at the centre was about 30 minutes.',
    'Helpful advice on diet. Would visit again.',
    'Consultation was good; the payment link took a while to arrive.',
    'Thorough check-up. Parking near the centre is difficult.',
  ],
  3: [
    'Okay consultation, felt a little rushed.',
    'Doctor was fine but the centre was crowded.',
    'Medicines helped, but I had to ask twice for the advice in writing.',
  ],
  2: [
    'Waited more than an hour beyond my slot.',
    'The video call dropped twice and I had to explain everything again.',
  ],
  1: [
    'Doctor did not examine me properly and the staff were rude.',
    'Charged for a test I did not ask for. Very disappointed.',
    'Call me on 98XXXXXXXX for cheap medicines!!!',
  ],
};

export const VERIFICATION_DOCUMENTS = ['Registration certificate', 'MBBS degree certificate', 'Postgraduate degree certificate', 'Aadhaar card', 'PAN card'];

export const VERIFICATION_REJECTIONS = [
  'The registration certificate is blurred; upload a clear scan of both sides.',
  'The registration number does not match the state council register. Upload the renewed certificate.',
  'The degree certificate is missing. Upload it with the registration certificate.',
  'The name on the identity proof differs from the registration certificate; upload a gazette notification or affidavit.',
];

export interface TicketStory { subject: string; description: string; staff: string[]; admin: string[] }

/** Support tickets of centres: what the staff wrote, and the thread with the administrator who took it. */
export const TICKETS: TicketStory[] = [
  {
    subject: 'ECG module not printing reports', description: 'The Health ATM at our centre completes the ECG but the printer gives a blank strip.',
    staff: ['Restarted the kiosk twice, same result.', 'Paper roll replaced, still blank.'],
    admin: ['Please check the thermal paper is loaded shiny side up.', 'Engineer visit booked; the print head will be replaced.'],
  },
  {
    subject: 'Slot calendar shows the wrong doctor', description: 'Tomorrow’s morning slots show Dr Rao although Dr Iyer is on duty.',
    staff: ['Patients are calling to ask which doctor they will see.'], admin: ['Corrected the doctor on the slots; please confirm.', 'Bookings were kept, only the doctor changed.'],
  },
  {
    subject: 'Payment shown pending after UPI success', description: 'Patient paid by UPI and has the bank SMS, but the console shows the payment pending.',
    staff: ['Gateway reference is in the patient’s screenshot.'], admin: ['The gateway callback failed; reconciled manually.', 'Marked completed after the settlement file arrived.'],
  },
  {
    subject: 'Need a new staff login for the evening shift', description: 'A new nurse joins the evening shift from Monday and needs an fmc account.',
    staff: ['Her email is on the joining form sent yesterday.'], admin: ['Account created; she will get the sign-in email.'],
  },
  {
    subject: 'Kiosk BP cuff leaking air', description: 'The blood pressure cuff deflates before the reading completes.',
    staff: ['Readings fail about half the time.'], admin: ['A spare cuff is being couriered today.', 'Please send back the old cuff in the same box.'],
  },
  {
    subject: 'Invoice shows the wrong GST number', description: 'Printed invoices carry the old GSTIN of the centre.',
    staff: ['A corporate patient has asked for a corrected invoice.'], admin: ['GSTIN updated for new invoices; the corrected copy is attached.'],
  },
  {
    subject: 'Internet down at the centre', description: 'Broadband has been down since morning; the kiosk and console are offline.',
    staff: ['Using a mobile hotspot for now.'], admin: ['ISP complaint raised; the line will be fixed by evening.'],
  },
  {
    subject: 'Prescription printout cuts off the advice', description: 'Long advice text is cut off at the bottom of the printed prescription.',
    staff: ['Happens when there are more than four medicines.'], admin: ['Known issue; a fix goes out with the next release.', 'Meanwhile print in landscape.'],
  },
  {
    subject: 'Request to add a dietician to the centre', description: 'Many diabetic patients ask for a diet consultation; can we list a dietician?',
    staff: ['A dietician is available on Saturdays.'], admin: ['Please share her registration details to add her as a doctor.'],
  },
  {
    subject: 'Glucometer strips expired', description: 'The kiosk glucometer strips in stock expire this week.',
    staff: ['We have about 40 strips left.'], admin: ['New stock dispatched; expected in two days.'],
  },
  {
    subject: 'Patient data shows under the wrong family', description: 'A patient’s daughter appears under another patient’s family members.',
    staff: ['Both families share a surname and phone number.'], admin: ['The family member was moved to the right patient.'],
  },
  {
    subject: 'AC not working in the waiting area', description: 'The air conditioner in the waiting area stopped working; patients are uncomfortable.',
    staff: ['Technician says the compressor needs replacement.'], admin: ['Approved the repair; please share the invoice when done.'],
  },
];
