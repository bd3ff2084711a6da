/** The apps' texts: features, questions, contact points, content pages and notification campaigns. */
export const FEATURES: [string, string][] = [
  ['Video consultations', 'See a verified doctor over a secure video call, from home.'],
  ['Clinic appointments', 'Book a visit at a nearby clinic or family medical centre and skip the queue.'],
  ['Family profiles', 'Keep the health records of your whole family in one account.'],
  ['E-prescriptions', 'Get digital prescriptions you can show at any pharmacy.'],
  ['Lab tests at home', 'Book tests and have samples collected at your doorstep.'],
  ['Health records', 'Reports, prescriptions and visit notes, always with you.'],
  ['Medicine reminders', 'Never miss a dose: reminders for every prescription.'],
  ['Health ATM check-ups', 'Quick vitals and screening tests at a kiosk near you.'],
  ['Membership plans', 'Save on consultations and tests with a yearly plan.'],
  ['Help around the clock', 'Talk to our care team any time, in your language.'],
];

export const FAQS: { question: string; answer: string; category: 'general' | 'appointments' | 'payments' | 'account' | 'technical' }[] = [
  { question: 'How do I book a video consultation?', answer: '<p>Open <strong>Doctors</strong>, choose a speciality and a doctor, then pick a free time. You get a link 10 minutes before the call.</p>', category: 'appointments' },
  { question: 'Can I reschedule or cancel an appointment?', answer: '<p>Yes, up to 2 hours before the appointment, from <em>My appointments</em>. See the cancellation and refund policy for refunds.</p>', category: 'appointments' },
  { question: 'What happens if the doctor misses the call?', answer: '<p>The appointment is marked missed and you can rebook free of charge or get a full refund.</p>', category: 'appointments' },
  { question: 'How do refunds work?', answer: '<p>Refunds go back to the original payment method within 5–7 working days.</p>', category: 'payments' },
  { question: 'Which payment methods are accepted?', answer: '<ul><li>UPI</li><li>Credit and debit cards</li><li>Net banking</li><li>Wallets</li></ul>', category: 'payments' },
  { question: 'Will I get an invoice?', answer: '<p>Every payment has a GST invoice under <em>Payments</em>, ready to download.</p>', category: 'payments' },
  { question: 'How do I add family members?', answer: '<p>Go to <em>Profile → Family members</em> and add each member with their relationship and date of birth.</p>', category: 'account' },
  { question: 'How do I change my phone number?', answer: '<p>Write to the helpline from your registered email; we verify the new number with an OTP.</p>', category: 'account' },
  { question: 'Are my health records private?', answer: '<p>Only you and the doctors you consult can see them. See the privacy policy for details.</p>', category: 'general' },
  { question: 'What is a Health ATM?', answer: '<p>A kiosk that measures blood pressure, SpO2, glucose, haemoglobin and more in about 10 minutes, with results sent to your phone.</p>', category: 'general' },
  { question: 'The app does not load. What should I do?', answer: '<p>Update the app, check your internet connection and restart your phone. If it still fails, contact support.</p>', category: 'technical' },
  { question: 'Why am I not getting notifications?', answer: '<p>Allow notifications for the app in your phone settings and turn off battery optimisation for it.</p>', category: 'technical' },
];

export const CONTACT_POINTS: { label: string; email: string; phone: string; address: string | null; hours: string }[] = [
  { label: 'Patient helpline', email: 'care@healthdemo.in', phone: '1800 419 2020', address: null, hours: 'Every day, 24 hours' },
  { label: 'Doctor support desk', email: 'doctors@healthdemo.in', phone: '+91 80 4718 2200', address: null, hours: 'Mon–Sat 08:00–22:00' },
  { label: 'Billing and refunds', email: 'billing@healthdemo.in', phone: '+91 80 4718 2300', address: null, hours: 'Mon–Fri 09:30–18:00' },
  { label: 'Grievance officer', email: 'grievance@healthdemo.in', phone: '+91 80 4718 2400', address: '3rd Floor, Prestige Tower, Residency Road, Bengaluru 560025', hours: 'Mon–Fri 10:00–17:00' },
  { label: 'Health ATM support', email: 'kiosk@healthdemo.in', phone: '+91 22 6120 3300', address: null, hours: 'Every day, 07:00–21:00' },
  { label: 'Corporate and railway partnerships', email: 'partners@healthdemo.in', phone: '+91 11 4567 8900', address: 'Plot 12, Institutional Area, Sector 44, Gurugram 122003', hours: 'Mon–Fri 10:00–18:00' },
];

