/**
 * An amount in rupees as Indian invoices write it under the total figure: the Indian numbering (thousand, lakh,
 * crore), "Rupees … and … Paise Only". 1234567.5 → "Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven
 * and Fifty Paise Only". Printed by the invoice PDF and the console's print view alike.
 */
const ONES = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve',
  'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return n % 10 ? `${TENS[Math.floor(n / 10)]} ${ONES[n % 10]}` : TENS[n / 10];
}

/** 1–999. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number ≥ 1 in words: crores (themselves counted in words, however many), lakhs, thousands, the rest. */
function whole(n: number): string {
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${whole(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ].filter(Boolean).join(' ');
}

export function amountInWords(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`not an amount: ${amount}`);
  const inPaise = Math.round(amount * 100);
  const rupees = Math.floor(inPaise / 100);
  const paise = inPaise % 100;
  const rupeePart = `Rupees ${rupees ? whole(rupees) : 'Zero'}`;
  return paise ? `${rupeePart} and ${belowHundred(paise)} Paise Only` : `${rupeePart} Only`;
}