/** Each content page's title and its paragraphs (rich text is built from them). */
export const CONTENT_PAGES: Record<string, { title: string; paragraphs: string[] }> = {
  about: { title: 'About us', paragraphs: [
    'We connect patients with verified doctors, family medical centres and diagnostic services across India.',
    'Our network includes thousands of doctors in every major speciality, Health ATM kiosks at railway stations and depots, and partner laboratories.',
    'We are here to make good care easy to reach, affordable and available in your language.',
  ] },
  vision: { title: 'Our vision', paragraphs: [
    'A healthier India where every family has a trusted doctor one tap away.',
    'We believe prevention beats cure: regular screening at kiosks and centres finds disease early, when it is easiest to treat.',
  ] },
  privacyPolicy: { title: 'Privacy policy', paragraphs: [
    'We collect only the information needed to provide care: your contact details, health records you share and payment references.',
    'Health records are encrypted and shared only with the doctors and centres you choose, as the Digital Personal Data Protection Act, 2023 requires.',
    'You may ask for a copy of your data, or for its deletion, by writing to the grievance officer.',
  ] },
  cancelRefundPolicy: { title: 'Cancellation and refund policy', paragraphs: [
    'You may cancel a consultation up to 2 hours before it starts for a full refund.',
    'If the doctor misses the appointment, you get a full refund or a free rebooking.',
    'Lab tests cancelled before the sample is collected are refunded in full. Refunds reach the original payment method within 5–7 working days.',
  ] },
  atmterms: { title: 'Health ATM terms of use', paragraphs: [
    'Kiosk results are for screening only and are not a diagnosis. Please consult a doctor about any abnormal result.',
    'Follow the on-screen instructions and the attendant. Do not use the kiosk if you have a pacemaker (body-fat measurement).',
    'Your results are stored in your health record and sent to your registered phone number.',
  ] },
};

export const CAMPAIGNS: { title: string; body: string; audience: 'all' | 'doctor' | 'patient' | 'fmc'; channel: 'push' | 'email' | 'sms' }[] = [
  { title: 'Complete your profile', body: 'Doctors with complete profiles get up to three times more consultations. Add your clinics and timings today.', audience: 'doctor', channel: 'push' },
  { title: 'Monsoon health tips', body: 'Prevent dengue and malaria: no standing water at home, use mosquito nets, and see a doctor for fever lasting two days.', audience: 'patient', channel: 'push' },
  { title: 'Free BP and sugar check this week', body: 'Visit any Health ATM between Monday and Saturday for a free blood pressure and glucose check.', audience: 'patient', channel: 'sms' },
  { title: 'New: video consultations in Tamil and Telugu', body: 'You can now consult doctors in Tamil and Telugu by video.', audience: 'all', channel: 'push' },
  { title: 'Update your clinic timings for Diwali', body: 'Please update your availability for the festival week so that patients can book correctly.', audience: 'doctor', channel: 'email' },
  { title: 'Add your family members', body: 'Book for your parents and children faster: add them to your profile once.', audience: 'patient', channel: 'push' },
  { title: 'Scheduled maintenance on Sunday', body: 'The apps will be unavailable on Sunday from 02:00 to 04:00 IST for maintenance.', audience: 'all', channel: 'email' },
  { title: 'Flu vaccination camp', body: 'Flu vaccines are available at your nearest family medical centre this month.', audience: 'patient', channel: 'sms' },
  { title: "Prescriptions missing for yesterday's consultations", body: 'Some of your consultations yesterday have no prescription. Please add them in the doctor app.', audience: 'doctor', channel: 'push' },
  { title: 'Monthly stock audit reminder', body: 'Please complete the medicine and consumables stock audit by the 5th.', audience: 'fmc', channel: 'email' },
  { title: 'Kiosk calibration due', body: 'Some kiosk devices at your centre are due for calibration. Check the calibration list.', audience: 'fmc', channel: 'push' },
  { title: 'World Heart Day offer', body: 'Heart health package at Health ATMs for ₹199 on 29 September.', audience: 'patient', channel: 'push' },
];
